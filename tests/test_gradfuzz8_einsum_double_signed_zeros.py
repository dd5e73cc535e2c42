"""float64 einsums without a contraction keep the sign of a zero product, as TF 2.21's BatchMatMul does where
it takes Eigen's coefficient-based product (an operand read transposed, rows + columns + depth < 20): 0 * -2 is
-0 in 'i,j->ij', 'ij,ij->ij' and the gradient of '...j,j->...' (fuzz 43 #291); the plain layout ('bik,bkj') and
larger products start from +0. Values printed by TF 2.21 (progs/gradfuzz8/t_ez.py, t_ez3.py)."""
import numpy as np

import framework as tf


def _text(t):
    return str(t.numpy().tolist())


def test_products_without_contraction_keep_negative_zero():
    a = tf.constant([0.0, -1.5, 2.0], tf.float64)
    b = tf.constant([-2.0, 0.0, 3.0], tf.float64)
    m = tf.constant([[0.0, -1.0], [2.0, -0.0]], tf.float64)
    assert _text(tf.einsum('i,j->ij', a, b)) == '[[-0.0, 0.0, 0.0], [3.0, -0.0, -4.5], [-4.0, 0.0, 6.0]]'
    assert _text(tf.einsum(',j->j', tf.constant(0.0, tf.float64), b)) == '[-0.0, 0.0, 0.0]'
    assert _text(tf.einsum('i,i->i', a, b)) == '[-0.0, -0.0, 6.0]'
    assert _text(tf.einsum('ij,ij->ij', m, -m)) == '[[-0.0, -1.0], [-4.0, -0.0]]'
    assert _text(tf.einsum('bi,bj->bij', m, m)) == '[[[0.0, -0.0], [-0.0, 1.0]], [[4.0, -0.0], [-0.0, 0.0]]]'


def test_plain_layout_and_large_products_start_from_positive_zero():
    m = tf.constant([[0.0, -1.0], [2.0, -0.0]], tf.float64)
    assert _text(tf.einsum('ij,j->ij', m, tf.constant([-2.0, 0.0], tf.float64))) == '[[0.0, 0.0], [-4.0, 0.0]]'
    assert not np.signbit(tf.einsum('i,j->ij', tf.zeros([12], tf.float64), -tf.ones([12], tf.float64))).any()
    zeros, minus = tf.zeros([1, 3, 1], tf.float64), -tf.ones([1, 1, 2], tf.float64)
    assert not np.signbit(tf.einsum('bik,bkj->bij', zeros, minus)).any()
    assert np.signbit(tf.einsum('bki,bkj->bij', tf.zeros([1, 1, 3], tf.float64), minus)).all()


def test_gradient_of_a_vector_dot_keeps_the_zero_signs():
    x = tf.constant([1.78, -0.59, -1.51, -1.95], tf.float64)
    v = tf.constant([-1.89, 0.83, -0.11, -1.01], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.minimum(tf.einsum('...j,j->...', x, v), -10.0)
    assert _text(tape.gradient(y, x)) == '[-0.0, 0.0, -0.0, -0.0]'
