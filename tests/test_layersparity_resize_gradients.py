"""Resize gradients with TF 2.21's bits: keras.ops.image.resize (UpSampling2D's bilinear) resizes float32
images by tf.image.resize's ops, whose gradients are TF's kernels (the composite resampler's gradient
rounded otherwise), and ResizeNearestNeighborGrad adds the output pixels' gradients in row-major order (the
gathers' scatter-adds grouped them across, then down). Goldens printed by TF 2.21
(/work/notes/progs/layersparity/resgold.py); the old paths differed in 7 / 9, 4 / 6, 6 / 9 and 1 / 6 values."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers

UP_BILINEAR = [
    '0x1.7cfc2a0000000p-3', '-0x1.35b6720000000p-1', '-0x1.5cf79c0000000p+0', '0x1.612a820000000p+0',
    '-0x1.a8cc980000000p-1', '-0x1.6158c00000000p-9', '0x1.0d17e40000000p+1', '-0x1.53f3820000000p+0',
    '-0x1.28b3ca0000000p+0',
]

RESIZING_NEAREST = [
    '0x1.7b38fa0000000p+0', '-0x1.56603c0000000p+0', '-0x1.7996e00000000p+0', '-0x1.4450080000000p-2',
    '0x1.8174aa0000000p+1', '-0x1.e9157c0000000p+1',
]

OPS_RESIZE = [
    '-0x1.7a55a00000000p-2', '-0x1.25a7080000000p+0', '0x1.112ca40000000p-1', '-0x1.21fda20000000p-2',
    '-0x1.183f500000000p+0', '0x1.033d9c0000000p-2', '0x1.364d9e0000000p-2', '0x1.1c17e20000000p+0',
    '0x1.1220ce0000000p-2',
]

TF_NEAREST = [
    '-0x1.ae888a0000000p+0', '-0x1.dfe0fc0000000p-1', '-0x1.4eba740000000p-1', '0x1.8baec40000000p+1',
    '0x1.fa563c0000000p+0', '-0x1.103c520000000p+2',
]


@pytest.mark.parametrize('resize, shape, golden', [
    (lambda: L.UpSampling2D(2, interpolation='bilinear'), (1, 3, 3, 1), UP_BILINEAR),
    (lambda: L.Resizing(5, 7, interpolation='nearest'), (1, 2, 3, 1), RESIZING_NEAREST),
    (lambda: lambda x: keras.ops.image.resize(x, (5, 4)), (1, 3, 3, 1), OPS_RESIZE),
    (lambda: lambda x: tf.image.resize(x, (7, 5), 'nearest'), (1, 3, 2, 1), TF_NEAREST),
])
def test_resize_gradient_bits(resize, shape, golden):
    f = resize()
    x = tf.constant(np.random.RandomState(3).randn(*shape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
        loss = tf.reduce_sum(y * tf.constant(np.random.RandomState(4).randn(*y.shape).astype('float32')))
    assert [float(v).hex() for v in tape.gradient(loss, x).numpy().ravel()] == golden
