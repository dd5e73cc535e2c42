"""tf.constant / tf.convert_to_tensor refusals TF 2.21 makes and tapeflow did not (printed by TF 2.21,
progs/errors36/conv2.py):

    tf.constant([1, 2j])            # ValueError: Can't convert Python sequence with mixed types to Tensor.
    tf.constant([2j, 1])            # complex128 (the first element decides)
    tf.constant(np.datetime64('2020-01-01'))
    # ValueError: Failed to convert a NumPy array to a Tensor (Unsupported numpy type: NPY_DATETIME).
    tf.convert_to_tensor(1.5, dtype_hint='floaty')
    # TypeError: Cannot convert the argument `type_value`: 'floaty' to a TensorFlow DType.
    tf.constant([1., 2.], shape=[None])
    # TypeError: Eager execution of tf.constant with unsupported shape. Tensor [1. 2.] (converted from [1.0, 2.0])
    #   has 2 elements, but got `shape` (None,) with None elements).

tapeflow made complex128, an int64 tensor of days, ignored the hint, and gave the None conversion's ValueError.
"""
import numpy as np
import pytest

import framework as tf

MIXED = "Can't convert Python sequence with mixed types to Tensor."


@pytest.mark.parametrize('value', [[1, 2j], [1., 2j], [[1], [2j]], [True, 2j], [np.float32(1), 2j],
                                   [1, np.complex64(2j)]])
def test_complex_after_another_number_is_mixed(value):
    with pytest.raises(ValueError) as caught:
        tf.constant(value)
    assert str(caught.value) == MIXED
    with pytest.raises(ValueError, match="^Can't convert Python sequence with mixed types"):
        tf.constant(value, tf.complex64)


def test_complex_first_is_complex():
    assert tf.constant([2j, 1]).dtype == tf.complex128
    assert tf.constant([2j, True]).numpy().tolist() == [2j, 1]
    assert tf.function(lambda: tf.constant([1, 2j]))().dtype == tf.complex128     # a graph constant: numpy's
    assert tf.constant([1., 2j], tf.complex128).numpy().tolist() == [1, 2j]          # complex128 takes any number
    assert tf.constant([[1.], [2j]], tf.complex128).shape == (2, 1)


@pytest.mark.parametrize('value, name', [(np.datetime64('2020-01-01'), 'NPY_DATETIME'),
                                         (np.array(['2020-01-01'], 'datetime64[D]'), 'NPY_DATETIME'),
                                         (np.timedelta64(1, 'D'), 'NPY_TIMEDELTA')])
def test_dates_are_refused(value, name):
    for convert in (tf.constant, tf.convert_to_tensor):
        with pytest.raises(ValueError) as caught:
            convert(value)
        assert str(caught.value) == 'Failed to convert a NumPy array to a Tensor (Unsupported numpy type: %s).' % name


def test_unknown_dtype_hint():
    with pytest.raises(TypeError, match=r"^Cannot convert the argument `type_value`: 'floaty' to a TensorFlow DType"):
        tf.convert_to_tensor(1.5, dtype_hint='floaty')
    assert tf.convert_to_tensor([1, 2], dtype_hint='float32').dtype == tf.float32
    assert tf.convert_to_tensor('a', dtype_hint=tf.float32).dtype == tf.string


@pytest.mark.parametrize('value, shape', [([1., 2.], [None]), ([1., 2., 3., 4.], [None, 2]), ([1., 2.], [2, None])])
def test_constant_shape_with_unknown_dimension(value, shape):
    with pytest.raises(TypeError) as caught:
        tf.constant(value, shape=shape)
    assert str(caught.value).split('\n')[0] == (
        'Eager execution of tf.constant with unsupported shape. Tensor %s (converted from %s) has %d elements, but '
        'got `shape` %s with None elements).' % (np.array(value, np.float32), value, len(value), tuple(shape)))
    with pytest.raises(ValueError, match=r'^Attempt to convert a value \(None\)'):
        tf.constant(7., shape=[None])
