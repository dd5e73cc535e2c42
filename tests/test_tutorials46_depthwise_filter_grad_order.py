"""A depthwise convolution's float32 filter gradient sums in TensorFlow's order (oneDNN's backward-weights
kernel: the intra-op threads split images or output rows, each thread one fused multiply-add chain over
images, rows, columns, then the threads' partial filters added in order).

Found porting the TF "Transfer learning and fine-tuning" tutorial with MobileNetV2(weights=None): one step's
gradients matched TF's from the head back to block_13's stride-2 depthwise kernel, whose filter gradient was
off in the last bits, and the fine-tuning run diverged from its first epoch. Goldens: TF 2.21 (oneDNN on,
2 intra-op threads) float32 bit patterns of tf.nn.depthwise_conv2d_backprop_filter, inputs from
np.random.RandomState(7) (progs/tutorials46/t46_dwf_golden_tf.py): the first 6 values and the sum of all
values' bit patterns. The three shapes take the three splits: images (5 images), rows (1 image), rows
for 3 images of 192 channels; tapeflow's grouped product was off in most values of each.
"""
import numpy as np
import pytest

import framework as tf
from framework import onednn_policy

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

GOLDENS = [
    ((5, 3, 32, 2, 'VALID'), [3220526857, 1058414115, 3216645694, 3207453266, 1075154564, 3214883600], 613592816888),
    ((1, 5, 16, 2, 'VALID'), [3217070662, 1073092052, 1072156231, 1073826893, 1052848724, 1070637905], 301409378520),
    ((3, 4, 192, 1, 'SAME'), [3215661550, 1077037017, 1091545248, 3233135425, 1053890760, 3228472341],
     3762411894202),
]


def _cases():
    rng = np.random.RandomState(7)
    for (images, size, channels, stride, padding), first, total in GOLDENS:
        x = rng.normal(size=(images, size, size, channels)).astype(np.float32)
        out = tf.nn.depthwise_conv2d(x, np.zeros((3, 3, channels, 1), np.float32), [1, stride, stride, 1], padding)
        g = rng.normal(size=out.shape).astype(np.float32)
        yield x, g, stride, padding, first, total


def _bits(values):
    return np.asarray(values, np.float32).ravel().view(np.uint32)


@onednn
@pytest.mark.parametrize('via', ['backprop_filter', 'tape'])
def test_depthwise_filter_gradient_bits_equal_tf(exact_math, intra_op_threads, via):
    intra_op_threads(2)
    for x, g, stride, padding, first, total in _cases():
        strides = [1, stride, stride, 1]
        if via == 'backprop_filter':
            grad = tf.nn.depthwise_conv2d_backprop_filter(x, [3, 3, x.shape[-1], 1], g, strides, padding)
        else:
            kernel = tf.Variable(np.zeros((3, 3, x.shape[-1], 1), np.float32))
            with tf.GradientTape() as tape:
                out = tf.nn.depthwise_conv2d(x, kernel, strides, padding)
            grad = tape.gradient(out, kernel, output_gradients=g)
        bits = _bits(grad.numpy())
        assert bits[:6].tolist() == first
        assert int(bits.astype(np.uint64).sum()) == total


@onednn
def test_depthwise_filter_gradient_follows_the_thread_count(exact_math, intra_op_threads):
    # one thread sums every image in one chain: other bits than two threads' split (the rule, not a constant)
    x, g, stride, padding, first, total = next(_cases())
    intra_op_threads(1)
    one = tf.nn.depthwise_conv2d_backprop_filter(x, [3, 3, x.shape[-1], 1], g, [1, stride, stride, 1], padding)
    sequential = np.zeros((3, 3, x.shape[-1]), np.float32)
    for b in range(x.shape[0]):
        sequential = (sequential + x[b].astype(np.float64) * g[b, 0, 0].astype(np.float64)).astype(np.float32)
    assert _bits(one.numpy()).tolist() == _bits(sequential).tolist()
    assert _bits(one.numpy())[:6].tolist() != first
