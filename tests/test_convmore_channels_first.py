"""Depthwise and separable convolutions with data_format='channels_first', which Keras 3.15 on
TensorFlow 2.21's CPU computes (its backend transposes to channels_last and back), as tapeflow does.

Golden values: Keras 3.15 / TF 2.21 (CPU), each layer built on the input shape, ``set_weights``
with ``_det(w.shape, 1 + i)`` for its i-th weight, called on ``_det(input_shape, 0)``; the output
rounded to 6 decimals, and the first four values of d sum(y**2) / d input to 5.
(Keras 3.15 adds SeparableConv1D's channels_first bias along the wrong axis when the output's
filters and steps are equal; these cases avoid that square shape.)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


CASES = [
    ('DepthwiseConv1D', {'kernel_size': 3, 'depth_multiplier': 2, 'padding': 'same'}, (1, 2, 5), (1, 4, 5),
     [0.645297, 0.639195, 0.973939, 1.299934, 2.274845, 0.36178, 0.175646, 0.414463, 0.691557, 1.861274, -0.480913,
      0.752035, 0.954445, 1.08058, 0.583572, -1.131326, 0.020248, 0.318774, 0.578431, 0.267758],
     [2.42088, 1.72424, 3.71884, 7.27997]),
    ('DepthwiseConv2D', {'kernel_size': 2, 'strides': 2, 'dilation_rate': 2}, (1, 2, 5, 4), (1, 2, 2, 1),
     [1.72641, 0.291914, 2.601012, -1.18025], [2.90545, 0.0, 3.40351, 0.0]),
    ('SeparableConv1D', {'filters': 3, 'kernel_size': 2, 'strides': 2}, (1, 3, 5), (1, 3, 2),
     [1.131553, 2.464393, 0.261573, 1.724073, -0.64381, 0.750408], [1.61504, 1.64699, 6.28805, 6.41245]),
    ('SeparableConv2D', {'filters': 1, 'kernel_size': 2, 'padding': 'same'}, (1, 2, 3, 3), (1, 1, 3, 3),
     [0.557485, 0.73931, 0.468062, 0.846423, 0.757213, 0.368975, 0.550482, 0.465306, 0.283959],
     [0.85312, 2.13072, 2.04158, 1.91815]),
]


@pytest.mark.parametrize('name, kwargs, shape, out_shape, want, want_grad', CASES, ids=[c[0] for c in CASES])
def test_channels_first_matches_keras(name, kwargs, shape, out_shape, want, want_grad):
    layer = getattr(layers, name)(data_format='channels_first', **kwargs)
    layer.build(shape)
    layer.set_weights([_det(w.shape, 1.0 + i) for i, w in enumerate(layer.get_weights())])
    x = tf.constant(_det(shape, 0.0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * y)
    assert tuple(y.shape) == layer.compute_output_shape(shape) == out_shape
    np.testing.assert_allclose(y.numpy().ravel(), want, atol=2e-6)
    np.testing.assert_allclose(tape.gradient(loss, x).numpy().ravel()[:4], want_grad, atol=2e-5)
    config = layer.get_config()
    assert config['data_format'] == 'channels_first'
    assert type(layer).from_config(config).get_config() == config


def test_channels_first_model_builds_and_refuses_bad_formats():
    model = keras.Sequential([keras.Input((2, 6, 6)), layers.SeparableConv2D(2, 3, data_format='channels_first'),
                              layers.Flatten(), layers.Dense(1)])
    assert model.layers[0].output.shape == (None, 2, 4, 4)
    assert model.count_params() == 18 + 4 + 2 + 33
    with pytest.raises(ValueError, match="DepthwiseConv2D .*data_format must be 'channels_last' or 'channels_first'"):
        layers.DepthwiseConv2D(2, data_format='NCHW')
