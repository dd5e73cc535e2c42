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

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

GOLDEN_DX = ('f6b606bffd0f42c0f9a787bfc01488c0f7ebbd3e3f9072be66792bc0da97f43fcb082cc0e6791b40853c2ebffedb32c0'
             '99f9263d87fda4400ed2474014caedbf6b706fc0594cf3bf00d643c05450b1bf2a9913c033346cc067380f406e04783e'
             '1f2746bf8f3c793ff5f8e33e48d719403d263ec0cc3af9bff1f18abf63d5b63f9a1d09bf1b9fc03f1bf6f7bf64799bbf'
             '16de893f53d558c09dcd8940f7f4b640d64c4f4006783ec0cb9fa43f461508c00f12c6bff3d1fbbd55cac23fba7d5840'
             '293480bd2d9a90bfd8cd0640066e87be75e2383f3c4a3d3f4f8ced3ed6dcf13fd95d22c0f5ee7740529ccdbfeb7d5240')


def _fma_chain(a, w):
    """Exact FMA per k in order from +0 (float64 product, float32 rounding per step)."""
    total = np.zeros((a.shape[0], w.shape[1]), np.float32)
    for k in range(a.shape[1]):
        total = (a[:, k:k + 1].astype(np.float64) * w[k:k + 1].astype(np.float64) + total).astype(np.float32)
    return total


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


@onednn
@pytest.mark.parametrize('rows,depth,width', [(16, 64, 10), (32, 100, 17), (33, 384, 32), (64, 3, 24), (20, 29, 2)])
def test_transposed_product_is_an_fma_chain(rows, depth, width):
    rng = np.random.RandomState(rows * depth + width)
    a = rng.randn(rows, depth).astype(np.float32)
    c = rng.randn(width, depth).astype(np.float32)
    assert np.array_equal(rows_matmul_transposed(a, c), _fma_chain(a, np.ascontiguousarray(c.T)))


def test_few_rows_stay_numpy_s():
    # TF takes another kernel below 16 rows (not decoded): numpy's product, unchanged
    rng = np.random.RandomState(1)
    a = rng.randn(8, 64).astype(np.float32)
    c = rng.randn(10, 64).astype(np.float32)
    assert np.array_equal(rows_matmul_transposed(a, c), a @ c.T)
