"""A 1x1 Conv2D's kernel gradient adds its float32 products as TF 2.21's oneDNN 1x1
backward-weights kernel does (framework/ops/conv_backprop_filter_1x1.py): each image's positions in one
fused multiply-add chain from zero, the image sums added in order in each thread's share of the
(image, position block) pairs, the threads' sums in order; at strides 2 the same over the strided
positions (even sizes) or oneDNN's general kernel's one chain (odd sizes). Before, tapeflow kept the BLAS
product (every case below but the odd strides-2 one at 1 thread differed from TF in its first words).

Golden bits: TensorFlow 2.21 (oneDNN on, AVX-512) printed tf.GradientTape's gradient of
reduce_sum(conv2d(x, f) * gy) with respect to f, in a process started with
tf.config.threading.set_intra_op_parallelism_threads(T); x, f, gy drawn from np.random.default_rng(seed)
in this order (notes progs/tutorials42/t42_goldens_1x1.py): a sha256 prefix of the gradient's bytes and
its first four words.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled() or onednn_policy.vector_lanes() != 16,
                                reason="TensorFlow's order here is oneDNN's AVX-512 kernel")

# (seed, N, H, W, C, O) -> {threads: (sha256 prefix, first words)}
GOLDEN = {
    # 16 input channels, 32 outputs: one chain per image
    (3, 8, 4, 4, 16, 32): {1: ('389ffd3be39ff480', ['0x3dc01bfe', '0x41173378', '0x40b1c02e', '0xc0fdcddd']),
                           2: ('389ffd3be39ff480', ['0x3dc01bfe', '0x41173378', '0x40b1c02e', '0xc0fdcddd'])},
    # 176 positions in 11 blocks of 16: with 2 threads the second one starts inside image 2
    (4, 5, 16, 11, 64, 3): {1: ('90ca1892cb0ac560', ['0xc184e8f2', '0x423c07ec', '0x421d52c5', '0xc1670ef6']),
                            2: ('d8f842d4ba0f8f78', ['0xc184e8f0', '0x423c07ea', '0x421d52c5', '0xc1670ef4'])},
    # fewer than 16 input channels
    (5, 3, 7, 7, 8, 16): {1: ('da75074c24aeb70d', ['0x3faf83d4', '0x4087290d', '0xc1949d11', '0x40f104bc']),
                          2: ('af9688eb6d5e2ec9', ['0x3faf83cb', '0x40872910', '0xc1949d10', '0x40f104bb'])},
}


def _kernel_gradient(seed, n, h, w, c, o, strides=1):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, h, w, c)).astype(np.float32)
    f = tf.constant(rng.standard_normal((1, 1, c, o)).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(f)
        y = tf.nn.conv2d(x, f, strides, 'SAME')
        gy = rng.standard_normal(y.shape).astype(np.float32)
        loss = tf.reduce_sum(y * gy)
    return tape.gradient(loss, f).numpy()


@pytest.mark.parametrize('case', sorted(GOLDEN))
@pytest.mark.parametrize('count', [1, 2])
def test_one_by_one_kernel_gradient_has_tensorflows_bits(case, count, intra_op_threads, exact_math):
    intra_op_threads(count)
    grad = _kernel_gradient(*case)
    digest, words = GOLDEN[case][count]
    assert [hex(v) for v in grad.ravel()[:4].view(np.uint32)] == words
    assert hashlib.sha256(grad.tobytes()).hexdigest()[:16] == digest


# strides 2: (seed, N, H, W, C, O) -> {threads: (sha256 prefix, first words)}
# (notes progs/tutorials42/t42_goldens_1x1s2.py)
STRIDED_GOLDEN = {
    # even sizes: the 1x1 kernel over the strided positions
    (7, 8, 8, 8, 16, 32): {1: ('a7c4f001453ad3c5', ['0xbfbb44f9', '0x4023d934', '0x40753120', '0x41aff4a2']),
                           2: ('a7c4f001453ad3c5', ['0xbfbb44f9', '0x4023d934', '0x40753120', '0x41aff4a2'])},
    # odd sizes: oneDNN's general backward-weights kernel, one chain per batch slice (at 1 thread that is
    # the order numpy's product took already; at 2 the batch splits in two)
    (8, 32, 7, 9, 16, 32): {1: ('1decce9d23f979cb', ['0xc1320088', '0x420a89ae', '0x41a1b2a6', '0x4205c944']),
                            2: ('9e99cc2fa650a6d8', ['0xc132008f', '0x420a89b0', '0x41a1b2a7', '0x4205c942'])},
}


@pytest.mark.parametrize('case', sorted(STRIDED_GOLDEN))
@pytest.mark.parametrize('count', [1, 2])
def test_strides_two_kernel_gradient_has_tensorflows_bits(case, count, intra_op_threads, exact_math):
    intra_op_threads(count)
    grad = _kernel_gradient(*case, strides=2)
    digest, words = STRIDED_GOLDEN[case][count]
    assert [hex(v) for v in grad.ravel()[:4].view(np.uint32)] == words
    assert hashlib.sha256(grad.tobytes()).hexdigest()[:16] == digest


def test_shapes_outside_the_measured_rules_keep_the_product(exact_math):
    """An image oneDNN cuts into several calls (24x24 positions, 16 filters) and strides 2 over sizes of
    mixed parity were not measured to a rule: the gradient is the exact sum within float32 rounding."""
    rng = np.random.default_rng(6)
    for shape, strides in (((2, 7, 8, 16), 2), ((1, 24, 24, 16), 1)):
        x = rng.standard_normal(shape).astype(np.float32)
        f = tf.constant(rng.standard_normal((1, 1, 16, 16)).astype(np.float32))
        with tf.GradientTape() as tape:
            tape.watch(f)
            loss = tf.reduce_sum(tf.square(tf.nn.conv2d(x, f, strides, 'SAME')))
        grad = tape.gradient(loss, f).numpy()
        xs = x[:, ::strides, ::strides].reshape(-1, 16).astype(np.float64)
        expected = xs.T @ (2 * (xs @ f.numpy().astype(np.float64).reshape(16, 16)))
        np.testing.assert_allclose(grad.reshape(16, 16), expected, rtol=2e-4, atol=1e-3)


@pytest.mark.parametrize('count', [1, 2])
def test_separable_conv2d_pointwise_gradient_has_tensorflows_bits(count, intra_op_threads, exact_math):
    """tf.nn.separable_conv2d's pointwise step is TF's 1x1 Conv2D (keras SeparableConv2D's too): its filter
    gradient takes the same kernel as tf.nn.conv2d's (tapeflow's N-d convolution kept BLAS before).
    TF 2.21 printed (notes progs/tutorials42/t42_goldens_sep.py) the same bits at 1 and 2 threads."""
    intra_op_threads(count)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 2, 2, 32)).astype(np.float32)
    gy = rng.standard_normal((8, 2, 2, 64)).astype(np.float32)
    depthwise = tf.constant(rng.standard_normal((3, 3, 32, 1)).astype(np.float32))
    pointwise = tf.constant(rng.standard_normal((1, 1, 32, 64)).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(pointwise)
        loss = tf.reduce_sum(tf.nn.separable_conv2d(x, depthwise, pointwise, [1, 1, 1, 1], 'SAME') * gy)
    grad = tape.gradient(loss, pointwise).numpy()
    assert [hex(v) for v in grad.ravel()[:4].view(np.uint32)] == ['0xbeda5940', '0x41170c44', '0xc18b1ebe',
                                                                  '0x3ed13e60']
    assert hashlib.sha256(grad.tobytes()).hexdigest()[:16] == 'e4216867d1917e1e'
