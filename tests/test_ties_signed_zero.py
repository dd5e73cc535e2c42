"""Which operand tf.maximum / tf.minimum / tf.clip_by_value return where +0.0 and -0.0 tie.

Golden sign strings measured with TensorFlow 2.21 on CPU (AVX2 EPYC, Eigen kernels), eagerly and inside
tf.function alike, by printing np.signbit of the results ('+' for +0.0, '-' for -0.0): over the broadcast
result in C order, full 32-byte packets (8 float32s / 4 float64s) give the second operand y on a tie and
the last size % packet elements give the first operand x; float16 and bfloat16 give x everywhere.
Ties are exact elementwise comparisons, so these are pinned exactly.
"""
import numpy as np
import pytest

import framework as tf


def signs(t):
    return ''.join('-' if negative else '+' for negative in np.signbit(np.asarray(t, np.float32)).ravel())


def zeros(n, dtype, negative=False):
    return tf.constant(-np.zeros(n, dtype) if negative else np.zeros(n, dtype))


# n: (maximum(+0, -0), maximum(-0, +0)) signs from TF 2.21 float32; minimum gives the same strings
FLOAT32_TIES = {
    1: ('+', '-'), 3: ('+++', '---'), 7: ('+' * 7, '-' * 7), 8: ('-' * 8, '+' * 8),
    9: ('-' * 8 + '+', '+' * 8 + '-'), 15: ('-' * 8 + '+' * 7, '+' * 8 + '-' * 7),
    16: ('-' * 16, '+' * 16), 17: ('-' * 16 + '+', '+' * 16 + '-'),
}


@pytest.mark.parametrize('n', sorted(FLOAT32_TIES))
@pytest.mark.parametrize('op', [tf.maximum, tf.minimum])
def test_float32_ties_take_y_in_full_packets_and_x_in_the_tail(n, op):
    plus_minus, minus_plus = FLOAT32_TIES[n]
    assert signs(op(zeros(n, np.float32), zeros(n, np.float32, negative=True))) == plus_minus
    assert signs(op(zeros(n, np.float32, negative=True), zeros(n, np.float32))) == minus_plus


def test_float64_packets_hold_four_elements():
    for n, expected in [(4, '----'), (5, '----+'), (11, '--------+++'), (12, '-' * 12), (17, '-' * 16 + '+')]:
        assert signs(tf.maximum(zeros(n, np.float64), zeros(n, np.float64, negative=True))) == expected
        assert signs(tf.minimum(zeros(n, np.float64), zeros(n, np.float64, negative=True))) == expected


@pytest.mark.parametrize('dtype', [np.float16, 'bfloat16'])
def test_half_precision_ties_take_x_everywhere(dtype):
    plus = tf.cast(zeros(11, np.float32), dtype)
    minus = tf.cast(zeros(11, np.float32, negative=True), dtype)
    assert signs(tf.maximum(plus, minus)) == '+' * 11
    assert signs(tf.maximum(minus, plus)) == '-' * 11
    assert signs(tf.minimum(minus, plus)) == '-' * 11


def test_broadcast_results_are_split_in_c_order():
    plus_3x5, minus_row = tf.zeros((3, 5)), zeros(5, np.float32, negative=True)
    assert signs(tf.maximum(plus_3x5, minus_row)) == '-' * 8 + '+' * 7
    column, row = tf.reshape(zeros(3, np.float32), (1, 3)), tf.reshape(zeros(3, np.float32, negative=True), (3, 1))
    assert signs(tf.maximum(column, row)) == '-' * 8 + '+'
    # a scalar -0.0 beside 3 and 11 elements of +0.0
    assert signs(tf.maximum(zeros(3, np.float32), tf.constant(np.float32(-0.0)))) == '+++'
    assert signs(tf.maximum(zeros(11, np.float32), tf.constant(np.float32(-0.0)))) == '-' * 8 + '+++'
    assert signs(tf.maximum(tf.constant(np.float32(-0.0)), zeros(11, np.float32))) == '+' * 8 + '---'


def test_a_fortran_ordered_operand_is_split_like_its_c_order_result():
    x = np.asfortranarray(np.zeros((4, 3), np.float32))
    assert signs(tf.maximum(x, -np.zeros((4, 3), np.float32))) == '-' * 8 + '++++'


def test_clip_by_value_ties_follow_its_minimum_then_maximum():
    for n, expected in [(3, ('+++', '---', '---', '+++')), (11, ('--------+++', '++++++++---', '++++++++---', '--------+++'))]:
        z = np.zeros(n, np.float32)
        got = (tf.clip_by_value(tf.constant(z), tf.constant(-z), tf.constant(-z)),
               tf.clip_by_value(tf.constant(-z), tf.constant(z), tf.constant(z)),
               tf.clip_by_value(tf.constant(-z), tf.constant(np.float32(0)), tf.constant(np.float32(1))),
               tf.clip_by_value(tf.constant(z), tf.constant(np.float32(-1)), tf.constant(np.float32(-0.0))))
        assert tuple(signs(t) for t in got) == expected


def test_ties_inside_tf_function_match_eager():
    @tf.function
    def both(a, b):
        return tf.maximum(a, b), tf.minimum(b, a)

    plus, minus = zeros(11, np.float32), zeros(11, np.float32, negative=True)
    assert [signs(t) for t in both(plus, minus)] == ['--------+++', '++++++++---']


def test_nans_and_other_values_are_unchanged():
    x = np.array([np.nan, 1.0, np.nan, -0.0, 2.0, -np.inf, 0.0, 3.0, np.nan], np.float32)
    y = np.array([1.0, np.nan, np.nan, 0.0, -2.0, np.inf, -0.0, 3.0, -0.0], np.float32)
    highest, lowest = tf.maximum(x, y).numpy(), tf.minimum(x, y).numpy()
    np.testing.assert_array_equal(highest, [np.nan, np.nan, np.nan, 0.0, 2.0, np.inf, 0.0, 3.0, np.nan])
    np.testing.assert_array_equal(lowest, [np.nan, np.nan, np.nan, 0.0, -2.0, -np.inf, 0.0, 3.0, np.nan])
    assert signs(highest) == '++++++-++' and signs(lowest) == '++++---++'
    assert highest.dtype == np.float32 and tf.maximum(np.int32([1, 2]), np.int32([2, 1])).numpy().tolist() == [2, 2]


def test_relu6_keeps_minus_zero_where_tf_max_returns_x():
    """TF 2.21 float32: tf.nn.relu6 and keras.activations.relu6 of -0.0s (3 and 11 elements)."""
    assert signs(tf.nn.relu6(zeros(3, np.float32, negative=True))) == '---'
    assert signs(tf.nn.relu6(zeros(11, np.float32, negative=True))) == '++++++++---'
    assert signs(tf.keras.activations.relu6(zeros(11, np.float32, negative=True))) == '++++++++---'
    np.testing.assert_array_equal(tf.nn.relu6(np.float32([-1, 0.5, 7, np.nan])).numpy(), [0, 0.5, 6, np.nan])
    assert tf.nn.relu6(np.int32([-3, 2, 9])).numpy().tolist() == [0, 2, 6]
