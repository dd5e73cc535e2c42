"""Conv2D's kernel gradient (Conv2DBackpropFilter) adds its float32 products in the order of TF 2.21's
oneDNN kernel (framework/ops/conv_backprop_filter_order.py): one fused multiply-add chain per batch
slice (fewer than 16 input channels or strides 2), or per output row in runs of 28 columns (16+
channels, strides 1); oneDNN's thread balance decides the batch slices.

Golden bits: TensorFlow 2.21 (oneDNN on, AVX-512) printed tf.GradientTape's gradient of
reduce_sum(conv2d(x, f) * gy) with respect to f, with
tf.config.threading.set_intra_op_parallelism_threads(T); x, f, gy drawn from np.random.default_rng(seed)
in this order (notes progs/conv7/goldens.py). The wide case is pinned by the first words and a
sha256 of its 144 float32 values.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import config, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled() or onednn_policy.vector_lanes() != 16,
                                reason="TensorFlow's order here is oneDNN's AVX-512 kernel")

# (seed, N, H, W, C, K, O, strides, padding)
CHAIN = (0, 2, 6, 6, 1, 3, 2, 1, 'SAME')
ROWS = (1, 2, 5, 31, 16, 3, 1, 1, 'VALID')
CHAIN_GOLDEN = {
    1: ['0xc08c1709', '0x4049f20c', '0xc05fae56', '0xc08cce88', '0xc01246da', '0x40bb2f13', '0xc0349b80', '0xc0f5db82',
        '0x3ef030d4', '0x412c8c54', '0xc12381a8', '0xc0bf4938', '0x403d0536', '0xc03c7fb4', '0x40eb0f4c', '0x40efa28e',
        '0x40f81446', '0x408eae8d'],
    2: ['0xc08c1709', '0x4049f20a', '0xc05fae5c', '0xc08cce88', '0xc01246d9', '0x40bb2f12', '0xc0349b82', '0xc0f5db88',
        '0x3ef030ca', '0x412c8c54', '0xc12381a8', '0xc0bf4932', '0x403d0536', '0xc03c7fb5', '0x40eb0f50', '0x40efa28c',
        '0x40f81446', '0x408eae8d'],
}
ROWS_GOLDEN = {1: ('205efdfa3ce0cd6c', ['0x405a8e51', '0x41d5ece0', '0x409589de', '0x410b97cc']),
               2: ('5311c87cc4d9b7f8', ['0x405a8e53', '0x41d5ecde', '0x409589dc', '0x410b97ca'])}


@pytest.fixture
def exact():
    previous = config.tf_exact_math()
    yield config.set_tf_exact_math
    config.set_tf_exact_math(previous)


def _kernel_gradient(seed, n, h, w, c, k, o, strides, padding):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, h, w, c)).astype(np.float32)
    f = tf.constant(rng.standard_normal((k, k, c, o)).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(f)
        y = tf.nn.conv2d(x, f, strides, padding)
        gy = rng.standard_normal(y.shape).astype(np.float32)
        loss = tf.reduce_sum(y * gy)
    return np.asarray(tape.gradient(loss, f), np.float32)


def _hex(a):
    return [hex(v) for v in a.reshape(-1).view(np.uint32).tolist()]


@pytest.mark.parametrize('count', [1, 2])
def test_chain_gives_tf_bits_by_default(intra_op_threads, exact, count):
    # 18 weights over 72 positions: within the default mode's sizes
    intra_op_threads(count)
    exact('small')
    assert _hex(_kernel_gradient(*CHAIN)) == CHAIN_GOLDEN[count]


@pytest.mark.parametrize('count', [1, 2])
def test_row_runs_give_tf_bits_in_exact_mode(intra_op_threads, exact, count):
    intra_op_threads(count)
    exact(True)
    grad = _kernel_gradient(*ROWS)
    assert (hashlib.sha256(grad.tobytes()).hexdigest()[:16], _hex(grad)[:4]) == ROWS_GOLDEN[count]


def test_blas_product_differs_from_tf_here(intra_op_threads, exact):
    # the test can fail: the emulation is what makes the bits equal
    intra_op_threads(2)
    exact(False)
    assert _hex(_kernel_gradient(*CHAIN)) != CHAIN_GOLDEN[2]


def test_emulation_equals_float64_sum_to_a_few_ulps(intra_op_threads, exact):
    from framework.ops import conv_backprop_filter_order as order
    from framework.ops.convolution import _Geometry
    exact(True)
    rng = np.random.default_rng(3)
    for shape, kernel, strides, padding, o in [((3, 7, 9, 2), (3, 2), (2, 1), 'SAME', 3),
                                               ((2, 5, 30, 17), (2, 3), (1, 1), 'VALID', 2)]:
        intra_op_threads(2)
        x = rng.standard_normal(shape).astype(np.float32)
        geo = _Geometry(shape, kernel, strides, padding, 'test')
        g = rng.standard_normal((shape[0], geo.oh, geo.ow, o)).astype(np.float32)
        assert order.applies(x, g, geo)
        wide = np.einsum('nabijc,nabo->ijco', np.asarray(geo.windows(x), np.float64), g.astype(np.float64))
        np.testing.assert_allclose(order.filter_grad(x, g, geo), wide, rtol=1e-5, atol=1e-5)


def test_one_by_one_kernels_and_large_default_sizes_keep_blas(exact):
    from framework.ops import conv_backprop_filter_order as order
    from framework.ops.convolution import _Geometry
    exact('small')
    x = np.zeros((64, 28, 28, 1), np.float32)
    geo = _Geometry(x.shape, (3, 3), (1, 1), 'SAME', 'test')
    assert not order.applies(x, np.zeros((64, 28, 28, 2), np.float32), geo)     # 50176 positions
    exact(True)
    # 1x1 kernels follow oneDNN's 1x1 kernel where measured (tests/test_tutorials42_conv1x1_filter_grad.py);
    # strides 2 over sizes of mixed parity and strides 3 were not measured, and keep BLAS
    x = np.zeros((64, 28, 27, 1), np.float32)
    geo = _Geometry(x.shape, (1, 1), (2, 2), 'SAME', 'test')
    assert not order.applies(x, np.zeros((64, 14, 14, 2), np.float32), geo)
    geo = _Geometry(x.shape, (1, 1), (3, 3), 'SAME', 'test')
    assert not order.applies(x, np.zeros((64, 10, 9, 2), np.float32), geo)


def test_thread_balance_splits_the_batch_as_onednn():
    from framework.ops.conv_backprop_filter_order import _batch_slices
    from framework.ops.convolution import _Geometry
    # measured: these split over 2 threads by images, (5, 11, 13, 3) -> 17 channels by channel blocks
    assert _batch_slices(_Geometry((3, 28, 28, 1), (5, 5), (2, 2), 'SAME', 't'), 6, 2) == [(0, 2), (2, 3)]
    assert _batch_slices(_Geometry((5, 11, 13, 3), (3, 3), (2, 2), 'SAME', 't'), 17, 2) == [(0, 5)]
    assert _batch_slices(_Geometry((2, 16, 16, 32), (3, 3), (1, 1), 'SAME', 't'), 8, 2) == [(0, 2)]
    assert _batch_slices(_Geometry((8, 28, 28, 16), (5, 5), (2, 2), 'SAME', 't'), 8, 1) == [(0, 8)]


# conv2d + bias_add on (4, 9, 9, 2) x (3, 3, 2, 3), x, f, b, gy from np.random.default_rng(5) (notes
# progs/conv7/goldens_bias.py): TF 2.21's bias gradient eagerly (BiasAddGrad) and in tf.function, where
# its graph fuses BiasAddGrad into the kernel gradient's oneDNN kernel (two threads: two batch slices)
BIAS_EAGER = ['0x3f774e25', '0x411fc7f0', '0x4217eea0']
BIAS_TRACED = {1: BIAS_EAGER, 2: ['0x3f774dd0', '0x411fc7f2', '0x4217eea3']}


def _bias_gradient(traced):
    rng = np.random.default_rng(5)
    x = tf.constant(rng.standard_normal((4, 9, 9, 2)).astype(np.float32))
    f = tf.Variable(rng.standard_normal((3, 3, 2, 3)).astype(np.float32))
    b = tf.Variable(rng.standard_normal((3,)).astype(np.float32))
    gy = tf.constant(rng.standard_normal((4, 9, 9, 3)).astype(np.float32))

    def grads():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.nn.bias_add(tf.nn.conv2d(x, f, 1, 'SAME'), b) * gy)
        return tape.gradient(loss, [f, b])[1]
    return np.asarray((tf.function(grads) if traced else grads)(), np.float32)


@pytest.mark.parametrize('count', [1, 2])
def test_traced_conv_bias_gradient_is_the_fused_kernels(intra_op_threads, count):
    intra_op_threads(count)
    assert _hex(_bias_gradient(traced=True)) == BIAS_TRACED[count]
    assert _hex(_bias_gradient(traced=False)) == BIAS_EAGER


def test_fused_bias_order_needs_a_noted_convolution():
    from framework.ops import conv_backprop_filter_order as order
    g = np.ones((2, 3, 3, 4), np.float32)
    assert order.fused_bias_grad(g, np.zeros((2, 3, 3, 4), np.float32)) is None
