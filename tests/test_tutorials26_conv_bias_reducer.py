"""A traced Conv2D's bias gradient (fused into oneDNN's backward-weights kernel) splits the batch by oneDNN's
cpu_reducer balance, not by the weights' thread balance (framework/ops/conv_backprop_filter_order.py,
_bias_slices): one output-channel block gets both threads on halves of the batch, two or more blocks
mostly one thread each over the whole batch.

Goldens: TensorFlow 2.21 (oneDNN on, AVX-512, 2 intra-op intra_op_threads) in tf.function, the gradient of
reduce_sum(bias_add(conv2d(x, f), b) * gy) with respect to b; x, f, b, gy from np.random.default_rng(5)
in this order (notes progs/tutorials26/bias_test_goldens.py). The slice counts were measured the same way
(progs/tutorials25/conv_bias_split_data.md). quickstart/advanced's Conv2D on 8x8 digits is the first case.
"""
import hashlib

import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')

# (x shape, kernel, stride, padding, output channels): (sha256 of the bias gradient, its first words)
TRACED_BIAS = {
    ((32, 8, 8, 1), 3, 1, 'VALID', 32): ('84c02bc8ee1257e5', ['0x42336cb7', '0xc1c8c129', '0xbea63324']),
    ((2, 16, 16, 32), 3, 1, 'SAME', 8): ('9cfbf373b94ff363', ['0x41bf6310', '0xc0c03278', '0x41d5fa7a']),
    ((32, 8, 8, 32), 3, 1, 'SAME', 32): ('2db439a420cec605', ['0x427b0c4b', '0x4134d202', '0x41bfd41c']),
    ((8, 16, 16, 3), 5, 2, 'SAME', 48): ('fa9294093c2cf34b', ['0x41ed2506', '0xc1f7dac5', '0xc1a01cd8']),
    ((8, 8, 8, 3), 3, 1, 'SAME', 64): ('b54f6362ecc164c2', ['0x42434353', '0xc19771e5', '0x41ed144f']),
}

# TF 2.21's bias slices on 2 threads; (n, h = w, c_in, c_out, kernel, stride, padding)
ONE_SLICE = [(8, 8, 1, 32, 3, 1, 'SAME'), (8, 28, 16, 32, 3, 1, 'SAME'), (32, 28, 1, 32, 5, 2, 'SAME'),
             (32, 8, 32, 32, 3, 1, 'SAME'), (16, 16, 8, 24, 3, 1, 'SAME'), (4, 28, 1, 32, 3, 1, 'SAME'),
             (8, 8, 3, 64, 3, 1, 'SAME'), (16, 16, 32, 32, 3, 1, 'SAME'), (32, 8, 16, 64, 3, 1, 'SAME'),
             (8, 16, 1, 80, 3, 1, 'SAME'), (16, 16, 1, 96, 3, 1, 'SAME'), (5, 11, 3, 17, 3, 2, 'SAME'),
             (64, 12, 16, 128, 3, 1, 'SAME'), (2, 8, 1, 32, 3, 1, 'SAME'), (32, 8, 1, 32, 3, 1, 'VALID'),
             (32, 28, 1, 32, 3, 1, 'VALID'), (64, 28, 16, 32, 3, 1, 'SAME'), (16, 32, 3, 64, 3, 1, 'SAME')]
TWO_SLICES = [(8, 16, 3, 48, 5, 2, 'SAME'), (32, 8, 32, 8, 3, 1, 'SAME'), (32, 16, 32, 16, 3, 1, 'SAME'),
              (32, 16, 16, 48, 5, 2, 'SAME'), (64, 16, 32, 8, 3, 1, 'SAME'), (8, 16, 1, 8, 3, 1, 'SAME'),
              (32, 16, 16, 16, 3, 1, 'SAME'), (64, 8, 3, 16, 5, 2, 'SAME'), (64, 28, 3, 8, 3, 1, 'SAME'),
              (2, 16, 32, 8, 3, 1, 'SAME'), (3, 28, 1, 6, 5, 2, 'SAME'), (4, 9, 2, 3, 3, 1, 'SAME'),
              (128, 14, 8, 16, 3, 1, 'SAME'), (8, 16, 4, 8, 3, 1, 'SAME'), (32, 16, 4, 8, 3, 1, 'SAME'),
              (64, 10, 2, 4, 3, 1, 'SAME'), (16, 12, 8, 16, 3, 1, 'VALID')]


def _geometry(n, hw, c_in, k, stride, padding):
    from framework.ops.convolution import _Geometry
    return _Geometry((n, hw, hw, c_in), (k, k), (stride, stride), padding, 'test')


def _traced_bias_gradient(shape, k, stride, padding, o):
    rng = np.random.default_rng(5)
    x = tf.constant(rng.standard_normal(shape).astype(np.float32))
    f = tf.Variable(rng.standard_normal((k, k, shape[3], o)).astype(np.float32))
    b = tf.Variable(rng.standard_normal((o,)).astype(np.float32))
    y = tf.nn.conv2d(x, f, stride, padding)
    gy = tf.constant(rng.standard_normal(y.shape).astype(np.float32))

    @tf.function
    def grads():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.nn.bias_add(tf.nn.conv2d(x, f, stride, padding), b) * gy)
        return tape.gradient(loss, [f, b])
    return np.asarray(grads()[1], np.float32)


@pytest.mark.parametrize('case', list(TRACED_BIAS), ids=str)
def test_traced_bias_gradient_has_tf_bits(intra_op_threads, case):
    intra_op_threads(2)
    gb = _traced_bias_gradient(*case)
    words = [hex(v) for v in gb.view(np.uint32).tolist()[:3]]
    assert (hashlib.sha256(gb.tobytes()).hexdigest()[:16], words) == TRACED_BIAS[case]


def test_bias_slices_are_the_reducers_on_two_threads():
    from framework.ops.conv_backprop_filter_order import _bias_slices
    counts = {case: len(_bias_slices(_geometry(*case[:3], *case[4:]), case[3], 2)) for case in ONE_SLICE + TWO_SLICES}
    assert [case for case in ONE_SLICE if counts[case] != 1] == []
    assert [case for case in TWO_SLICES if counts[case] != 2] == []


def test_weights_and_bias_split_the_batch_apart():
    # the kernel gradient of (2, 16, 16, 32) -> 8 runs on one batch slice (the weights' balance splits
    # the input channel blocks), its bias on two: one image each
    from framework.ops.conv_backprop_filter_order import _batch_slices, _bias_slices
    geo = _geometry(2, 16, 32, 3, 1, 'SAME')
    assert _batch_slices(geo, 8, 2) == [(0, 2)]
    assert _bias_slices(geo, 8, 2) == [(0, 1), (1, 2)]
    assert _bias_slices(_geometry(5, 9, 2, 3, 1, 'SAME'), 3, 2) == [(0, 3), (3, 5)]
    assert _bias_slices(_geometry(5, 9, 2, 3, 1, 'SAME'), 3, 1) == [(0, 5)]
