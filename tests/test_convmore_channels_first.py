"""Depthwise and separable convolutions and the pooling layers with data_format='channels_first',
which Keras 3.15 on TensorFlow 2.21's CPU computes (its backend transposes to channels_last and
back; global pooling reduces the trailing axes), as tapeflow does.

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
    with pytest.raises(ValueError, match=r"The `data_format` argument must be one of \{'channels_first', "
                                         r"'channels_last'\}. Received: data_format=nchw\nDepthwiseConv2D"):
        layers.DepthwiseConv2D(2, data_format='NCHW')


# Pooling: Keras 3.15 / TF 2.21 on ``_det(shape, 0)``: output shape, its first 12 values, and
# sum((d sum(y**2) / d input)**2) rounded to 5 decimals.
POOL_CASES = [
    ('MaxPooling1D', {'pool_size': 2}, (1, 2, 5), (1, 2, 2),
     [0.361615, 0.895699, 0.961275, 0.524044], 8.52686),
    ('AveragePooling1D', {'pool_size': 2, 'strides': 1, 'padding': 'same'}, (1, 2, 5), (1, 2, 5),
     [0.180808, 0.517952, 0.784993, 0.94579, 0.995881, 0.87892, 0.660305, 0.35232, -0.003349, -0.187295], 18.27518),
    ('MaxPooling2D', {'pool_size': 2, 'padding': 'same'}, (1, 2, 3, 5), (1, 2, 2, 3),
     [0.961275, 0.895699, 0.995881, -0.529836, -0.963131, -0.892648, 0.996476, 0.959375, 0.679305, 0.173889,
      -0.535603, -0.964942], 33.38525),
    ('AveragePooling2D', {'pool_size': (2, 1)}, (1, 3, 4, 2), (1, 3, 2, 2),
     [0.337144, 0.628657, 0.896223, 0.74266, -0.17462, -0.493981, -0.927889, -0.83224, 0.006353, 0.34306,
      0.929042, 0.894451], 10.94528),
    ('MaxPooling3D', {'pool_size': 2}, (1, 2, 2, 3, 4), (1, 2, 1, 1, 2),
     [0.995881, 0.895699, 0.901676, 0.997024], 14.40452),
    ('AveragePooling3D', {'pool_size': 2, 'padding': 'same'}, (1, 2, 3, 3, 2), (1, 2, 2, 2, 1),
     [0.405689, 0.156663, -0.880065, -0.174219, 0.363122, -0.004468, -0.724286, 0.193959], 1.60783),
    ('GlobalAveragePooling1D', {}, (2, 3, 4), (2, 3),
     [0.482901, 0.819441, -0.3343, -0.880065, 0.174707, 0.911747], 2.65275),
    ('GlobalMaxPooling1D', {'keepdims': True}, (2, 3, 4), (2, 3, 1),
     [0.895699, 0.995881, 0.180596, -0.66924, 0.679305, 0.996476], 14.91588),
    ('GlobalAveragePooling2D', {'keepdims': True}, (1, 2, 3, 4), (1, 2, 1, 1),
     [0.322681, 0.068796], 0.03629),
    ('GlobalMaxPooling2D', {}, (1, 2, 3, 4), (1, 2),
     [0.995881, 0.996476], 7.93897),
    ('GlobalAveragePooling3D', {}, (1, 2, 2, 3, 2), (1, 2),
     [0.322681, 0.068796], 0.03629),
    ('GlobalMaxPooling3D', {'keepdims': True}, (1, 2, 2, 3, 2), (1, 2, 1, 1, 1),
     [0.995881, 0.996476], 7.93897),
]


@pytest.mark.parametrize('name, kwargs, shape, out_shape, want, grad_square_sum', POOL_CASES,
                         ids=[c[0] for c in POOL_CASES])
def test_channels_first_pooling_matches_keras(name, kwargs, shape, out_shape, want, grad_square_sum):
    layer = getattr(layers, name)(data_format='channels_first', **kwargs)
    x = tf.constant(_det(shape, 0.0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * y)
    assert tuple(y.shape) == tuple(layer.compute_output_shape(shape)) == out_shape
    np.testing.assert_allclose(y.numpy().ravel()[:12], want, atol=2e-6)
    assert abs(float(np.sum(tape.gradient(loss, x).numpy() ** 2)) - grad_square_sum) < 1e-4 * max(1, grad_square_sum)
    assert layer.get_config()['data_format'] == 'channels_first'


def test_channels_first_masked_global_average_pooling_1d():
    layer = layers.GlobalAveragePooling1D(data_format='channels_first')
    y = layer(tf.constant(_det((2, 3, 4), 1.0)), mask=tf.constant(np.array([[1, 1, 0, 1], [1, 0, 0, 0]], bool)))
    np.testing.assert_allclose(y.numpy(), [[0.893166, 0.156107, -0.864857],             # Keras 3.15
                                           [-0.746765, 0.594638, 0.854599]], atol=2e-6)
