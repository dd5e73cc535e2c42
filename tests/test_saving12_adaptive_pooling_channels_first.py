"""Adaptive pooling layers with data_format='channels_first' (batch, channels, *spatial), which Keras
3.15 on TensorFlow 2.21 computes; tapeflow refused it ("only channels_last"). Goldens: TF 2.21 running
/work/notes/progs/saving12/df/ap.py: output shape, values (6 decimals), the first six values of
d sum(y**2) / d input (5 decimals); tapeflow's are equal to those digits."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from framework.keras import layers


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


CASES = [
    ('AdaptiveAveragePooling1D', 2, (1, 3, 5), (1, 3, 2),
     [0.345301, 0.855289, 0.760628, 0.172449, -0.764545, -0.95034],
     [0.2302, 0.2302, 0.80039, 0.57019, 0.57019, 0.50709]),
    ('AdaptiveMaxPooling2D', (2, 3), (1, 2, 5, 4), (1, 2, 2, 3),
     [0.995881, 0.961275, 0.895699, 0.180596, 0.36796, 0.679305, 0.996476, 0.996476, 0.959375, 0.901676, 0.997024, 0.997024],
     [0.0, 0.0, 0.0, 1.7914, 1.99176, 1.92255]),
    ('AdaptiveAveragePooling3D', 2, (1, 2, 3, 3, 5), (1, 2, 2, 2, 2),
     [0.429556, 0.533944, 0.190593, -0.19741, 0.104072, 0.431736, 0.477244, 0.187171, -0.512591, -0.271749, 0.293498, 0.51956, -0.486864, -0.5115, -0.082471, 0.296551],
     [0.07159, 0.07159, 0.16058, 0.08899, 0.08899, 0.10336]),
    ('AdaptiveMaxPooling1D', 3, (2, 2, 7), (2, 2, 3),
     [0.674288, 0.995881, 0.995881, 0.524044, -0.187295, -0.800667, -0.355254, 0.36796, 0.898708, 0.996476, 0.792427, 0.173889],
     [0.0, 0.0, 1.34858, 0.0, 3.98352, 0.0]),
]


@pytest.mark.parametrize('name, size, shape, out_shape, values, input_grad', CASES)
def test_adaptive_pooling_channels_first_matches_keras(name, size, shape, out_shape, values, input_grad):
    layer = getattr(layers, name)(size, data_format='channels_first')
    x = tf.constant(_det(shape, 0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        s = tf.reduce_sum(y ** 2)
    assert tuple(y.shape) == out_shape == layer.compute_output_shape(shape)
    np.testing.assert_allclose(np.asarray(y).ravel(), values, atol=1e-6)
    np.testing.assert_allclose(np.asarray(tape.gradient(s, x)).ravel()[:6], input_grad, atol=1e-5)
    config = layer.get_config()
    assert config['data_format'] == 'channels_first'
    assert type(layer).from_config(config).compute_output_shape(shape) == out_shape


@pytest.mark.parametrize('name, size, shape', [(c[0], c[1], c[2]) for c in CASES if 'Average' in c[0]])
def test_adaptive_average_channels_first_gradients_match_central_differences(name, size, shape):
    layer = getattr(layers, name)(size, data_format='channels_first', dtype='float64')
    check_gradients(layer, [_det(shape, 0).astype('float64')])
