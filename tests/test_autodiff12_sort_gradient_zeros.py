"""tf.sort ascending is TF's -top_k(-x): its gradient puts -0.0 (not 0.0) where no sorted value came
from, which jacobians print. TF 2.21 (notes/progs/autodiff12/x_sortjac.py): the jacobian of
sort([[3, 1, 2], [0.5, 0.7, 0.1]]) is a permutation with -0.0 elsewhere, pfor or not, and in
batch_jacobian; descending sort and top_k keep +0.0.
"""
import numpy as np
import pytest

import framework as tf

X2 = [[3.0, 1.0, 2.0], [0.5, 0.7, 0.1]]


def _signbits(a):
    return np.signbit(np.asarray(a)).astype(int).tolist()


@pytest.mark.parametrize('pfor', [True, False])
def test_ascending_sort_jacobian_zeros_are_negative(pfor):
    x = tf.constant(X2)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.sort(x, axis=-1)
    j = tape.jacobian(y, x, experimental_use_pfor=pfor).numpy().reshape(6, 6)
    want = np.zeros((6, 6))
    for row, col in enumerate([1, 2, 0, 5, 3, 4]):
        want[row, col] = 1.0
    np.testing.assert_array_equal(j, want)
    assert _signbits(j) == _signbits(np.where(want == 1.0, 1.0, -0.0))
    bj = tape.batch_jacobian(y, x).numpy()
    assert np.signbit(bj[bj == 0]).all()


def test_descending_sort_and_top_k_keep_positive_zeros():
    x = tf.constant([[-2.0, -0.5, 1.5, 0.024]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        down = tf.sort(x * 2.0, direction='DESCENDING')
        top = tf.math.top_k(x * 2.0, k=2).values
    for y in (down, top):
        j = tape.jacobian(y, x).numpy()
        assert not np.signbit(j).any()


def test_ascending_sort_values_keep_their_bits_and_axis_zero():
    a = np.array([[0.0, -0.0, 2.0], [-0.0, 1.0, -3.0]], np.float32)
    got = tf.sort(tf.constant(a), axis=0).numpy()
    np.testing.assert_array_equal(got.view(np.uint32), np.sort(a, axis=0, kind='stable').view(np.uint32))
    assert tf.sort(tf.constant([3, 1, 2])).numpy().tolist() == [1, 2, 3]


def test_sort_float64_gradient_matches_central_differences():
    data = np.array([[0.3, -1.2, 2.0], [0.7, -0.4, 1.1]])
    w = np.array([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]])
    x = tf.constant(data)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.sort(x, axis=0) * w)
    g = tape.gradient(y, x).numpy()
    f = lambda d: np.sum(np.sort(d, axis=0) * w)
    eps = 1e-6
    numeric = np.zeros_like(data)
    for idx in np.ndindex(*data.shape):
        e = np.zeros_like(data)
        e[idx] = eps
        numeric[idx] = (f(data + e) - f(data - e)) / (2 * eps)
    np.testing.assert_allclose(g, numeric, rtol=1e-8)
