"""keras.ops.take / matmul / concatenate / one_hot given bad arguments fail as Keras 3 on TF 2.21 does:
take in its TF backend's order (the i < 0 of its negative-index fix, then tf.shape(x)[axis], then GatherV2),
one_hot standardizing its dtype first, and on KerasTensors each op's compute_output_spec check in Keras's
words (tapeflow wrapped the error of a run on stand-ins, or the kernel's text).

Golden texts printed by TF 2.21 / Keras 3 (progs/errors38/take.py, symops.py, onehot.py), e.g.
    keras.ops.take(tf.ones([2, 2]), [0], axis=2)
    -> InvalidArgumentError: {{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/
       device:CPU:0}} slice index 2 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/
    keras.ops.matmul(keras.Input((2, 3)), keras.Input((4, 2)))
    -> ValueError: Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, but received
       `x1.shape=(None, 2, 3)` and `x2.shape=(None, 4, 2)`.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops
STRIDED = ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
           'slice index %d of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')
INDICES = ('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 '
           'tensors are valid indices, got %s')


@pytest.mark.parametrize('indices, axis, error, text', [
    ([0], 2, InvalidArgumentError, STRIDED % 2),
    ([0], -3, InvalidArgumentError, STRIDED % -1),
    ([0], -5, InvalidArgumentError, STRIDED % -3),
    (tf.constant([1.0]), 2, InvalidArgumentError, STRIDED % 2),      # the axis before GatherV2's dtype check
    ([0], 1.5, TypeError, INDICES % '1.5'),
    ([0], 'a', TypeError, INDICES % "'a'"),
    ([0], True, ValueError, 'mask cannot be scalar.'),
    (tf.constant(['a']), 2, TypeError, 'Cannot convert 0 to EagerTensor of dtype string'),
    (['a'], None, TypeError, 'Cannot convert 0 to EagerTensor of dtype string'),
    (tf.constant([True]), 2, TypeError, 'Cannot convert 0 to EagerTensor of dtype bool'),
])
def test_take_checks_in_keras_order(indices, axis, error, text):
    with pytest.raises(error) as info:
        ops.take(tf.ones([2, 2]), indices, axis=axis)
    assert type(info.value) is error and str(info.value) == text


def test_take_in_range_still_gathers():
    x = tf.reshape(tf.range(6.0), [2, 3])
    np.testing.assert_array_equal(ops.take(x, [2, -1], axis=np.int64(1)).numpy(), [[2., 2.], [5., 5.]])
    np.testing.assert_array_equal(ops.take(x, [-1]).numpy(), [5.])


@pytest.mark.parametrize('call, error, text', [
    (lambda: ops.matmul(keras.Input((2, 3)), keras.Input((4, 2))), ValueError,
     'Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, but received `x1.shape=(None, 2, 3)` and '
     '`x2.shape=(None, 4, 2)`.'),
    (lambda: ops.matmul(keras.Input((2, 3)), tf.ones([4])), ValueError,
     'Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, but received `x1.shape=(None, 2, 3)` and '
     '`x2.shape=(4, 1)`.'),
    (lambda: ops.matmul(keras.Input((2, 2, 3)), tf.ones([3, 3, 2])), ValueError,
     'Cannot broadcast shape, the failure dim has value 2, which cannot be broadcasted to 3. Input shapes are: '
     '[None, 2] and [3].'),
    (lambda: ops.matmul(keras.Input((2, 3)), [[1., 2.]]), IndexError, 'list index out of range'),
    (lambda: ops.concatenate([keras.Input((2,)), keras.Input((3, 2))]), ValueError,
     "Every value in `xs` must have the same shape except on the `axis` dim. But found element of shape "
     "(None, 3, 2), which is different from the first element's shape (None, 2)."),
    (lambda: ops.concatenate([keras.Input((2, 3)), tf.ones([1, 2, 4])]), ValueError,
     "Every value in `xs` must have the same shape except on the `axis` dim. But found element of shape "
     "(1, 2, 4), which is different from the first element's shape (None, 2, 3)."),
    (lambda: ops.concatenate([keras.Input((2, 3)), keras.Input((2, 3))], axis=3), ValueError,
     'axis 3 is out of bounds for an array with dimension 3.'),
    (lambda: ops.concatenate([keras.Input((2, 3)), keras.Input((2, 3))], axis=1.0), TypeError,
     "'float' object cannot be interpreted as an integer"),
    (lambda: ops.take(keras.Input((2,)), [0], axis=2), ValueError,
     'axis 2 is out of bounds for an array with dimension 2.'),
    (lambda: ops.one_hot(keras.Input((2,), dtype='int32'), 3, dtype='foo'), ValueError, 'Invalid dtype: foo'),
    (lambda: ops.one_hot(keras.Input((2,), dtype='int32'), 3, axis=3), ValueError,
     'axis must be -1 or between [0, 2), but received 3.'),
    (lambda: ops.one_hot(keras.Input((2,), dtype='int32'), 3, axis=1.5), TypeError,
     "'float' object cannot be interpreted as an integer"),
])
def test_symbolic_calls_check_as_keras_compute_output_spec(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error and str(info.value) == text


def test_symbolic_calls_that_fit_keep_their_shapes():
    assert ops.matmul(keras.Input((2, 3)), tf.ones([3])).shape == (None, 2)
    assert ops.concatenate([keras.Input((2, 3)), keras.Input((3, 3))], axis=1).shape == (None, 5, 3)
    assert ops.take(keras.Input((2, 5)), [[0, 1]], axis=2).shape == (None, 2, 1, 2)
    assert ops.one_hot(keras.Input((2,), dtype='int32'), 3, axis=1).shape == (None, 3, 2)


@pytest.mark.parametrize('labels, num_classes, sparse', [(tf.constant([1]), 3, False), (tf.constant(['a']), 3, False),
                                                         (tf.constant([1]), None, False), (tf.constant([1]), 3, True)])
def test_one_hot_standardizes_its_dtype_first(labels, num_classes, sparse):
    with pytest.raises(ValueError) as info:
        ops.one_hot(labels, num_classes, dtype='foo', sparse=sparse)
    assert str(info.value) == 'Invalid dtype: foo'
