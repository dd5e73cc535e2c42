"""Products deeper than 384 sum as TF's oneDNN no-copy sgemm does (onednn_depth_blocks.py).

Goldens: TF 2.21 + Keras 3.15 on the project's AVX-512 Xeon (oneDNN on), operands drawn by
``_case`` below; probe /work/notes/progs/deepdense/golden_tf.py. Forward bytes: a Dense layer
given the kernel and bias by set_weights, equal in model.predict, the eager call and a
tf.function. Gradients: tape.gradient of reduce_sum(layer(x) * r) in a tf.function (the
input watched). numpy's products (x @ w + b, x.T @ r, r @ w.T) equal these on 0-17% of the
elements; a single in-order chain over the whole depth differs too.
"""
import numpy as np
import pytest

import framework as tf
from framework import config, keras, onednn_policy
from framework.blas_threads import product
from framework.ops.onednn_depth_blocks import deep_blocks_wanted, depth_blocks
from framework.ops.sixteen_column_product import rows_matmul, rows_matmul_transposed, rows_matmul_transposed_a
from helpers_fma_chain import fma_chain

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

FORWARD = {
    (3, 400, 2, 0): 'f4d232bf10e510c06890f7bede604040286d4dbfba2d10c0',
    (2, 785, 5, 1): '39a7a3c0207d7e3ff0fcf0bf5969f33e1a1081c086f0eabf130d114068108b3ffcac01403db5c0c0',
    (4, 1000, 3, 2): 'e904cd3f18a5e3be17cac2409815094014707dbff21b1a3f7880a8bf6427bac036492bc00ca858c092e8fe3f74651640',
}
# the kernel gradient x.T @ r of a batch deeper than 384 (rows, depth, units, seed)
KERNEL_GRADIENT = {
    (785, 2, 3, 4): '3a6c12c23abc99c05007704162371cc20a694b4284153442',
    (400, 3, 2, 5): '627bf7c090c8f63f6a22fdc076637bc0da9b8a4108278f3f',
}
# the input gradient r @ w.T of a layer of more than 384 units (16 rows)
INPUT_GRADIENT = {
    (16, 2, 400, 6): 'a5e142bff81c26c04034da3ed0ee843e604a8b3f3820503faa01893ec463083e63ac5dc06a1a37c069b21ac06052633e'
                     'b148eabf58520740018ac03f6d2662c00e31a13d109c65bd446649bf80eda43eaf20a5bfe2d8a5bd8080233c07e2063f'
                     'c29f333fbaa4dd3fde1a38bf636ec53fa2de0ac0bf1a9bc0dabf3abf2cbffe3e',
}


def _case(rows, depth, units, seed):
    rng = np.random.RandomState(seed)
    x = rng.randn(rows, depth).astype(np.float32)
    w = (rng.randn(depth, units) * 0.1).astype(np.float32)
    b = rng.randn(units).astype(np.float32)
    r = rng.randn(rows, units).astype(np.float32)
    layer = keras.layers.Dense(units)
    layer.build((None, depth))
    layer.set_weights([w, b])
    return x, w, b, r, layer


def _gradients(x, r, layer):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(layer(x) * r)
    dx, dk = tape.gradient(loss, [x, layer.kernel])
    return dx.numpy(), dk.numpy()


@pytest.mark.parametrize('depth,blocks', [
    (384, [(0, 384)]), (385, [(0, 193), (193, 385)]), (512, [(0, 256), (256, 512)]),
    (768, [(0, 384), (384, 768)]), (784, [(0, 384), (384, 584), (584, 784)]),
    (1152, [(0, 384), (384, 768), (768, 1152)]),
    (1200, [(0, 384), (384, 768), (768, 984), (984, 1200)])])
def test_depth_blocks_follow_onednn_s_rule(depth, blocks):
    assert list(depth_blocks(depth)) == blocks


def test_copy_based_products_are_not_blocked():
    assert deep_blocks_wanted(32, 128, 784, 'forward')
    assert not deep_blocks_wanted(1100, 1100, 784, 'forward')          # 1/m + 1/n below 0.00196
    assert not deep_blocks_wanted(101, 1024, 501, 'forward')           # a kernel of 1024 columns
    assert deep_blocks_wanted(100, 1024, 501, 'forward')
    assert not deep_blocks_wanted(784, 1024, 400, 'kernel_grad')         # (a leading dimension of 1024)
    assert deep_blocks_wanted(784, 1024, 400, 'input_grad')


@onednn
@pytest.mark.parametrize('shape', sorted(FORWARD))
def test_forward_gives_tf_bytes(shape):
    x, w, b, _, layer = _case(*shape)
    inputs = keras.Input((shape[1],))
    model = keras.Model(inputs, layer(inputs))
    assert model.predict(x, batch_size=shape[0], verbose=0).tobytes().hex() == FORWARD[shape]
    assert layer(x).numpy().tobytes().hex() == FORWARD[shape]
    assert tf.function(lambda t: layer(t))(x).numpy().tobytes().hex() == FORWARD[shape]


@onednn
@pytest.mark.parametrize('shape', sorted(KERNEL_GRADIENT))
def test_kernel_gradient_of_a_deep_batch_gives_tf_bytes(shape):
    x, w, b, r, layer = _case(*shape)
    _, dk = _gradients(x, r, layer)
    assert dk.tobytes().hex() == KERNEL_GRADIENT[shape]


@onednn
@pytest.mark.parametrize('shape', sorted(INPUT_GRADIENT))
def test_input_gradient_of_many_units_gives_tf_bytes(shape):
    x, w, b, r, layer = _case(*shape)
    dx, _ = _gradients(x, r, layer)
    assert dx.tobytes().hex() == INPUT_GRADIENT[shape]


@onednn
def test_tf_matmul_takes_the_blocks():
    x, w, _, _, _ = _case(3, 500, 4, 8)
    assert tf.matmul(x, w).numpy().tobytes().hex() == (
        '106b7cbfa9172440835338c088817cbe39e2e9bf68ec973ef4270ec09e9e933fc870f63f44e7debe589f05409e6dae3f')
    xt = np.random.RandomState(9).randn(500, 3).astype(np.float32)
    g = np.random.RandomState(10).randn(500, 4).astype(np.float32)
    assert tf.matmul(xt, g, transpose_a=True).numpy().tobytes().hex() == (
        '0c21adc0fb8992419f49f74166e43942285cefc08eaca8c1d980d3c1906d83be20e536bfa39039c1f05327c0c60809c2')


@onednn
@pytest.mark.parametrize('rows,depth,width', [(2, 400, 2), (5, 785, 19), (17, 1000, 33), (3, 2000, 9)])
def test_products_are_chains_summed_per_block(rows, depth, width):
    rng = np.random.RandomState(rows + depth + width)
    a = rng.randn(rows, depth).astype(np.float32)
    b = rng.randn(depth, width).astype(np.float32)
    expected = None
    for start, stop in depth_blocks(depth):
        part = fma_chain(a[:, start:stop], b[start:stop])
        expected = part if expected is None else expected + part
    assert np.array_equal(rows_matmul(a, b), expected)
    assert np.array_equal(rows_matmul_transposed_a(np.ascontiguousarray(a.T).T, b), expected)
    if rows >= 16:
        assert np.array_equal(rows_matmul_transposed(a, np.ascontiguousarray(b.T)), expected)


@onednn
def test_exact_math_off_leaves_the_product_to_blas():
    rng = np.random.RandomState(0)
    a = rng.randn(4, 800).astype(np.float32)
    b = rng.randn(800, 16).astype(np.float32)
    assert not np.array_equal(rows_matmul(a, b), product(a, b))     # the test can fail
    config.set_tf_exact_math(False)
    try:
        assert np.array_equal(rows_matmul(a, b), product(a, b))
        assert np.array_equal(rows_matmul_transposed_a(a.T, a), product(a.T, a))
    finally:
        config.set_tf_exact_math('small')


def test_without_onednn_the_product_is_blas(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    rng = np.random.RandomState(0)
    a = rng.randn(4, 800).astype(np.float32)
    b = rng.randn(800, 16).astype(np.float32)
    assert np.array_equal(rows_matmul(a, b), product(a, b))
