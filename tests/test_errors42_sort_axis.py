"""tf.sort / tf.argsort read their axis as TF 2.21's sort_ops does: the direction is looked up as given, then
convert_to_tensor(axis) must be a scalar and int() of its value is the axis, all before the values are converted.

Printed by TF 2.21 (notes/progs/errors42/sortax.py), x = [[3., 1., 2.], [0., 5., 4.]]:
    tf.sort(x, axis=1.0)              -> [[1., 2., 3.], [0., 4., 5.]]   (also np.float32(1), '1', 1.5, True)
    tf.sort(x, axis=0.0)              -> [[0., 1., 2.], [3., 5., 4.]]   (also b'0', tf.constant(0.0))
    tf.argsort(x, axis=1.0)           -> [[1, 2, 0], [0, 2, 1]]
    tf.sort(x, axis=5.0)              -> InvalidArgumentError 'slice index 5 of dimension 0 out of bounds. ...'
    tf.sort(x, axis=[1])              -> ValueError 'Argument `axis` must be a constant scalar. Received: axis=[1].'
    tf.sort(x, axis=None)             -> ValueError 'Attempt to convert a value (None) with an unsupported type ...'
    tf.sort(x, axis='a')              -> ValueError "invalid literal for int() with base 10: b'a'"
    tf.sort(x, axis=float('inf'))     -> OverflowError 'cannot convert float infinity to integer'
    tf.sort(x, direction='descending') / direction=None
                                      -> ValueError '... Received: direction=descending' / 'direction=None'
    gradient of tf.sort(v, axis=0.0) * [[1, 2, 3], [4, 5, 6]] -> [[4., 2., 3.], [1., 5., 6.]]
tapeflow refused every non-int axis ('sort: an axis must be an integer'), failed on None with 'too many values to
unpack', sorted along the list's axis for [1], and upper-cased the direction ('descending' sorted).
"""
import numpy as np
import pytest

import framework as tf

X = np.array([[3., 1., 2.], [0., 5., 4.]], 'float32')
ALONG_1 = [[1., 2., 3.], [0., 4., 5.]]
ALONG_0 = [[0., 1., 2.], [3., 5., 4.]]


@pytest.mark.parametrize('axis', [1.0, np.float32(1), '1', b'1', 1.5, -1.5, True, tf.constant(1.0)])
def test_sort_takes_int_of_the_axis(axis):
    assert tf.sort(X, axis=axis).numpy().tolist() == ALONG_1


@pytest.mark.parametrize('axis', [0.0, b'0', tf.constant(0.0), np.int64(0)])
def test_sort_along_the_first_axis(axis):
    assert tf.sort(X, axis=axis).numpy().tolist() == ALONG_0


def test_argsort_and_descending_sort_with_float_axes():
    assert tf.argsort(X, axis=1.0).numpy().tolist() == [[1, 2, 0], [0, 2, 1]]
    assert tf.argsort(X, axis=0.0, stable=True).numpy().tolist() == [[1, 0, 0], [0, 1, 1]]
    assert tf.sort(X, axis=1.0, direction='DESCENDING').numpy().tolist() == [[3., 2., 1.], [5., 4., 0.]]
    assert tf.sort(np.array([[3, 1], [0, 5]]), axis=0.0).numpy().tolist() == [[0, 1], [3, 5]]


def test_gradient_through_a_float_axis():
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        y = tf.sort(v, axis=0.0) * np.array([[1., 2., 3.], [4., 5., 6.]], 'float32')
    assert tape.gradient(y, v).numpy().tolist() == [[4., 2., 3.], [1., 5., 6.]]


@pytest.mark.parametrize('op', [tf.sort, tf.argsort])
def test_out_of_range_float_axis_is_the_kernel_error(op):
    with pytest.raises(tf.errors.InvalidArgumentError, match='slice index 5 of dimension 0 out of bounds'):
        op(X, axis=5.0)


@pytest.mark.parametrize('op', [tf.sort, tf.argsort])
@pytest.mark.parametrize('axis, text', [([1], '[1]'), ([], '[]'), (tf.constant([1]), '[1]')])
def test_axis_must_be_a_scalar(op, axis, text):
    with pytest.raises(ValueError) as caught:
        op(X, axis=axis)
    assert str(caught.value) == 'Argument `axis` must be a constant scalar. Received: axis=%s.' % text


@pytest.mark.parametrize('axis, error, text', [
    (None, ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('a', ValueError, "invalid literal for int() with base 10: b'a'"),
    (float('inf'), OverflowError, 'cannot convert float infinity to integer'),
])
def test_axis_conversion_errors(axis, error, text):
    for op in (tf.sort, tf.argsort):
        with pytest.raises(error) as caught:
            op(X, axis=axis)
        assert str(caught.value) == text


def test_axis_is_read_before_the_values():
    # TF converts the axis first: None's conversion error, not bool values' Neg refusal
    with pytest.raises(ValueError, match=r'Attempt to convert a value \(None\)'):
        tf.sort(np.array([True]), axis=None)


@pytest.mark.parametrize('direction', ['descending', 'ascending', None, 'UP'])
def test_direction_is_looked_up_as_given(direction):
    for op in (tf.sort, tf.argsort):
        with pytest.raises(ValueError) as caught:
            op(X, axis=None, direction=direction)     # the direction is checked before the axis
        assert str(caught.value) == ('Argument `direction` should be one of ASCENDING, DESCENDING. '
                                     'Received: direction=%s' % direction)
