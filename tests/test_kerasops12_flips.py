"""keras.ops.flipud / fliplr / rot90 as Keras 3.15 on TF 2.21 answers them, eager and on KerasTensors.

Goldens: what TF 2.21 printed for /work/notes/progs/kerasops12/g4.py and g5.py (/opt/tfref; 29 of 29 lines
equal after the fix). flipud / fliplr hand x to TF's ReverseV2 unchecked (a scalar comes back as it is, a
vector meets the kernel's range error); rot90 checks the rank, then the axes as given, returns the array for
k % 4 == 0, and meets Transpose's size error for an axis out of range. On KerasTensors, Flipud / Fliplr /
Rot90's compute_output_spec raise their own words, and Rot90 swaps the two axes' lengths whatever k is.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
K = keras.KerasTensor
m = tf.constant([[1, 2], [3, 4]])
v = tf.constant([1.0, 2.0, 3.0])

REVERSE_1 = ("{{function_node __wrapped__ReverseV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
             "'axis'[0] = 1 is out of valid range [0, 0 [Op:ReverseV2]")
TRANSPOSE_3 = ('{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
               'transpose expects a vector of size 2. But input(1) is a vector of size 3 [Op:Transpose]')

ERRORS = [
    ('fliplr 1d', lambda: ops.fliplr(v), tf.errors.InvalidArgumentError, REVERSE_1),
    ('fliplr list1d', lambda: ops.fliplr([1, 2, 3]), tf.errors.InvalidArgumentError, REVERSE_1),
    ('rot90 1d', lambda: ops.rot90(v), ValueError, 'Input array must have at least 2 dimensions. Received: array.ndim=1'),
    ('rot90 0d', lambda: ops.rot90(2.0), ValueError,
     'Input array must have at least 2 dimensions. Received: array.ndim=0'),
    ('rot90 axes same', lambda: ops.rot90(m, axes=(1, 1)), ValueError,
     'Invalid axes: (1, 1). Axes must be a tuple of two different dimensions.'),
    ('rot90 axes 3', lambda: ops.rot90(m, axes=(0, 1, 2)), ValueError,
     'Invalid axes: (0, 1, 2). Axes must be a tuple of two different dimensions.'),
    ('rot90 axes -1,1', lambda: ops.rot90(m, axes=(-1, 1)), tf.errors.InvalidArgumentError, TRANSPOSE_3),
    ('rot90 axes 0,5', lambda: ops.rot90(m, axes=(0, 5)), tf.errors.InvalidArgumentError, TRANSPOSE_3),
    ('rot90 k=0 axes same', lambda: ops.rot90(m, k=0, axes=(0, 0)), ValueError,
     'Invalid axes: (0, 0). Axes must be a tuple of two different dimensions.'),
    ('sym flipud 0d', lambda: ops.flipud(K(shape=())), ValueError,
     '`flipud` requires input with 1 or more dimensions. Received: x.shape=()'),
    ('sym fliplr 1d', lambda: ops.fliplr(K(shape=(3,))), ValueError,
     '`fliplr` requires input with 2 or more dimensions. Received: x.shape=(3,)'),
    ('sym rot90 1d', lambda: ops.rot90(K(shape=(3,))), ValueError,
     'Input array must have at least 2 dimensions. Received: array.shape=[3]'),
    ('sym rot90 same axes', lambda: ops.rot90(K(shape=(2, 3)), axes=(1, 1)), ValueError,
     'Invalid axes: (1, 1). Axes must be a tuple of two different dimensions.'),
    ('sym rot90 axes 0,5', lambda: ops.rot90(K(shape=(2, 3)), axes=(0, 5)), IndexError, 'list index out of range'),
]


@pytest.mark.parametrize('label, call, error, text', ERRORS, ids=[case[0] for case in ERRORS])
def test_errors_as_tf(label, call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error and str(caught.value) == text


def test_scalars_come_back_as_they_are():
    for out, dtype, value in ((ops.flipud(3), 'int32', 3), (ops.flipud(tf.constant(2.5)), 'float32', 2.5),
                              (ops.fliplr(3), 'int32', 3)):
        assert (out.dtype.name, out.shape, np.asarray(out).tolist()) == (dtype, (), value)


def test_rot90_values_as_tf():
    # k % 4 == 0 returns the array before the axes are looked at (k=4 with axes (0, 5))
    assert np.asarray(ops.rot90(m, k=4, axes=(0, 5))).tolist() == [[1, 2], [3, 4]]
    assert np.asarray(ops.rot90(m, k=2)).tolist() == [[4, 3], [2, 1]]
    assert np.asarray(ops.rot90(m, k=-1)).tolist() == [[3, 1], [4, 2]]


@pytest.mark.parametrize('call, shape, dtype', [
    (lambda: ops.rot90(K(shape=(2, 3)), k=2), (3, 2), 'float32'),      # Keras swaps the lengths for k=2 and 0 too
    (lambda: ops.rot90(K(shape=(2, 3)), k=0), (3, 2), 'float32'),
    (lambda: ops.rot90(K(shape=(None, 3))), (3, None), 'float32'),
    (lambda: ops.rot90(K(shape=(4, 2, 3)), axes=(-1, -2)), (4, 3, 2), 'float32'),
    (lambda: ops.rot90(K(shape=(2, 3), dtype='int8'), k=3), (3, 2), 'int8'),
    (lambda: ops.flipud(K(shape=(None,), dtype='int32')), (None,), 'int32'),
    (lambda: ops.fliplr(K(shape=(2, None))), (2, None), 'float32'),
])
def test_symbolic_specs_as_keras(call, shape, dtype):
    out = call()
    assert (tuple(out.shape), out.dtype) == (shape, dtype)
