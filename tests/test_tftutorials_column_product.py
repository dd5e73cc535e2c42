"""float32 products with one output column (a Dense(1) layer's predictions) in oneDNN's order of
sums, as TensorFlow 2.21 computes them on x86-64 (framework/ops/column_product.py). The expected
bits were printed by TF 2.21 for the same operands: ``tf.matmul(a, b).numpy().view(np.uint32)``;
numpy's BLAS gets some of each case's elements wrong in the last bit.
"""
import numpy as np
import pytest

import framework as tf
from framework import config, keras, onednn_policy
from framework.ops import eigen_math


# The goldens are oneDNN's sums: TensorFlow runs oneDNN where onednn_policy says so
onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')


def _operands(rows, depth):
    a = ((np.arange(rows * depth) * 0.37) % 1.3 - 0.6).reshape(rows, depth).astype(np.float32)
    b = ((np.arange(depth) * 0.71) % 1.1 - 0.5).reshape(depth, 1).astype(np.float32)
    return a, b


# (rows, depth): TF 2.21's bits, and how many elements numpy's a @ b gets different
GOLDEN = {
    (4, 15): ([1058432614, 1053206511, 3201411581, 3200253952], 2),
    (3, 29): ([1064158678, 1059877134, 3209105612], 2),
    (10, 100): ([3206545406, 1071980216, 3214430699, 1074417106, 3222760587, 1075318882, 3215839986,
                 1074857509, 3217417044, 1065781036], 6),
}


@onednn
@pytest.mark.parametrize('shape', sorted(GOLDEN))
def test_matmul_and_dense_sum_a_column_as_tensorflow(shape):
    a, b = _operands(*shape)
    bits, numpy_misses = GOLDEN[shape]
    assert int(np.sum((a @ b)[:, 0].view(np.uint32) != bits)) == numpy_misses      # the test can fail
    assert tf.matmul(a, b).numpy()[:, 0].view(np.uint32).tolist() == bits
    dense = keras.layers.Dense(1, bias_initializer='zeros')
    dense.build((None, shape[1]))
    dense.kernel.assign(b)
    assert dense(a).numpy()[:, 0].view(np.uint32).tolist() == bits
    assert dense(a[None]).numpy()[0, :, 0].view(np.uint32).tolist() == bits       # tensordot's reshape


@onednn
def test_products_meet_in_oneDNNs_tree():
    # 2**30 at k = 0 and -2**30 at k = j among ones: the ones added after the two cancel survive.
    # K = 15 is blocks of 8, 4, 2 and 1; TF 2.21 prints [13, 7, 11, 3, 1, 0] for these j.
    got = []
    for j in [1, 2, 4, 8, 12, 14]:
        a = np.ones((2, 15), np.float32)
        a[:, 0], a[:, j] = 2.0 ** 30, -2.0 ** 30
        got.append(int(tf.matmul(a, np.ones((15, 1), np.float32)).numpy()[0, 0]))
    assert got == [13, 7, 11, 3, 1, 0]


@onednn
def test_negative_zero_products_sum_to_positive_zero():
    out = tf.matmul(-np.ones((3, 2), np.float32), np.zeros((2, 1), np.float32)).numpy()
    assert not np.signbit(out).any()            # TF 2.21: +0 (the multiply-adds start from +0)


@onednn
def test_large_batches_and_training_steps_keep_blas_by_default():
    a, b = _operands(32, 784)
    # TF 2.21's first elements for (32, 784); the default mode computes up to 1000 rows exactly
    assert tf.matmul(a, b).numpy()[:3, 0].view(np.uint32).tolist() == [1074164609, 1065078086, 1080114651]
    a33, b33 = _operands(33, 29)
    # TF 2.21's bits where numpy's BLAS differs (17 of the 33 outputs; these are the first four)
    assert tf.matmul(a33, b33).numpy()[[1, 2, 3, 5], 0].view(np.uint32).tolist() == [
        1059877134, 3209105612, 3205535419, 1060199256]
    a1001, b1001 = _operands(1001, 29)
    np.testing.assert_array_equal(tf.matmul(a1001, b1001).numpy(), a1001 @ b1001)    # BLAS past 1000 rows
    x = tf.Variable(a)
    with tf.GradientTape():
        recorded = tf.matmul(x, b).numpy()
    np.testing.assert_array_equal(recorded, a @ b)             # under a tape: BLAS, as training steps
    saved = eigen_math.ENABLED[0]
    config.set_tf_exact_math(True)
    try:
        with tf.GradientTape():
            exact = tf.matmul(x, b).numpy()
        assert exact[:3, 0].view(np.uint32).tolist() == [1074164609, 1065078086, 1080114651]
    finally:
        eigen_math.ENABLED[0] = saved


def test_without_onednn_the_column_is_eigens(monkeypatch):
    # TF_ENABLE_ONEDNN_OPTS=0: TensorFlow sums with Eigen's matrix-vector kernel (eigen_column_product.py;
    # these bits are TF 2.21's with oneDNN off, the 1st, 2nd, 3rd and last differing from oneDNN's)
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    a, b = _operands(10, 100)
    assert tf.matmul(a, b).numpy()[:, 0].view(np.uint32).tolist() == [
        3206545410, 1071980215, 3214430700, 1074417106, 3222760587, 1075318882, 3215839986, 1074857509, 3217417044,
        1065781035]
