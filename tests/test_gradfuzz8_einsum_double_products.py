"""float64 einsums sum as TF 2.21's BatchMatMul (the Einsum kernel's product) does: eigen_double_product's model,
as tf.matmul of batches already did (a one-row 'ki,kj->ij' was BLAS's fused sums, an ulp off). Those without a
contraction keep the sign of a zero product, as TF 2.21's BatchMatMul does where
it takes Eigen's coefficient-based product (an operand read transposed, rows + columns + depth < 20): 0 * -2 is
-0 in 'i,j->ij', 'ij,ij->ij' and the gradient of '...j,j->...' (fuzz 43 #291); the plain layout ('bik,bkj') and
larger products start from +0. Values printed by TF 2.21 (progs/gradfuzz8/t_ez.py, t_ez3.py, t_mm64.py)."""
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


def _hexes(t):
    return [float(v).hex() for v in t.numpy().ravel()]


def test_one_row_products_sum_in_order():
    a = tf.constant([[0.73], [-0.56]], tf.float64)
    b = tf.constant([[-0.25, 0.79, -1.76, 0.67, 0.68], [-1.16, -1.48, -0.74, -0.55, 0.28]], tf.float64)
    assert _hexes(tf.einsum('ki,kj->ij', a, b)) == ['0x1.de4f765fd8adcp-2', '0x1.67ced916872b0p+0',
                                                    '-0x1.bda5119ce075ep-1', '0x1.981d7dbf487fep-1',
                                                    '0x1.5bc01a36e2eb2p-2']
    a = tf.constant([[0.72], [-0.2], [1.91], [-1.54]], tf.float64)
    b = tf.constant([[1.07, -0.35, 0.7, -1.0, -0.75], [1.86, 0.35, 0.64, 0.13, -1.08], [-0.42, 0.48, -0.1, -0.12, 0.86],
                     [-0.85, -0.47, 1.0, 1.51, -1.59]], tf.float64)
    assert _hexes(tf.einsum('ki,kj->ij', a, b)) == ['0x1.cf765fd8adabap-1', '0x1.518fc504816f0p+0',
                                                    '-0x1.5ae147ae147aep+0', '-0x1.a67a0f9096bbap+1',
                                                    '0x1.e2339c0ebedfap+1']


def test_diagonal_einsum_gradient_is_zero_off_the_diagonal():
    # TF's Einsum inflates g into zeros: +0.0 off the diagonal, g's own -0.0 on it (fuzz 50 #72;
    # progs/gradfuzz8/pin_diag_es.py)
    x = tf.constant([[1.12, -0.53], [1.71, -1.87]], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.einsum('ii->i', x) * tf.constant([-1.5, -0.0], tf.float64))
    assert _text(tape.gradient(y, x)) == '[[-1.5, 0.0], [0.0, -0.0]]'


def test_small_batched_row_by_row_products_sum_by_packets_of_four():
    # TF's coefficient-based BatchMatMul of a row by a stored row (trans_y): Eigen's 4-lane dot products
    # (progs/gradfuzz8/pin_attn64.py, t_lazy4.py); einsum 'bqhd,bkhd->bhqk' and matmul(transpose_b=True)
    q = tf.constant(np.linspace(-1.3, 1.7, 2 * 3 * 2 * 5).reshape(2, 3, 2, 5) ** 3)
    k = tf.constant(np.cos(np.arange(2 * 4 * 2 * 5)).reshape(2, 4, 2, 5))
    expected = ['-0x1.69455ae522114p-3', '-0x1.2b2289d9d318ap+0', '0x1.119334c0dfabcp+1', '-0x1.3587d35dc1a78p+1',
                '-0x1.8028aff9f1bdap-3', '-0x1.04aabed432088p-3', '0x1.9acc365992573p-2', '-0x1.17859c2d47a30p-1',
                '-0x1.903d785bb0842p-6', '0x1.84651c1ad7dcdp-7', '0x1.29655701b1b8fp-8', '-0x1.3ef736be4e57ap-6']
    assert _hexes(tf.einsum('bqhd,bkhd->bhqk', q, k))[:12] == expected
    scores = tf.matmul(tf.transpose(q, [0, 2, 1, 3]), tf.transpose(k, [0, 2, 1, 3]), transpose_b=True)
    assert _hexes(scores)[:12] == expected
