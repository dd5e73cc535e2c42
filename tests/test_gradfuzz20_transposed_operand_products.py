"""Keras 3 multiplies by a transposed operand (ops.matmul(x, ops.transpose(y))) in SpectralNormalization's power
iteration and sigma and in OrthogonalRegularizer; tapeflow used matmul(..., transpose_b=True / transpose_a=True),
which TF sums in another order: 7 of 12 float32 outputs of a SpectralNormalization(Dense) training call, 3 of 20
OrthogonalRegularizer('rows') gradient values differed in the last bits.

Golden values printed by TF 2.21 with notes progs/gradfuzz20/gold4.py:

    rs = np.random.RandomState(31); W = tf.Variable(rs.randn(5, 4).astype('float32'))
    with tf.GradientTape() as tape:
        penalty = keras.regularizers.OrthogonalRegularizer(factor=0.3, mode='rows')(W)
    print([hex(int(v)) for v in tape.gradient(penalty, W).numpy().view('uint32').ravel()])
    x = tf.constant(rs.randn(3, 5).astype('float32'))
    layer = keras.layers.SpectralNormalization(keras.layers.Dense(4), power_iterations=2); layer(x)
    layer.set_weights([rs.randn(*w.shape).astype('float32') for w in layer.weights])
    print([v.hex() for v in layer(x, training=True).numpy().ravel().tolist()])
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

ORTHO_ROWS_GRADIENT = [
    0xbd16d8a2, 0x3c9e65b1, 0x3ce43d72, 0x3c65a868, 0x3d2344c3, 0x3c92bef6, 0xbbd11957, 0x3c1a61a9,
    0x3c5b56e0, 0xbc069d27, 0xbaf73e60, 0xbd90b091, 0xbc924238, 0x3c6e5047, 0xbc45f83d, 0xbcf771cd,
    0xbaf1ceb0, 0xbc22895c, 0x3cf945e6, 0xbcab7e84,
]
SPECTRAL_FLOAT32 = [
    '-0x1.15f6c80000000p-3', '0x1.5d02880000000p+0', '-0x1.757cd40000000p-1',
    '-0x1.bca2b40000000p-3', '0x1.3af1000000000p-5', '0x1.1f26f20000000p+1',
    '-0x1.815fc80000000p-1', '0x1.7ff9520000000p-1', '-0x1.4b44d00000000p-2',
    '0x1.cdcc040000000p+0', '-0x1.0c387e0000000p+0', '-0x1.3cd6180000000p-3',
]


@pytest.fixture
def exact_math():
    previous = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True
    yield
    eigen_math.ENABLED[0] = previous


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_orthogonal_regularizer_and_spectral_normalization_have_tf_bits(exact_math):
    rs = np.random.RandomState(31)
    weights = tf.Variable(rs.randn(5, 4).astype('float32'))
    with tf.GradientTape() as tape:
        penalty = keras.regularizers.OrthogonalRegularizer(factor=0.3, mode='rows')(weights)
    gradient = tape.gradient(penalty, weights).numpy()
    assert [int(v) for v in gradient.view('uint32').ravel()] == ORTHO_ROWS_GRADIENT

    x = tf.constant(rs.randn(3, 5).astype('float32'))
    layer = keras.layers.SpectralNormalization(keras.layers.Dense(4), power_iterations=2)
    layer(x)
    layer.set_weights([rs.randn(*w.shape).astype('float32') for w in layer.weights])
    assert [v.hex() for v in layer(x, training=True).numpy().ravel().tolist()] == SPECTRAL_FLOAT32
