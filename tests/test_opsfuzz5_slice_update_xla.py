"""keras.ops.slice_update with XLA DynamicUpdateSlice's rules, and keras.ops.dtype of objects without a dtype, as
Keras 3 on TF 2.21 (printed by TF 2.21; snippets in the comments)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
InvalidArgumentError = tf.errors.InvalidArgumentError


def test_start_indices_are_clamped_so_the_update_fits():
    # TF 2.21: ops.slice_update(np.zeros((3, 4), 'int32'), [2, 3], np.ones((2, 2), 'int32'))
    #   -> [[0, 0, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]]; start [-1, 0] -> rows 0-1, columns 0-1
    out = ops.slice_update(np.zeros((3, 4), 'int32'), [2, 3], np.ones((2, 2), 'int32'))
    assert out.numpy().tolist() == [[0, 0, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]]
    out = ops.slice_update(np.zeros((3, 4), 'int32'), [-1, 0], np.ones((2, 2), 'int32'))
    assert out.numpy().tolist() == [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0]]


def test_one_dtype_the_first_tensors():
    # TF 2.21: int32 array inputs, float32 array updates 1.7 -> int32 [[0, 0, 0, 0], [0, 1, 1, 0], [0, 1, 1, 0]];
    # int8 inputs, int64 updates 300 -> int8 44; int32 array inputs, tf.ones float32 updates -> float32
    out = ops.slice_update(np.zeros((3, 4), 'int32'), [1, 1], np.full((2, 2), 1.7, 'float32'))
    assert out.dtype.name == 'int32' and out.numpy().tolist() == [[0, 0, 0, 0], [0, 1, 1, 0], [0, 1, 1, 0]]
    out = ops.slice_update(np.zeros((3, 4), 'int8'), [0, 0], np.ones((1, 2), 'int64') * 300)
    assert out.dtype.name == 'int8' and out.numpy()[0].tolist() == [44, 44, 0, 0]
    out = ops.slice_update(np.zeros((3, 4), 'int32'), [1, 1], tf.ones((2, 2), 'float32'))
    assert out.dtype.name == 'float32'
    # two tensors of different dtypes: 'cannot compute XlaDynamicUpdateSlice as input #1(zero-based) was expected
    # to be a int32 tensor but is a float tensor [Op:XlaDynamicUpdateSlice]'
    with pytest.raises(InvalidArgumentError) as info:
        ops.slice_update(tf.zeros((3, 4), 'int32'), [1, 1], tf.ones((2, 2), 'float32'))
    assert str(info.value) == ('cannot compute XlaDynamicUpdateSlice as input #1(zero-based) was expected to be a '
                               'int32 tensor but is a float tensor [Op:XlaDynamicUpdateSlice]')


_WRAPPED = '{{function_node __wrapped__XlaDynamicUpdateSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_STACK = '\n\nStack trace for op definition: \ndummy_file_name:10:dummy_function_name\n'
_TAIL = '\n\t [[{{node XlaDynamicUpdateSlice}}]] [Op:XlaDynamicUpdateSlice]'


@pytest.mark.parametrize('start, updates, text', [
    ([0, 0], np.ones((4, 2), 'float32'), 'Update dim size 4 greater than dynamic slice dimension: 3.'),
    ([1, 1], np.ones((2,), 'float32'), 'input and update must have the same rank, input shape is [3,4]; update '
                                       'shape is [2]' + _STACK),
    ([1], np.ones((2, 2), 'float32'), 'index must be a vector with length equal to the number of input dimensions'
                                      + _STACK),
])
def test_kernel_errors(start, updates, text):
    with pytest.raises(InvalidArgumentError) as info:
        ops.slice_update(tf.zeros((3, 4), 'float32'), start, updates)
    assert str(info.value) == _WRAPPED + text + _TAIL


def test_float_start_indices():
    # TF 2.21: ops.slice_update(tf.zeros((3, 4)), [1.0, 1.0], ones) -> "Value for attr 'Tindices' of float is not in
    # the list of allowed values: int32, int64 ..."
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'Tindices' of float is not in the list of allowed "
                                                   "values: int32, int64\n"):
        ops.slice_update(tf.zeros((3, 4), 'float32'), [1.0, 1.0], np.ones((2, 2), 'float32'))


def test_dtype_of_objects_without_one():
    # TF 2.21: ops.dtype([1.5]) -> AttributeError "'list' object has no attribute 'dtype'"; ops.dtype(1) likewise
    # for 'int'; ops.dtype(np.zeros(2)) -> 'float64'
    with pytest.raises(AttributeError, match="^'list' object has no attribute 'dtype'"):
        ops.dtype([1.5])
    with pytest.raises(AttributeError, match="^'int' object has no attribute 'dtype'"):
        ops.dtype(1)
    assert ops.dtype(np.zeros(2)) == 'float64'
