"""keras.ops.swapaxes and keras.ops.trapezoid with an axis that is not a Python int in range, as Keras 3's TF
backend runs them: swapaxes' tensor branch (tf.where(axis < 0, tf.add(axis, tf.rank(x)), axis), then a scatter into
tf.range(rank)), trapezoid's _move_axis_to_last (axis == -1, axis < 0, tf.range(axis, dtype='int32')).

Printed by TF 2.21 (notes/progs/errors42/axisof.py, swap.py, trap.py), x of shape (2, 3) / (1, 2, 3):
    keras.ops.swapaxes(x, 1.0, 0)            -> InvalidArgumentError 'cannot compute AddV2 as input #1(zero-based) was
                                               expected to be a float tensor but is a int32 tensor [Op:AddV2] name: '
    keras.ops.swapaxes(x, np.int64(1), 0)    -> the same with 'a int64 tensor'
    keras.ops.swapaxes(x, '1', 0)            -> TypeError "'<' not supported between instances of 'str' and 'int'"
    keras.ops.swapaxes(x3, tf.constant(-3), tf.constant(-1)) -> [[[0.], [3.]], [[1.], [4.]], [[2.], [5.]]]
    keras.ops.trapezoid(x, axis=1.0)         -> TypeError 'Cannot convert 1.0 to EagerTensor of dtype int32'
    keras.ops.trapezoid(x, axis='1')         -> TypeError "'<' not supported between instances of 'str' and 'int'"
    keras.ops.trapezoid(x, axis=5)           -> InvalidArgumentError '... Requires start <= limit when delta > 0: 6/2 [Op:Range] name: '
    keras.ops.trapezoid(x, axis=-5)          -> '... Requires start <= limit when delta > 0: 0/-3 [Op:Range] name: '
    keras.ops.trapezoid(x, axis=-1.0)        -> [2., 8.]  (== -1: the last axis)   axis=True -> [2., 8.]
tapeflow raised 'keras.ops.swapaxes: axis1 must be an integer' / 'keras.ops.trapezoid: axis must be an integer'
TypeErrors, took np.int64 axes in swapaxes, and gave numpy's 'axis 5 is out of bounds' for trapezoid.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(6, dtype='float32').reshape(2, 3)
X3 = X.reshape(1, 2, 3)


def _raises(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value).endswith(text), str(caught.value)


@pytest.mark.parametrize('axis, text', [
    (1.0, 'expected to be a float tensor but is a int32 tensor [Op:AddV2] name: '),
    (np.float32(1), 'expected to be a float tensor but is a int32 tensor [Op:AddV2] name: '),
    (tf.constant(1.0), 'expected to be a float tensor but is a int32 tensor [Op:AddV2] name: '),
    (np.int64(1), 'expected to be a int64 tensor but is a int32 tensor [Op:AddV2] name: '),
])
def test_swapaxes_adds_the_axis_to_the_rank(axis, text):
    _raises(lambda: keras.ops.swapaxes(X, axis, 0), tf.errors.InvalidArgumentError, text)
    _raises(lambda: keras.ops.swapaxes(X, 0, axis), tf.errors.InvalidArgumentError, text)


@pytest.mark.parametrize('axis, kind', [('1', 'str'), (None, 'NoneType'), ([1], 'list')])
def test_swapaxes_compares_the_axis_with_zero(axis, kind):
    _raises(lambda: keras.ops.swapaxes(X, axis, 0), TypeError,
            "'<' not supported between instances of '%s' and 'int'" % kind)


def test_swapaxes_with_integer_tensors_and_int32():
    assert keras.ops.swapaxes(X3, tf.constant(-3), tf.constant(-1)).numpy().tolist() == [[[0.], [3.]], [[1.], [4.]],
                                                                                          [[2.], [5.]]]
    assert tuple(keras.ops.swapaxes(X3, np.int32(0), 2).shape) == (3, 2, 1)
    assert tuple(keras.ops.swapaxes(X3, tf.constant(1), 1).shape) == (1, 2, 3)
    assert tuple(keras.ops.swapaxes(X3, True, 0).shape) == (2, 1, 3)


@pytest.mark.parametrize('axis, error, text', [
    (1.0, TypeError, 'Cannot convert 1.0 to EagerTensor of dtype int32'),
    ('1', TypeError, "'<' not supported between instances of 'str' and 'int'"),
    (None, TypeError, "'<' not supported between instances of 'NoneType' and 'int'"),
    (5, tf.errors.InvalidArgumentError, 'Requires start <= limit when delta > 0: 6/2 [Op:Range] name: '),
    (np.int64(5), tf.errors.InvalidArgumentError, 'Requires start <= limit when delta > 0: 6/2 [Op:Range] name: '),
    (-3, tf.errors.InvalidArgumentError, 'Requires start <= limit when delta > 0: 0/-1 [Op:Range] name: '),
    (-5, tf.errors.InvalidArgumentError, 'Requires start <= limit when delta > 0: 0/-3 [Op:Range] name: '),
])
def test_trapezoid_moves_the_axis_as_keras(axis, error, text):
    _raises(lambda: keras.ops.trapezoid(X, axis=axis), error, text)


def test_trapezoid_axes_keras_takes():
    assert keras.ops.trapezoid(X, axis=-1.0).numpy().tolist() == [2.0, 8.0]
    assert keras.ops.trapezoid(X, axis=True).numpy().tolist() == [2.0, 8.0]
    assert keras.ops.trapezoid(X, axis=np.int64(0)).numpy().tolist() == [1.5, 2.5, 3.5]
    _raises(lambda: keras.ops.trapezoid(np.ones(3, 'float32'), axis=5), tf.errors.InvalidArgumentError,
            'Requires start <= limit when delta > 0: 6/1 [Op:Range] name: ')
