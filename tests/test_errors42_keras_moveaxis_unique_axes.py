"""keras.ops.moveaxis / cross / unique read their axes as Keras 3's TF backend does: moveaxis (and cross, which
moves its axes with it) through to_tuple_or_list and canonicalize_axis, unique through canonicalize_axis.

Printed by TF 2.21 / Keras 3 (notes/progs/errors42/axisof.py, move.py), x of shape (2, 3):
    keras.ops.moveaxis(x, 1.0, 0)            -> ValueError '`value` must be an integer, tuple or list. Received: value=1.0'
    keras.ops.moveaxis(x, np.int64(1), 0)    -> the same, 'Received: value=1' (tf.constant(1) too)
    keras.ops.moveaxis(x, None, 0)           -> TypeError "'NoneType' object is not iterable"
    keras.ops.moveaxis(x, [1.0], 0)          -> TypeError "'float' object cannot be interpreted as an integer"
    keras.ops.cross(x, x, axis=1.0)          -> ValueError '`value` must be ... Received: value=1.0'
    keras.ops.cross(x, x, axis=[1])          -> computes, shape (2, 3)
    keras.ops.unique(x, axis=1.0)            -> TypeError "'float' object cannot be interpreted as an integer"
    keras.ops.unique(x, axis='1')            -> TypeError "'str' object cannot be interpreted as an integer"
    keras.ops.unique(x, axis=tf.constant(1.0)) -> AttributeError "'numpy.float32' object has no attribute '__index__'"
tapeflow raised its own TypeError for all of them ('keras.ops.moveaxis: source must be an integer, got 1.0 (of type
float); pass an int such as 1'), took np.int64 and tensor axes in moveaxis / cross, and refused cross's axis=[1].
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(6, dtype='float32').reshape(2, 3)


def _raises(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == text
    return caught.value


@pytest.mark.parametrize('axis, shown', [(1.0, '1.0'), (np.float32(1), '1.0'), (np.int64(1), '1'), ('1', '1'),
                                         (tf.constant(1), '1'), (tf.constant(1.0), '1.0')])
def test_moveaxis_wants_an_int_tuple_or_list(axis, shown):
    text = '`value` must be an integer, tuple or list. Received: value=%s' % shown
    error = _raises(lambda: keras.ops.moveaxis(X, axis, 0), ValueError, text)
    assert any('keras.ops.moveaxis' in note for note in error.__notes__)
    _raises(lambda: keras.ops.moveaxis(X, 0, axis), ValueError, text)
    _raises(lambda: keras.ops.cross(X, X, axis=axis), ValueError, text)


def test_moveaxis_items_go_through_operator_index():
    _raises(lambda: keras.ops.moveaxis(X, [1.0], 0), TypeError, "'float' object cannot be interpreted as an integer")
    _raises(lambda: keras.ops.moveaxis(X, None, 0), TypeError, "'NoneType' object is not iterable")
    _raises(lambda: keras.ops.moveaxis(X, 0, [5]), ValueError, 'axis 5 is out of bounds for an array with dimension 2.')
    _raises(lambda: keras.ops.moveaxis(X, [0, 1], [1]), ValueError,
            'Inconsistent number of `source` and `destination`. Received: source=[0, 1], destination=[1]')


def test_moveaxis_values():
    x = np.arange(6, dtype='float32').reshape(1, 2, 3)
    assert tuple(keras.ops.moveaxis(x, (0, 2), (2, 0)).shape) == (3, 2, 1)
    assert tuple(keras.ops.moveaxis(x, True, 0).shape) == (2, 1, 3)       # True is an int
    np.testing.assert_array_equal(keras.ops.moveaxis(x, 1, -2).numpy(), x)


def test_cross_takes_a_one_axis_list():
    # TF 2.21: keras.ops.cross(x, x, axis=[1]) of two (2, 3) equal rows -> zeros of shape (2, 3)
    assert keras.ops.cross(X, X, axis=[1]).numpy().tolist() == [[0.0] * 3] * 2
    # the axis of the result is moved only for 3-vectors: 2-vectors never read axisc
    assert tuple(keras.ops.cross(np.ones((2, 2)), np.ones((2, 2)), axisc=7).shape) == (2,)
    _raises(lambda: keras.ops.cross(X, X, axisc=7), ValueError, 'axis 7 is out of bounds for an array with dimension 2.')


@pytest.mark.parametrize('axis, error, text', [
    (1.0, TypeError, "'float' object cannot be interpreted as an integer"),
    ('1', TypeError, "'str' object cannot be interpreted as an integer"),
    (np.float32(1), TypeError, "'numpy.float32' object cannot be interpreted as an integer"),
    ([1], TypeError, "'list' object cannot be interpreted as an integer"),
    (tf.constant(1.0), AttributeError, "'numpy.float32' object has no attribute '__index__'"),
    (5, ValueError, 'axis 5 is out of bounds for an array with dimension 2.'),
])
def test_unique_axis_is_canonicalized_as_keras(axis, error, text):
    _raises(lambda: keras.ops.unique(X, axis=axis), error, text)
    # the axis comes before unique's dtype refusals
    _raises(lambda: keras.ops.unique(np.array([[True, False]]), axis=axis), error, text)


def test_unique_along_an_axis():
    x = np.array([[1, 2], [1, 2], [3, 4]], 'int32')
    assert keras.ops.unique(x, axis=True).numpy().tolist() == [[1, 2], [1, 2], [3, 4]]
    assert keras.ops.unique(x, axis=np.int64(0)).numpy().tolist() == [[1, 2], [3, 4]]
