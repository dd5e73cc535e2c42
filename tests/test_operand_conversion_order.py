"""Which operand sets the dtype when a Python number meets a tensor, op by op, as TensorFlow 2.21's wrappers do.

TF's Python wrappers differ: tf.math.divide_no_nan and the generated ops (xlogy, xdivy, xlog1py, zeta,
igamma) convert the number to the tensor's dtype; tf.math.truediv and multiply_no_nan convert their
first argument first and refuse the pair; the logical ops convert numbers to bool. All expected values,
dtypes and texts below were printed by TF 2.21 (progs/me19/pyleft.py, logic.py and smul.py, run under
TF and under tapeflow and diffed).
"""
import numpy as np
import pytest

import framework as tf

X64 = tf.constant([1.0, 2.0], tf.float64)
X16 = tf.constant([1.0, 2.0], tf.float16)


@pytest.mark.parametrize('x', [1.5, 2, np.float32(2.0), np.int32(2)])
def test_divide_no_nan_takes_the_tensor_dtype_when_only_y_is_a_tensor(x):
    out = tf.math.divide_no_nan(x, X64)
    assert out.dtype == tf.float64
    np.testing.assert_array_equal(out.numpy(), np.float64(x) / np.array([1.0, 2.0]))


def test_divide_no_nan_still_refuses_two_tensors_of_two_dtypes():
    with pytest.raises(TypeError) as caught:
        tf.math.divide_no_nan(tf.constant(1.0), X64)
    assert str(caught.value) == '`x` and `y` must have the same dtype, got tf.float32 != tf.float64.'


@pytest.mark.parametrize('x, first', [(1.5, 'float32'), (2, 'int32'), (np.float32(2), 'float32'), (np.int32(2), 'int32')])
def test_truediv_converts_x_first_and_refuses_the_pair(x, first):
    with pytest.raises(TypeError) as caught:
        tf.math.truediv(x, X64)
    assert str(caught.value) == '`x` and `y` must have the same dtype, got tf.%s != tf.float64.' % first
    # tf.divide and the operator take y's dtype
    assert tf.divide(x, X64).dtype == tf.float64 and (x / X64).dtype == tf.float64


@pytest.mark.parametrize('op, expected', [
    ('xdivy', [1.5, 0.75]), ('xlogy', [0.0, 1.0397207708399179]), ('xlog1py', [1.0397207708399179, 1.6479184330021643])])
@pytest.mark.parametrize('y', [X64, X16])
def test_x_ops_take_the_dtype_of_their_tensor_operand(op, expected, y):
    out = getattr(tf.math, op)(1.5, y)
    assert out.dtype == y.dtype
    np.testing.assert_allclose(out.numpy().astype(np.float64), expected, rtol=1e-3 if y.dtype == tf.float16 else 1e-15)


@pytest.mark.parametrize('op', ['xdivy', 'xlogy', 'xlog1py'])
def test_x_ops_convert_the_number_before_checking_the_kernel_dtype(op):
    with pytest.raises(TypeError) as caught:
        getattr(tf.math, op)(1.5, tf.constant([1, 2], tf.int64))
    assert str(caught.value) == 'Cannot convert 1.5 to EagerTensor of dtype int64'


@pytest.mark.parametrize('x, text', [
    (1.5, 'y: Tensor conversion requested dtype float32 for Tensor with dtype float64: '
          '<tf.Tensor: shape=(2,), dtype=float64, numpy=array([1., 2.])>'),
    (2, 'y: Tensor conversion requested dtype int32 for Tensor with dtype float64: '
        '<tf.Tensor: shape=(2,), dtype=float64, numpy=array([1., 2.])>')])
def test_multiply_no_nan_converts_y_to_the_dtype_of_x(x, text):
    with pytest.raises(ValueError) as caught:
        tf.math.multiply_no_nan(x, X64)
    assert str(caught.value) == text


def test_multiply_no_nan_refuses_two_tensors_of_two_dtypes_by_name():
    with pytest.raises(ValueError) as caught:
        tf.math.multiply_no_nan(X64, tf.constant(1.0))
    assert str(caught.value) == ('y: Tensor conversion requested dtype float64 for Tensor with dtype float32: '
                                 '<tf.Tensor: shape=(), dtype=float32, numpy=1.0>')


def test_convert_to_tensor_names_the_value_in_its_dtype_error():
    with pytest.raises(ValueError) as caught:
        tf.convert_to_tensor(X64, tf.float32, name='foo')
    assert str(caught.value).startswith('foo: Tensor conversion requested dtype float32 for Tensor with dtype float64')


@pytest.mark.parametrize('op, expected', [('zeta', [np.inf, 0.6449340668482266]),
                                          ('igamma', [0.8646647167633873, 0.5939941502901617])])
def test_special_functions_convert_a_number_to_the_first_tensors_dtype(op, expected):
    out = getattr(tf.math, op)(X64, 2)
    assert out.dtype == tf.float64
    # (TF's series and tapeflow's agree to a few float64 ulps, not bit for bit)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-14)


@pytest.mark.parametrize('op', ['zeta', 'igamma'])
def test_special_functions_refuse_a_float_number_beside_an_integer_tensor(op):
    with pytest.raises(TypeError) as caught:
        getattr(tf.math, op)(1.5, tf.constant([1, 2]))
    assert str(caught.value) == 'Cannot convert 1.5 to EagerTensor of dtype int32'


@pytest.mark.parametrize('op', ['logical_and', 'logical_or', 'logical_xor'])
def test_logical_ops_convert_numbers_and_arrays_to_bool(op):
    b = tf.constant([True, False])
    for number in (1, 1.5):
        with pytest.raises(TypeError) as caught:
            getattr(tf.math, op)(b, number)
        assert str(caught.value) == 'Cannot convert %r to EagerTensor of dtype bool' % number
    expected = {'logical_and': [True, False], 'logical_or': [True, False], 'logical_xor': [False, False]}[op]
    assert getattr(tf.math, op)(b, np.array([1, 0])).numpy().tolist() == expected


def test_bool_operator_and_refuses_a_number_as_tf():
    with pytest.raises(TypeError) as caught:
        tf.constant([True, False]) & 1
    assert str(caught.value) == 'Cannot convert 1 to EagerTensor of dtype bool'


def test_scalar_mul_reads_the_dtype_of_x_first():
    with pytest.raises(AttributeError) as caught:
        tf.math.scalar_mul(2.0, [1.0, 2.0])
    assert str(caught.value) == "'list' object has no attribute 'dtype'"
    with pytest.raises(ValueError) as caught:
        tf.math.scalar_mul(tf.constant(2.0), X64)
    assert str(caught.value) == ('scalar: Tensor conversion requested dtype float64 for Tensor with dtype float32: '
                                 '<tf.Tensor: shape=(), dtype=float32, numpy=2.0>')
    with pytest.raises(ValueError) as caught:
        tf.math.scalar_mul([2.0], tf.constant([1.0, 2.0]))
    assert str(caught.value) == 'The input scalar must be a 0-D value. Received shape (1,).'
    out = tf.math.scalar_mul(np.float64(2), tf.constant([1.0, 2.0]))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [2.0, 4.0]
