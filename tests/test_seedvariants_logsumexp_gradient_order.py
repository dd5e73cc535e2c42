"""reduce_logsumexp's input gradient adds to the input's other gradients in TF 2.21's order.

TF composes reduce_logsumexp as Sub(x, max), Exp, Sum, Log, Add(max), so its tape reads x five ops
from the output; where x has other readers their gradients add in that visiting order. tapeflow
recorded three nodes (exp, sum, log) and added the lse's part earlier: seed 004's loop varied with
logsumexp in the function to minimize drifted an ulp from TF after a few steps.

Golden values printed by TF 2.21 (CPU) with /work/notes/progs/seedvariants/lsefix_tf.py:
    v = tf.Variable(vals)
    with tf.GradientTape() as t:
        loss = tf.reduce_logsumexp(v) + tf.reduce_sum((v - 1.0) * 0.3) + tf.reduce_sum(v * v)
    print(t.gradient(loss, v).numpy().tolist())
"""
import numpy as np
import pytest

import framework as tf

F32 = np.float32


@pytest.mark.parametrize('vals, expected', [
    ([0.32393327, -0.65498424, 0.82519555], [1.2782788276672363, -0.885826826095581, 2.4958369731903076]),
    ([0.3, -0.8, 1.1], [1.1810243129730225, -1.206455111503601, 3.1254310607910156]),
    ([0.1, 0.2, 0.7], [0.7546285390853882, 0.9814081192016602, 2.163963556289673]),
])
def test_logsumexp_and_two_other_readers_add_in_tf_order(vals, expected):
    v = tf.Variable(vals)
    with tf.GradientTape() as t:
        loss = tf.reduce_logsumexp(v) + tf.reduce_sum((v - 1.0) * 0.3) + tf.reduce_sum(v * v)
    got = t.gradient(loss, v).numpy()
    np.testing.assert_array_equal(got, np.array(expected, F32))


# TF 2.21's printout per kind of CPU: its float32 exp / log round otherwise on the AVX2 AMD EPYC than on the Xeon
_ENTROPY_GRADIENT = {
    'avx512_vnni': [0.16933244466781616, -0.04653347283601761, 1.877200961112976],
    'avx2': [0.16933245956897736, -0.046533457934856415, 1.877200961112976],
}


def test_entropy_logsumexp_and_max_of_one_variable(cpu_kind):
    # seed 004's loop varied: softmax entropy + logsumexp + max |v|
    if cpu_kind not in _ENTROPY_GRADIENT:
        pytest.skip("TF 2.21's bits were not measured on this kind of CPU (%s)" % cpu_kind)
    v = tf.Variable([0.3, -0.8, 1.1])
    with tf.GradientTape() as t:
        sm = tf.nn.softmax(v)
        loss = tf.reduce_sum(sm * tf.math.log(sm)) + tf.reduce_logsumexp(v) + tf.reduce_max(tf.abs(v))
    np.testing.assert_array_equal(t.gradient(loss, v).numpy(), np.array(_ENTROPY_GRADIENT[cpu_kind], F32))


def test_keepdims_rows_times_their_input():
    # keepdims=True over rows, the result read by a product with x: TF 2.21's printout
    x = tf.constant([[0.5, -1.0, 2.0], [0.1, 0.2, 0.7]])
    with tf.GradientTape() as t:
        t.watch(x)
        loss = tf.reduce_sum(tf.reduce_logsumexp(x, axis=1, keepdims=True) * x) + tf.reduce_sum(x * x * 0.5)
    expected = [[3.004246950149536, 1.2999801635742188, 5.419706344604492],
                [1.8225780725479126, 1.9493577480316162, 2.631913185119629]]
    np.testing.assert_array_equal(t.gradient(loss, x).numpy(), np.array(expected, F32))


def test_value_and_second_derivative_unchanged():
    # the extra Sub / Add nodes pass g on: the softmax gradient and its Jacobian keep their values
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_logsumexp(x)
        g = inner.gradient(y, x)
    h = outer.jacobian(g, x).numpy()
    e = np.exp(np.array([1.0, 2.0, 3.0]) - 3.0)
    p = e / e.sum()
    np.testing.assert_allclose(y.numpy(), 3.0 + np.log(e.sum()), rtol=1e-6)
    np.testing.assert_allclose(g.numpy(), p, rtol=1e-6)
    np.testing.assert_allclose(h, np.diag(p) - np.outer(p, p), atol=1e-6)
