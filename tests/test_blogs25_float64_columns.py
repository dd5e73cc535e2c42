"""float64 products with one output column, and their transposed form (the gradient of a weight
of one column), summed as TensorFlow 2.21 sums them: oneDNN has no double MatMul, so TF runs
Eigen's matrix-vector kernel with Packet4d (eigen_column_product.py) and, for ``x.T @ g``, its
one-row product (one_row_product.py), wherever it runs. A blog's linear regression on numpy's
float64 data (``X @ W + b`` by GradientTape) printed losses and weights that differed from TF's
in the last digits. The expected values were printed by TF 2.21 on an AVX-512 Xeon
(/work/notes/progs/blogs25/g_float64_columns.py); numpy's BLAS gets some of each case wrong there.
"""
import numpy as np
import pytest

import framework as tf


def _operands(rows, depth):
    a = ((np.arange(rows * depth) * 0.37) % 1.3 - 0.6).reshape(rows, depth)
    b = ((np.arange(depth) * 0.71) % 1.1 - 0.5).reshape(depth, 1)
    return a, b


# (rows, depth): TF 2.21's first six outputs' bits
GOLDEN = {
    (7, 13): [4606479857258147603, 13823946774281515218, 13819976400850025424, 4606222251359461997,
              13818945977255282972, 13824555660951135751],       # an odd M: the last row's half packet
    (9, 6): [4601787106446427553, 4598616572308758727, 13821826479576949199, 4601642991258351693,
             13797516048788402752, 13809225407819566584],
    (50, 3): [4597328542815330761, 13823064068754550606, 4583756494978287076, 4593123982203217671,
              13806897947532141432, 4589095962696497504],
}


@pytest.mark.parametrize('shape', sorted(GOLDEN))
def test_a_float64_column_sums_as_eigen(shape):
    a, b = _operands(*shape)
    assert tf.matmul(a, b).numpy()[:6, 0].view(np.uint64).tolist() == GOLDEN[shape]


def test_a_float64_column_weights_gradient_sums_as_eigen():
    a, b = _operands(50, 3)
    g = ((np.arange(50) * 0.29) % 0.9 - 0.4).reshape(50, 1)
    w = tf.Variable(b)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(a, w) * g)
    assert tape.gradient(loss, w).numpy()[:, 0].view(np.uint64).tolist() == [
        4591762093675900575, 4607493167174305938, 13821988609163534627]


def test_float64_regression_by_gradient_tape_trains_as_tensorflow():
    np.random.seed(3)
    x = np.random.rand(50, 3)
    y = x @ np.array([[2.0], [-1.0], [0.5]]) + 0.7 + np.random.randn(50, 1) * 0.01
    w = tf.Variable(tf.zeros([3, 1], dtype=tf.float64))
    bias = tf.Variable(tf.zeros([1], dtype=tf.float64))
    opt = tf.keras.optimizers.Adam(learning_rate=0.05)
    for _ in range(200):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ w + bias - y))
        opt.apply_gradients(zip(tape.gradient(loss, [w, bias]), [w, bias]))
    assert repr(loss.numpy()) == 'np.float64(0.00026970286184498543)'
    assert w.numpy()[:, 0].tolist() == [1.9587177992619964, -0.9673687573466438, 0.4989187843705155]
    assert bias.numpy().tolist() == [0.7040331750519573]
