"""tnp.size, tnp.shape and tnp.result_type give what TF 2.21's tnp gives.

TF's tnp.size is a NumPy int64 (``np.prod`` of the shape; 1 for a Python scalar; no ``axis``: its
NotImplementedError), tnp.shape the array's TensorShape, tnp.result_type a tf.DType (float64 for no argument).
tapeflow gave keras.ops' int32 tensor, a tuple and a NumPy dtype (and a ValueError for no argument).
Printed by TF 2.21 (probe tn8.py in /work/notes/progs/tutorials36).
"""
import numpy as np
import pytest

import framework as tf
import framework.experimental.numpy as tnp


def test_size():
    a = tnp.asarray([[1, 2, 3], [4, 5, 6]])
    assert repr(tnp.size(a)) == 'np.int64(6)'
    assert repr(tnp.size(np.ones((2, 2)))) == 'np.int64(4)'
    assert repr(tnp.size([[1, 2]])) == 'np.int64(2)'
    assert repr(tnp.size(3)) == '1'
    with pytest.raises(NotImplementedError, match='^axis argument is not supported in the current `np.size` implementation$'):
        tnp.size(a, axis=0)


def test_shape():
    shape = tnp.shape(tnp.asarray([[1, 2, 3], [4, 5, 6]]))
    assert isinstance(shape, tf.TensorShape)
    assert repr(shape) == 'TensorShape([2, 3])'


@pytest.mark.parametrize('args, expected', [
    ((tnp.int32, tnp.float32), 'tf.float64'),
    ((tf.float16, np.int8), 'tf.float16'),
    ((np.ones(2, np.float32), 2), 'tf.float32'),
    ((), 'tf.float64'),
])
def test_result_type_is_a_dtype(args, expected):
    result = tnp.result_type(*args)
    assert isinstance(result, tf.DType)
    assert repr(result) == expected


def test_result_type_of_tensors():
    assert repr(tnp.result_type(tnp.asarray([[1, 2]]), 1.5)) == 'tf.float64'
    assert repr(tnp.result_type(tf.ones(2))) == 'tf.float32'
