"""float32 products with one output column where TensorFlow 2.21 runs without oneDNN (an AVX2 CPU,
or TF_ENABLE_ONEDNN_OPTS=0): Eigen's matrix-vector kernel's order of sums
(framework/ops/eigen_column_product.py), for the product and for its transposed form (the
kernel gradient of a one-column weight). The expected bits were printed by TF 2.21 with
TF_ENABLE_ONEDNN_OPTS=0 for the same operands; numpy's BLAS gets some of each case wrong.
"""
import numpy as np
import pytest

import framework as tf


def _operands(rows, depth):
    a = ((np.arange(rows * depth) * 0.37) % 1.3 - 0.6).reshape(rows, depth).astype(np.float32)
    b = ((np.arange(depth) * 0.71) % 1.1 - 0.5).reshape(depth, 1).astype(np.float32)
    return a, b


@pytest.fixture(autouse=True)
def onednn_off(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


# (rows, depth): TF 2.21's bits, and how many elements numpy's a @ b gets different on the AMD EPYC (its
# OpenBLAS kernels; an AVX-512 Xeon's differ elsewhere: the tests ask only that numpy's product differs)
GOLDEN = {
    (3, 14): ([1063680526, 1048045840, 1047495544], 3),          # K + M + 1 < 20: coefficient by coefficient
    (4, 15): ([1058432612, 1053206512, 3201411578, 3200253952], 2),
    (5, 30): ([1062845022, 3206369247, 1072781328, 3209070380, 1068050153], 3),     # last row: a half packet
    (7, 13): ([1064044592, 3200529098, 3193133705, 1063564764, 3191214388, 3201663238, 1049139713], 2),
}


@pytest.mark.parametrize('shape', sorted(GOLDEN))
def test_a_column_sums_as_eigen(shape):
    a, b = _operands(*shape)
    bits, numpy_misses = GOLDEN[shape]
    assert int(np.sum((a @ b)[:, 0].view(np.uint32) != bits)) >= min(numpy_misses, 1)      # the test can fail
    assert tf.matmul(a, b).numpy()[:, 0].view(np.uint32).tolist() == bits


def test_the_transposed_column_sums_as_eigen():
    a, g = _operands(40, 7)[0], _operands(40, 1)[0]
    bits = [1075205638, 3216158752, 3197032727, 1064380135, 1032805400, 3211259808, 1050757038]
    assert int(np.sum((a.T @ g)[:, 0].view(np.uint32) != bits)) >= 1      # (3 on the EPYC, 5 on the Xeon)
    assert tf.matmul(a, g, transpose_a=True).numpy()[:, 0].view(np.uint32).tolist() == bits


def test_a_one_column_weight_gets_eigens_gradient():
    a, b = _operands(5, 30)
    w = tf.Variable(b)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(tf.constant(a), w) * tf.constant(_operands(5, 1)[0]))
    grad = tape.gradient(loss, w).numpy()[:, 0].view(np.uint32).tolist()
    assert grad[:6] == [1057585365, 1050757038, 3196764292, 1029248644, 1054582244, 3202971861]
    assert grad[-4:] == [3202367881, 3199784190, 3193979274, 1051562344]
