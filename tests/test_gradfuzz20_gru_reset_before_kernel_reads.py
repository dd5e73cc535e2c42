"""GRU(reset_after=False) reads its recurrent kernel twice per step (kernel[:, :2u] and kernel[:, 2u:], a
variable read each in Keras's eager loop), so a loop of five steps gives the kernel ten gradients, which TF 2.21's
tape adds as one AddN (chunks of eight: framework/addn_chunks.py). tapeflow took AddN's order only from ten steps
(the one-read-per-step threshold), so 5-9 steps summed the terms as a running sum: 12 of 27 float32 values below
(1 of 12 float64) differed in the last bits. layers/recurrent/eager_step_reads.reads_per_step.

Golden values printed by TF 2.21 with notes progs/gradfuzz20/gold2.py:

    rs = np.random.RandomState(seed); x = tf.constant(rs.randn(*shape).astype(dtype)); layer.build(shape)
    layer.set_weights([(rs.randn(*w.shape) * 0.6).astype(dtype) for w in layer.weights])
    with tf.GradientTape() as tape:
        y = layer(x)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape).astype(dtype))
    g = tape.gradient(total, layer.cell.recurrent_kernel).numpy()
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

GRU5_FLOAT32 = [
    0x3e099166, 0xbbe47b8e, 0xbd31291f, 0x3c1bc73f, 0xbbd5501c, 0xba0d99db, 0xbc4b318a, 0x3c5e4d48,
    0x3c5ba38f, 0xbd709e44, 0xbdbafef2, 0xbe2680d6, 0xbc35c65c, 0xbc0cc80b, 0x3a18783a, 0xbcaa8212,
    0xbc7d18e0, 0xbcc6bb9a, 0xbc80de08, 0xbdf0b7e7, 0xbe575d3d, 0xbc1a2789, 0xbc4d8aed, 0x3a1ea49e,
    0xbc066b0a, 0xba15b679, 0xba73e900,
]
GRU7_FLOAT64 = [
    '0x1.24526016de962p-7', '0x1.8c7af1ac89674p-4', '-0x1.8fe7bf3134564p-8', '-0x1.8a7625f3d03d6p-9',
    '-0x1.bf866707f5964p-8', '-0x1.15e53f120d862p-7', '-0x1.ba3d17d79e349p-4', '0x1.4095240d83870p-3',
    '0x1.8017df4c01757p-8', '-0x1.eba7532c1d4f6p-9', '0x1.268f4c49c10d8p-4', '-0x1.8467a8a3bc020p-10',
]


@pytest.fixture
def exact_math():
    previous = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True
    yield
    eigen_math.ENABLED[0] = previous


def _recurrent_kernel_gradient(layer, shape, seed, dtype, nested=False):
    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*shape).astype(dtype))
    layer.build(shape)
    layer.set_weights([(rs.randn(*w.shape) * 0.6).astype(dtype) for w in layer.weights])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as tape:
            y = layer(x)
            weights = np.cos(np.arange(int(np.prod(y.shape))) * 0.7).reshape(y.shape).astype(dtype)
            total = tf.reduce_sum(y * weights)
        if not nested:
            return tape.gradient(total, layer.cell.recurrent_kernel).numpy()
        gradient = tape.gradient(total, layer.cell.recurrent_kernel)
    return gradient.numpy()


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('nested', [False, True], ids=['one_tape', 'under_an_outer_tape'])
def test_five_step_float32_kernel_gradient(exact_math, nested):
    # under an outer tape the per-step loop runs instead of the one-op sequence: the same sums
    layer = keras.layers.GRU(3, reset_after=False, dtype='float32')
    g = _recurrent_kernel_gradient(layer, (2, 5, 3), 75, 'float32', nested)
    assert [int(v) for v in g.view('uint32').ravel()] == GRU5_FLOAT32


def test_seven_step_float64_sequence_kernel_gradient():
    layer = keras.layers.GRU(2, reset_after=False, return_sequences=True, dtype='float64')
    g = _recurrent_kernel_gradient(layer, (2, 7, 3), 87, 'float64')
    assert [v.hex() for v in g.ravel().tolist()] == GRU7_FLOAT64
