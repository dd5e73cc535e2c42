"""A Dense layer's input gradient (output gradient @ kernel.T) in oneDNN's order (sixteen_column_product.py).

Golden: TF 2.21 on the project's AVX-512 Xeon (oneDNN on), the gradient of
reduce_sum(Dense(64)(x) * r) with respect to x (20, 3), eager and in a tf.function alike
(probe: /work/notes/progs/tracedense/golden2_tf.py); numpy's r @ w.T equals 15% of it.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy
from framework.ops.sixteen_column_product import rows_matmul_transposed
from helpers_fma_chain import fma_chain

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

GOLDEN_DX = ('f6b606bffd0f42c0f9a787bfc01488c0f7ebbd3e3f9072be66792bc0da97f43fcb082cc0e6791b40853c2ebffedb32c0'
             '99f9263d87fda4400ed2474014caedbf6b706fc0594cf3bf00d643c05450b1bf2a9913c033346cc067380f406e04783e'
             '1f2746bf8f3c793ff5f8e33e48d719403d263ec0cc3af9bff1f18abf63d5b63f9a1d09bf1b9fc03f1bf6f7bf64799bbf'
             '16de893f53d558c09dcd8940f7f4b640d64c4f4006783ec0cb9fa43f461508c00f12c6bff3d1fbbd55cac23fba7d5840'
             '293480bd2d9a90bfd8cd0640066e87be75e2383f3c4a3d3f4f8ced3ed6dcf13fd95d22c0f5ee7740529ccdbfeb7d5240')


@onednn
def test_dense_input_gradient_gives_tf_bytes():
    rng = np.random.RandomState(12)
    x = rng.randn(20, 3).astype(np.float32)
    w = (rng.randn(3, 64) * 0.3).astype(np.float32)
    r = rng.randn(20, 64).astype(np.float32)
    layer = keras.layers.Dense(64)
    layer.build((None, 3))
    layer.set_weights([w, np.zeros(64, np.float32)])
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        loss = tf.reduce_sum(layer(xt) * r)
    assert tape.gradient(loss, xt).numpy().tobytes().hex() == GOLDEN_DX
    assert (r @ w.T).tobytes().hex() != GOLDEN_DX        # numpy's order differs here


GOLDEN_DX_3D = ('5e45713e878c9f3fd8bcd1bf5237c9bf0e2f16c00ee6ba3e0f420540c8431ec024fa21bfd20bb5be0054213f1045793f'
                'de67a9bf4ff84dbf63ecac3f1bc52cbfd66aea3fb37cfcbf30f339be1e47b63eb3a3d2bf5d9984be090b9d3fbcc8f23f'
                '2aff6d4074a7e23f0271e23eb43c813f5ba46bc0f8caaa3fe2ce3dbf960ac3bfa34ae43efa6805401ce81fc0431d1bc0'
                '588eac3f5cca1a3fd74d144033ec263f5c3902406f5faf3f508e553f6a16e6bf234dba3e44096740201828bf820ee1bf'
                '447292c07443ea3fd75eba3f19eae9bfe616853fb48f2d3ff6f32dc0eff3c2bf02af19c04f4eaf3f2b6e2ebff17f82c0'
                'a4d116bff1fe35bf57c8bdbf041365bf6785dd3ffa5f6fbf8898b03f88f283bf2b3299c0c045493f60b129c0352611c0'
                'f47e783ff0b6543f02ae1d3f875c044019d81a408d87a73f51d024bfdb3159be733269bf1fa11bbf2cfb2940fb53e83f'
                'a74dc7bf176d0040ca04d13f07371840ca36a1be270ff43fae50dbbf06771fc021ae553f045cb23e8721273fb0f60440')


@onednn
def test_three_dimensional_input_gradient_gives_tf_bytes():
    # (32, 1, 3) inputs, Dense(40): TF's gradient is one product of the 32 flattened rows
    # (probe: /work/notes/progs/tracedense/golden4_tf.py; numpy's r @ w.T equals 22% of it)
    rng = np.random.RandomState(7)
    x = rng.randn(32, 1, 3).astype(np.float32)
    w = (rng.randn(3, 40) * .3).astype(np.float32)
    r = rng.randn(32, 1, 40).astype(np.float32)
    layer = keras.layers.Dense(40)
    layer.build((None, 1, 3))
    layer.set_weights([w, np.zeros(40, np.float32)])
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        loss = tf.reduce_sum(layer(xt) * r)
    assert tape.gradient(loss, xt).numpy().tobytes().hex() == GOLDEN_DX_3D


@onednn
@pytest.mark.parametrize('rows,depth,width', [(16, 64, 10), (32, 100, 17), (33, 384, 32), (64, 3, 24), (20, 29, 2)])
def test_transposed_product_is_anfma_chain(rows, depth, width):
    rng = np.random.RandomState(rows * depth + width)
    a = rng.randn(rows, depth).astype(np.float32)
    c = rng.randn(width, depth).astype(np.float32)
    assert np.array_equal(rows_matmul_transposed(a, c), fma_chain(a, np.ascontiguousarray(c.T)))


@onednn
def test_few_rows_take_another_kernel():
    # TF takes oneDNN's smalln_tn kernel below 16 rows (test_deepdense_few_rows.py), not the chain
    rng = np.random.RandomState(1)
    a = rng.randn(8, 64).astype(np.float32)
    c = rng.randn(10, 64).astype(np.float32)
    assert not np.array_equal(rows_matmul_transposed(a, c), fma_chain(a, np.ascontiguousarray(c.T)))
