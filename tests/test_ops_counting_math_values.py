"""Values and errors of the counting, special-math, matrix, conv1d and stateless random ops.

Every expected value below was printed by TensorFlow 2.21 (/opt/tfref/bin/python)
for the same call, e.g. ``tf.math.bincount([[1, 1], [3, 0]], axis=-1)``, and
copied here as a literal.
"""
import numpy as np
import pytest

import framework as tf


def _close(t, expected, dtype=None, rtol=1e-6):
    np.testing.assert_allclose(t.numpy(), expected, rtol=rtol, atol=1e-6)
    if dtype is not None:
        assert t.dtype == dtype


def test_count_nonzero():
    _close(tf.math.count_nonzero([[0., 1, 2], [0, 0, 3]]), 3, tf.int64)
    _close(tf.math.count_nonzero([[0., 1, 2], [0, 0, 3]], axis=1, keepdims=True), [[2], [1]])
    _close(tf.math.count_nonzero([True, False], dtype=tf.int32), 1, tf.int32)


def test_bincount():
    _close(tf.math.bincount([1, 1, 3, 0]), [1, 2, 0, 1], tf.int32)
    _close(tf.math.bincount([1, 1, 3, 0], minlength=6, maxlength=3), [1, 2, 0])
    _close(tf.math.bincount([1, 1, 3, 0], weights=[0.5, 1., 2., 3.]), [3, 1.5, 0, 2], tf.float32)
    _close(tf.math.bincount([[1, 1], [3, 0]], axis=-1), [[0, 2, 0, 0], [1, 0, 0, 1]])
    _close(tf.math.bincount([[1, 1], [3, 0]], axis=0), [1, 2, 0, 1])
    _close(tf.math.bincount([1, 1, 3, 0], binary_output=True), [1, 1, 0, 1])
    assert tuple(tf.math.bincount(tf.constant([], tf.int32)).shape) == (0,)
    with pytest.raises(ValueError, match='bincount: arr must be non-negative'):
        tf.math.bincount([1, -1])
    # TF 2.21 casts other dtypes to int32 (tests/test_scalar_and_iterated_operands.py); strings fail in that Cast:
    # UnimplementedError '{{function_node __wrapped__Cast_device_...}} Cast string to int32 is not supported ...'
    _close(tf.math.bincount([1., 2.9]), [0, 1, 1], tf.int32)
    with pytest.raises(tf.errors.UnimplementedError, match='Cast string to int32 is not supported'):
        tf.math.bincount(['a'])


def test_confusion_matrix():
    m = tf.math.confusion_matrix([1, 2, 4], [2, 2, 4])
    expected = np.zeros((5, 5))
    expected[1, 2] = expected[2, 2] = expected[4, 4] = 1
    _close(m, expected, tf.int32)
    w = tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=6, weights=[1., 2., 3.], dtype=tf.float32)
    assert (w.numpy()[1, 2], w.numpy()[2, 2], w.numpy()[4, 4], w.numpy().sum()) == (1, 2, 3, 6)
    with pytest.raises(ValueError, match=r'`labels` out of bound'):
        tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=3)
    with pytest.raises(ValueError, match='`labels` contains negative values'):
        tf.math.confusion_matrix([1, -2], [2, 2])


def test_in_top_k_counts_ties_in_and_non_finite_rows_out():
    # TensorFlow: a tie at the boundary is in; a NaN anywhere in the row gives False; so does a bad target.
    _close(tf.math.in_top_k([2, 0], [[0.1, 0.5, 0.5], [0.3, 0.2, 0.5]], 1), [True, False], tf.bool)
    _close(tf.math.in_top_k([2, 0], [[0.1, 0.5, np.nan], [0.3, 0.2, 0.5]], 2), [False, True])
    _close(tf.nn.in_top_k([3, 0], [[0.1, 0.5, 0.2], [0.3, 0.2, 0.5]], 2), [False, True])


def test_histogram_fixed_width():
    # Out-of-range values go to the end bins.
    _close(tf.histogram_fixed_width([-1.0, 0.0, 1.5, 2.0, 5.0, 15], [0.0, 5.0], nbins=5), [2, 1, 1, 0, 2], tf.int32)
    _close(tf.histogram_fixed_width([1, 2], [0, 5], nbins=5), [0, 1, 1, 0, 0])
    with pytest.raises(ValueError, match='histogram_fixed_width: need value_range\\[0\\] < value_range\\[1\\]'):
        tf.histogram_fixed_width([1., 2], [5., 0], nbins=5)
    with pytest.raises(ValueError, match='nbins > 0'):
        tf.histogram_fixed_width([1., 2], [0., 5.], nbins=0)


def test_special_math():
    _close(tf.math.log_sigmoid([-100., 0., 3.]), [-100.0, -0.69314718, -0.048587352], tf.float32)
    _close(tf.math.atan2([1., -1., 0.], [0., -2., 0.]), [1.5707964, -2.6779451, 0.0])
    _close(tf.math.lgamma([0.5, 3., -0.5, 0.]), [0.5723649, 0.6931472, 1.2655121, np.inf])
    _close(tf.math.digamma([0.5, 3.]), [-1.9635108, 0.9227842], rtol=1e-5)
    _close(tf.math.polyval([1., 2., 3.], 2.), 11.0)
    _close(tf.math.polyval([], tf.constant([2., 3.])), [0, 0])
    _close(tf.math.polyval([tf.constant([1., 2.]), 3.], tf.constant([2., 3.])), [5, 9])
    with pytest.raises(TypeError, match='atan2: both operands must have the same dtype'):
        tf.math.atan2(tf.constant([1.]), tf.constant([1.], tf.float64))
    with pytest.raises(TypeError, match='atan2: y and x must be floating-point'):
        tf.math.atan2(tf.constant([1]), tf.constant([1]))
    with pytest.raises(ValueError, match='Argument coeffs must be list type'):     # (TF 2.21's class and words)
        tf.math.polyval(tf.constant([1., 2.]), 2.)


def test_matrix_ops():
    b = np.array([[[1., 2.], [3., 4.]], [[0., 1.], [-1., 0.5]]])
    _close(tf.linalg.inv([[2., 1.], [1., 3.]]), [[0.6, -0.2], [-0.2, 0.4]])
    _close(tf.linalg.inv(b, adjoint=True), [[[-2., 1.5], [1., -0.5]], [[0.5, 1.], [-1., 0.]]], tf.float64)
    _close(tf.linalg.det(b), [-2., 1.])
    sign, logabs = tf.linalg.slogdet(b)
    _close(sign, [-1., 1.])
    _close(logabs, [0.69314718, 0.])
    with pytest.raises(ValueError, match='inv: a matrix of shape \\(2, 2\\) is not invertible'):
        tf.linalg.inv([[1., 2.], [2., 4.]])
    with pytest.raises(ValueError, match=r'det: input must be square matrices \(..., n, n\), got shape \(1, 3\)'):
        tf.linalg.det([[1., 2., 3.]])
    with pytest.raises(TypeError, match='inv: expected a floating-point tensor, got dtype int32'):
        tf.linalg.inv([[1, 2], [2, 4]])


def test_conv1d(onednn_on):      # (NCW runs on oneDNN's Conv2D; TF's own kernels refuse it)
    x = np.arange(12, dtype=np.float32).reshape(1, 6, 2)
    f = np.arange(12, dtype=np.float32).reshape(3, 2, 2) / 10
    _close(tf.nn.conv1d(x, f, 1, 'SAME'),
           [[[5.2, 5.8], [11., 12.5], [17., 19.7], [23., 26.9], [29., 34.1], [12.4, 16.2]]], rtol=1e-5)
    _close(tf.nn.conv1d(x, f, 2, 'VALID'), [[[11., 12.5], [23., 26.9]]], rtol=1e-5)
    _close(tf.nn.conv1d(x, f, [1, 2, 1], 'VALID'), [[[11., 12.5], [23., 26.9]]], rtol=1e-5)
    _close(tf.nn.conv1d(np.transpose(x, (0, 2, 1)), f, 1, 'VALID', data_format='NCW'),
           [[[11., 17., 23., 29.], [12.5, 19.7, 26.9, 34.1]]], rtol=1e-5)
    with pytest.raises(ValueError, match='conv1d: input must be \\(N, W, C\\)'):
        tf.nn.conv1d(x[0], f, 1, 'VALID')
    with pytest.raises(ValueError, match='conv1d: dilations must be an int >= 1'):
        tf.nn.conv1d(x, f, 1, 'VALID', dilations=0)


def test_stateless_random_repeats_for_a_seed():
    a = tf.random.stateless_normal([3], seed=[1, 2])
    assert a.dtype == tf.float32 and np.array_equal(a.numpy(), tf.random.stateless_normal([3], seed=[1, 2]).numpy())
    assert not np.array_equal(a.numpy(), tf.random.stateless_normal([3], seed=[1, 3]).numpy())
    u = tf.random.stateless_uniform([1000], seed=[4, 5], minval=2.0, maxval=3.0)
    assert 2.0 <= u.numpy().min() and u.numpy().max() < 3.0
    i = tf.random.stateless_uniform([50], seed=[4, 5], minval=0, maxval=10, dtype=tf.int32)
    assert i.dtype == tf.int32 and set(i.numpy().tolist()) <= set(range(10))
    assert tf.random.stateless_uniform([2], seed=[1, 2], minval=None, maxval=None, dtype=tf.int64).dtype == tf.int64
    with pytest.raises(ValueError, match='stateless_normal: seed must be two integers'):
        tf.random.stateless_normal([2], seed=[1, 2, 3])
    with pytest.raises(ValueError, match='stateless_uniform: for integer dtype int32 give both minval and maxval'):
        tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int32)


def test_function_accepts_an_input_signature_of_tensor_specs():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def double(x):
        return x * 2
    _close(double(tf.constant([1., 2.])), [2, 4])
