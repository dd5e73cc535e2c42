"""A channels_first layer's bias gradient, and tf.nn.bias_add(..., data_format='NCHW')'s, sum as
TF's NCHW BiasAddGrad (ReduceMiddleDimensions): each (batch, channel) row summed first, then the
rows added per channel in batch order, in tasks cut by the intra-op pool's size
(framework/ops/bias_grad_channels_first.py). Keras 3 adds such a bias with bias_add 'NCHW'.

Golden bits printed by TF 2.21 + Keras 3.15 on a 2-CPU machine (its intra-op pool has 2 threads;
the tests set tapeflow's to 2): /work/notes/progs/layers13/gold_bias.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops.bias_grad_channels_first import bias_grad_sum_channels_first


@pytest.fixture(autouse=True)
def _two_threads():
    before = tf.config.threading.get_intra_op_parallelism_threads()
    tf.config.threading.set_intra_op_parallelism_threads(2)
    yield
    tf.config.threading.set_intra_op_parallelism_threads(before)


def _input(shape):
    n = int(np.prod(shape))
    return ((np.arange(n) * 7919 % 113) / np.float32(17) - 3).astype('float32').reshape(shape)


KERAS_NCHW_BIAS_GRADIENT = {
    (16, 3, 9): [1109994796, 1103009431, 1112508294],        # one task
    (8, 8, 64): [1125700306, 1125630916, 1125997147, 1125492134,          # two tasks of 4 batches
                 1125422742, 1125353352, 1125283960, 1125214570],
}


@pytest.mark.parametrize('shape', sorted(KERAS_NCHW_BIAS_GRADIENT))
def test_nchw_bias_add_gradient_bits_match_tensorflow(shape):
    g = tf.constant(_input(shape))
    b = tf.Variable(np.zeros(shape[1], np.float32))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.bias_add(tf.zeros(shape), b, data_format='NCHW') * g)
    got = np.asarray(tape.gradient(loss, b)).view(np.uint32).tolist()
    assert got == KERAS_NCHW_BIAS_GRADIENT[shape]


def test_channels_first_conv_bias_gradient_is_the_nchw_sum(xeon_cpu):
    keras.backend.clear_session()
    layer = keras.layers.Conv2D(8, 1, data_format='channels_first', kernel_initializer='ones')
    # a last axis of 6, not 8: one as long as the channels gets Keras's ops.add bias along it
    # (test_layerfuzz_channels_first_bias.py)
    x = tf.constant(_input((4, 2, 8, 6)))
    with tf.GradientTape() as tape:
        y = layer(x)
        loss = tf.reduce_sum(tf.square(y))
    gb = np.asarray(tape.gradient(loss, layer.bias))
    np.testing.assert_array_equal(gb, bias_grad_sum_channels_first(2 * np.asarray(y)))


def test_the_sum_keeps_values_at_any_size():
    for shape in [(3, 4, 1), (2, 3, 5), (5, 3, 301), (1, 2, 20000), (2, 2, 3, 3)]:
        g = _input(shape)
        want = g.astype(np.float64).sum(axis=(0,) + tuple(range(2, g.ndim)))
        np.testing.assert_allclose(bias_grad_sum_channels_first(g), want, rtol=1e-5, atol=1e-3)


def test_nchw_bias_add_has_float64_central_difference_gradients():
    x = tf.constant(_input((2, 3, 4)).astype(np.float64))
    theoretical, numerical = tf.test.compute_gradient(
        lambda b: tf.nn.bias_add(x, b, data_format='NCHW'), [tf.constant(np.arange(3.0))])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-6)
