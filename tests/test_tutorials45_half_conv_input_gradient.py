"""float16 Conv2DBackpropInput (conv2d's input gradient, conv2d_transpose, Conv2DTranspose / Conv1DTranspose)
sums in float32 and rounds once, as TF 2.21's CPU kernel does; tapeflow rounded the products to float16 and
added the overlapping windows in half precision.

Golden hashes (sum of the float16 results' bit patterns) were printed by TF 2.21 running the same code
(progs/tutorials45/t45_cig16.py, t45_ct16.py).
"""
import numpy as np

import framework as tf
from framework import keras


def _bits(a):
    return int(np.asarray(a).view(np.uint16).astype(np.int64).sum())


def test_half_conv2d_input_gradient(monkeypatch):
    monkeypatch.setenv('TAPEFLOW_TF_EXACT_MATH', '1')
    rng = np.random.RandomState(7)
    seen = []
    cases = (((4, 9, 9, 3), (3, 3, 3, 8), 1, 'SAME'), ((2, 8, 8, 4), (2, 2, 4, 6), 2, 'VALID'),
             ((3, 7, 7, 2), (3, 3, 2, 5), 2, 'SAME'))
    for shape, kshape, strides, padding in cases:
        x = tf.constant(rng.rand(*shape).astype('float16'))
        k = tf.constant((rng.randn(*kshape) * 0.3).astype('float16'))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.conv2d(x, k, strides, padding)
            weights = tf.reshape(tf.cast(tf.range(tf.size(y)) % 7, tf.float32), tf.shape(y))
            loss = tf.reduce_sum(tf.cast(y, tf.float32) * weights)
        grad = tape.gradient(loss, x)
        assert grad.dtype == tf.float16
        seen.append(_bits(grad))
    assert seen == [0x1cce8c1, 0xf9ac7c, 0xc39d95]      # TF 2.21


def test_half_conv2d_transpose_layer(monkeypatch):
    monkeypatch.setenv('TAPEFLOW_TF_EXACT_MATH', '1')
    rng = np.random.RandomState(5)
    seen = []
    for shape, filters, size, strides, padding in (((8, 5, 5, 3), 4, 3, 2, 'valid'), ((4, 6, 6, 2), 3, 2, 1, 'same'),
                                                   ((2, 4, 4, 8), 16, 3, 2, 'same')):
        layer = keras.layers.Conv2DTranspose(filters, size, strides=strides, padding=padding, use_bias=False,
                                             dtype='mixed_float16')
        layer.build(shape)
        layer.kernel.assign((rng.randn(*layer.kernel.shape) * 0.3).astype('float32'))
        x = rng.rand(*shape).astype('float32')
        seen.append(_bits(layer(x)))
        # the float32 twin on the same (float16-rounded) values, rounded once: TF's rule
        twin = keras.layers.Conv2DTranspose(filters, size, strides=strides, padding=padding, use_bias=False)
        twin.build(shape)
        twin.kernel.assign(layer.kernel.numpy().astype(np.float16).astype(np.float32))
        wide = np.asarray(twin(x.astype(np.float16).astype(np.float32))).astype(np.float16)
        np.testing.assert_array_equal(np.asarray(layer(x)), wide)
    assert seen == [0x5fa3091, 0xfdc1ae, 0x3807b29]     # TF 2.21


def test_half_depthwise_input_gradient(monkeypatch):
    monkeypatch.setenv('TAPEFLOW_TF_EXACT_MATH', '1')
    rng = np.random.RandomState(9)
    seen = []
    for shape, kshape, s, padding in (((64, 8, 8, 8), (3, 3, 8, 1), 1, 'SAME'), ((4, 9, 9, 3), (3, 3, 3, 2), 2, 'SAME'),
                                      ((2, 8, 8, 4), (2, 2, 4, 1), 1, 'VALID')):
        x = tf.constant(rng.rand(*shape).astype('float16'))
        k = tf.constant((rng.randn(*kshape) * 0.3).astype('float16'))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.depthwise_conv2d(x, k, [1, s, s, 1], padding)
            weights = tf.reshape(tf.cast(tf.range(tf.size(y)) % 7, tf.float32), tf.shape(y))
            loss = tf.reduce_sum(tf.cast(y, tf.float32) * weights)
        seen.append(_bits(tape.gradient(loss, x)))
    assert seen == [0x453de010, 0x2048466, 0xf9fdd0]      # TF 2.21 (progs/tutorials45/t45_dwg16.py)
