"""A depthwise convolution's float32 input gradient sums in TensorFlow's order: one fused multiply-add chain
per input element over the kernel taps that reach it (kernel rows, then columns), as TF 2.21's oneDNN
DepthwiseConv2dNativeBackpropInput does.

Found porting the TF "Transfer learning and fine-tuning" tutorial with MobileNetV2(weights=None): after the
depthwise filter gradient matched, the gradients behind block_13's depthwise layer still differed from TF's.
Goldens: TF 2.21 (oneDNN on) float32 bit patterns of tf.nn.depthwise_conv2d_backprop_input, operands from
np.random.RandomState(9) (progs/tutorials46/t46_dwi_golden_tf.py): the first 6 values and the sum of all
values' bit patterns; tapeflow's rounded products were off in about half the values.
"""
import numpy as np
import pytest

import framework as tf
from framework import onednn_policy

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

GOLDENS = [
    ((2, 6, 16, 1, 'SAME'), [3206626989, 1059462275, 1057693099, 3210369758, 3217080838, 1074284429], 2480276251232),
    ((3, 5, 48, 2, 'VALID'), [1059703963, 1032285481, 1075375864, 3226136330, 3175740918, 3192496356], 7556880077683),
]


def _cases():
    rng = np.random.RandomState(9)
    for (images, size, channels, stride, padding), first, total in GOLDENS:
        f = rng.normal(size=(3, 3, channels, 1)).astype(np.float32)
        shape = (images, size, size, channels)
        out = tf.nn.depthwise_conv2d(np.zeros(shape, np.float32), f, [1, stride, stride, 1], padding)
        g = rng.normal(size=out.shape).astype(np.float32)
        yield shape, f, g, [1, stride, stride, 1], padding, first, total


@onednn
@pytest.mark.parametrize('via', ['backprop_input', 'tape'])
def test_depthwise_input_gradient_bits_equal_tf(exact_math, via):
    for shape, f, g, strides, padding, first, total in _cases():
        if via == 'backprop_input':
            grad = tf.nn.depthwise_conv2d_backprop_input(list(shape), f, g, strides, padding)
        else:
            x = tf.Variable(np.zeros(shape, np.float32))
            with tf.GradientTape() as tape:
                out = tf.nn.depthwise_conv2d(x, f, strides, padding)
            grad = tape.gradient(out, x, output_gradients=g)
        bits = np.asarray(grad.numpy(), np.float32).ravel().view(np.uint32)
        assert bits[:6].tolist() == first
        assert int(bits.astype(np.uint64).sum()) == total


def test_depthwise_input_gradient_of_a_multiplier_keeps_its_values(exact_math):
    # multipliers above 1 are not measured: the gradient still sums every tap's channel outputs
    rng = np.random.RandomState(1)
    x = tf.Variable(rng.normal(size=(1, 4, 4, 2)).astype(np.float32))
    f = rng.normal(size=(3, 3, 2, 2)).astype(np.float32)
    with tf.GradientTape() as tape:
        out = tf.reduce_sum(tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], 'SAME'))
    grad = tape.gradient(out, x).numpy()
    # interior pixel (1, 1) is reached by every tap: the sum of all its channel's filters
    np.testing.assert_allclose(grad[0, 1, 1], f.sum(axis=(0, 1, 3)), rtol=1e-6)
