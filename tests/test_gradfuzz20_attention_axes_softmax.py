"""MultiHeadAttention(attention_axes=(1, 2)) normalizes its scores with Keras 3's Softmax over the tuple of key
axes, exp(x - logsumexp(x, axes)); tapeflow flattened the axes into one and took a single-axis softmax, whose bits
differ: 14 of 24 float32 outputs and 17 of 24 input-gradient values below.

Golden values printed by TF 2.21 with notes progs/gradfuzz20/gold5.py:

    rs = np.random.RandomState(41); x = tf.constant(rs.randn(1, 3, 2, 4).astype('float32'))
    layer = keras.layers.MultiHeadAttention(2, 2, attention_axes=(1, 2)); layer(x, x)
    layer.set_weights([(rs.randn(*w.shape) * 0.6).astype('float32') for w in layer.weights])
    with tf.GradientTape() as tape:
        tape.watch(x); y = layer(x, x)
        total = tf.reduce_sum(y * np.cos(np.arange(24) * 0.7 + 0.3).reshape(1, 3, 2, 4).astype('float32'))
    print([hex(int(v)) for v in y.numpy().view('uint32').ravel()])    # and tape.gradient(total, x)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

OUTPUT = [
    0xc02a3797, 0xbf5be7d8, 0x3ff6dd4e, 0xbf2e16ba, 0xbfdc7a84, 0xbea9ade7, 0x3e92ed16, 0xbff86678,
    0xc02de992, 0xbfaba0e0, 0x4021b97c, 0xbf8e778d, 0xbfd7edd6, 0xbeaf00a5, 0x3e833ed0, 0xc006f2f4,
    0xc008b519, 0x3f0c5980, 0xbe9fbb8c, 0xbf68d4a4, 0xc035b8b5, 0xbfa61400, 0x4025d1ef, 0xbf884d8a,
]
INPUT_GRADIENT = [
    0x3f29914a, 0x3ee9cd44, 0xbec42ee8, 0x3f3a608b, 0xbf03e8bc, 0xbeea929c, 0x3e87892e, 0xbf87b880,
    0xbdbd08d6, 0xbeb818c0, 0xbe1c3e45, 0x3f0af9e4, 0xbf185ed3, 0xbece72b1, 0x3e4ffec7, 0xbf1b7e4e,
    0xbebd085a, 0x3f0a683a, 0x3e8067c1, 0xbf8c85b3, 0xbe6b9160, 0xbf334fd3, 0xbf240ae4, 0x405ba6be,
]


@pytest.fixture
def exact_math():
    previous = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True
    yield
    eigen_math.ENABLED[0] = previous


def test_two_attention_axes_have_tf_bits(exact_math, xeon_cpu):
    # (the Xeon's oneDNN goldens: on the AVX2 EPYC TF's Eigen sums the projections as its MatMul)
    rs = np.random.RandomState(41)
    x = tf.constant(rs.randn(1, 3, 2, 4).astype('float32'))
    layer = keras.layers.MultiHeadAttention(2, 2, attention_axes=(1, 2))
    layer(x, x)
    layer.set_weights([(rs.randn(*w.shape) * 0.6).astype('float32') for w in layer.weights])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, x)
        total = tf.reduce_sum(y * np.cos(np.arange(24) * 0.7 + 0.3).reshape(1, 3, 2, 4).astype('float32'))
    assert [int(v) for v in y.numpy().view('uint32').ravel()] == OUTPUT
    assert [int(v) for v in tape.gradient(total, x).numpy().view('uint32').ravel()] == INPUT_GRADIENT
