"""A Dense layer's input gradient of 2-15 rows sums as oneDNN's smalln_tn sgemm kernel does:
16 lanes of in-order fused multiply-add chains over the units, then a fixed tree of adds
(sixteen_column_product._few_rows_transposed).

Goldens: TF 2.21 + Keras 3.15 on the project's AVX-512 Xeon (oneDNN on): the gradient of
reduce_sum(Dense(N)(x) * r) with respect to x in a tf.function, operands drawn below
(probe /work/notes/progs/deepdense/golden_smalln_tf.py); tf.matmul(r, w, transpose_b=True)
gave the same bytes. numpy's r @ w.T matched on 33-53% of the elements.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy
from framework.ops.sixteen_column_product import rows_matmul_transposed

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

GOLDEN = {   # (rows, inputs, units, seed): dx
    (8, 3, 64, 20): '6443323fa6954dbfadf22c3f562b75bfa05ed93e6b4b1bc0464faf3ec2df0ac03e19093ff6941840a4bc7f3f8a0b5dc0'
                    '9ed00b405c58a2bda4e2ae3f741b7e3e916ee83fe60d37bf8f0e43408bf940c054e581c0dba0f23f198443c03b139d3f',
    (5, 2, 10, 21): 'f42858be986c0a3fbcd916bf595915c0047bd03e089c3e3fd9870ebfc095343ce311d6bee32ff73f',
    (4, 3, 50, 24): '0481583e69bf563f2ebf9ebf9052843e189b7abffa79d53f2003e2be4d1a863f03ce583fc758043f63209bbf9b037440',
    (15, 2, 33, 23): '0676bf3e4efbcebf88c40140847c64c0f2f4843fb15c4fc0b424c63fa60ed23e86640ac050ba8f3f66853c3ebf910c40'
                     '785a9dbe84e815c0164918402c6a62bff15a373e8267b03fc017ef3faac435bffe4f2640b6b88fbf405d263c65d8d3be'
                     '3cc2d63eb0e119c0d8408a3fc9131ec0f24d8bbf03c21940',
}


def _case(rows, inputs, units, seed):
    rng = np.random.RandomState(seed)
    x = rng.randn(rows, inputs).astype(np.float32)
    w = (rng.randn(inputs, units) * 0.3).astype(np.float32)
    r = rng.randn(rows, units).astype(np.float32)
    return x, w, r


@onednn
@pytest.mark.parametrize('shape', sorted(GOLDEN))
def test_input_gradient_and_matmul_give_tf_bytes(shape):
    x, w, r = _case(*shape)
    layer = keras.layers.Dense(shape[2])
    layer.build((None, shape[1]))
    layer.set_weights([w, np.zeros(shape[2], np.float32)])
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        loss = tf.reduce_sum(layer(xt) * r)
    assert tape.gradient(loss, xt).numpy().tobytes().hex() == GOLDEN[shape]
    assert tf.matmul(r, w, transpose_b=True).numpy().tobytes().hex() == GOLDEN[shape]


def _lanes_and_tree(a, c):
    """float64-exact emulation: lane t an FMA chain over the depth's t, t+16, ..., then the tree."""
    lanes = np.zeros((16, a.shape[0], c.shape[0]), np.float32)
    for k in range(a.shape[1]):
        exact = a[:, k:k + 1].astype(np.float64) * c[:, k].astype(np.float64) + lanes[k % 16]
        lanes[k % 16] = exact.astype(np.float32)
    pairs = [lanes[i] + lanes[i + 8] for i in (0, 4, 2, 6, 1, 5, 3, 7)]
    return ((pairs[0] + pairs[1]) + (pairs[2] + pairs[3])) + ((pairs[4] + pairs[5]) + (pairs[6] + pairs[7]))


@onednn
@pytest.mark.parametrize('rows,depth,width', [(2, 5, 3), (3, 16, 40), (7, 48, 17), (9, 100, 20), (15, 37, 9)])
def test_every_path_is_the_lane_kernel(rows, depth, width):
    # depth <= 16 (a product per lane), a multiple of 16 (one stacked product), other depths (a product per lane)
    rng = np.random.RandomState(rows * depth + width)
    a = rng.randn(rows, depth).astype(np.float32)
    c = rng.randn(width, depth).astype(np.float32)
    assert np.array_equal(rows_matmul_transposed(a, c), _lanes_and_tree(a, c))


def test_without_onednn_few_rows_are_blas(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    rng = np.random.RandomState(1)
    a = rng.randn(8, 64).astype(np.float32)
    c = rng.randn(10, 64).astype(np.float32)
    assert np.array_equal(rows_matmul_transposed(a, c), a @ c.T)
