"""SeparableConv1D / 2D run their pointwise 1x1 convolution through TF's Conv2D (the 2-D op, on a height-1 image for
a 1-D layer), as tf.nn.separable_conv2d does: its filter and input gradients then sum in TF's order. Through the N-d
op (a BLAS product) the pointwise and depthwise kernels' gradients differed in the last bits (the outputs did not).
Goldens: /work/notes/progs/layers28/sep_gold.py under TF 2.21 on the AMD EPYC (AVX2): the kernels' gradients of
sum(y * sin(range)). Before the change 13 / 24, 4 / 24, 8 / 12 and 1 / 6 of them equalled TF's.
"""
import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf
from framework import keras


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow sums as TF's Eigen
    kernels do there, whatever this CPU is."""


L = keras.layers
X3 = np.sin(np.arange(2 * 9 * 4, dtype='float64')).astype('float32').reshape(2, 9, 4)
X4 = np.cos(np.arange(2 * 5 * 4 * 3, dtype='float64')).astype('float32').reshape(2, 5, 4, 3)
GOLDEN = {
    ('1d', 'depthwise'): [
        '0x1.d341660000000p-3', '-0x1.72f7500000000p-2', '0x1.7294000000000p-6', '-0x1.9df5640000000p-1',
        '-0x1.3f50300000000p-4', '-0x1.79de2c0000000p-2', '-0x1.d2c7660000000p-3', '0x1.f9712c0000000p-2',
        '0x1.75f6d40000000p-3', '0x1.bcb9140000000p-4', '0x1.e1b5ca0000000p-2', '0x1.8b04460000000p-1',
        '0x1.0e389c0000000p-1', '0x1.3f3c240000000p-2', '-0x1.9e7c880000000p-2', '-0x1.2848c80000000p-1',
        '-0x1.de112a0000000p-2', '0x1.c33de80000000p-3', '-0x1.46728a0000000p-1', '-0x1.99c45e0000000p-3',
        '-0x1.3957b00000000p-1', '-0x1.3bb6100000000p-5', '0x1.839f040000000p-1', '0x1.0d371a0000000p-2'],
    ('1d', 'pointwise'): [
        '-0x1.0db24c0000000p+0', '-0x1.59f56c0000000p-1', '0x1.4b18ce0000000p-2', '0x1.e203560000000p-1',
        '0x1.fe61a00000000p-1', '0x1.1607a20000000p-3', '0x1.d169700000000p-3', '-0x1.fec9220000000p-2',
        '-0x1.8854e60000000p-1', '0x1.6f60ca0000000p-3', '-0x1.0571800000000p-11', '-0x1.707b4c0000000p-3',
        '0x1.579df80000000p-1', '0x1.742b4c0000000p+0', '0x1.ccb7e20000000p-1', '-0x1.3802500000000p-4',
        '0x1.7edbbe0000000p-2', '0x1.ebb8840000000p-2', '-0x1.1e3ee80000000p-3', '-0x1.99ec000000000p-11',
        '0x1.1c83ec0000000p-3', '-0x1.1cc1d80000000p-1', '0x1.68ae800000000p-1', '0x1.5141780000000p+0'],
    ('2d', 'depthwise'): [
        '-0x1.ea8c120000000p-1', '-0x1.390b340000000p+1', '0x1.a9d77c0000000p+0', '0x1.a2d4e00000000p-1',
        '0x1.0d6d6c0000000p+1', '-0x1.c6d32e0000000p+0', '-0x1.3fdf120000000p-2', '-0x1.b8f1080000000p-1',
        '0x1.e5c0cc0000000p+0', '0x1.0343000000000p-3', '0x1.9a20e00000000p-2', '-0x1.dcb34c0000000p+0'],
    ('2d', 'pointwise'): [
        '0x1.166a760000000p+0', '0x1.5578000000000p-1', '-0x1.34c2d80000000p+1', '-0x1.f27f180000000p-2',
        '-0x1.0a82400000000p+3', '-0x1.0a71d00000000p+0'],
}
MAKERS = {'1d': (lambda: L.SeparableConv1D(3, 3, depth_multiplier=2), X3), '2d': (lambda: L.SeparableConv2D(2, 2), X4)}


@pytest.mark.parametrize('rank', ['1d', '2d'])
def test_kernel_gradients_as_tf(rank):
    make, x = MAKERS[rank]
    keras.utils.set_random_seed(1)
    layer = make()
    xv = tf.Variable(x)
    with tf.GradientTape() as tape:
        y = layer(xv)
        loss = tf.reduce_sum(y * tf.sin(tf.reshape(tf.range(tf.size(y), dtype='float32'), y.shape)))
    depthwise, pointwise = tape.gradient(loss, layer.trainable_weights[:2])
    assert hexes_as_tf([float(v).hex() for v in np.ravel(depthwise)], GOLDEN[(rank, 'depthwise')])
    assert hexes_as_tf([float(v).hex() for v in np.ravel(pointwise)], GOLDEN[(rank, 'pointwise')])
