"""tf.math.in_top_k and keras.ops.in_top_k convert their predictions as TF 2.21's eager call does: a numpy array or
Python list of any number type becomes InTopKV2's float32 input; a tensor of another dtype is the kernel's input
error on the fast path (tensors and arrays only) but, where a Python list among the arguments sends the call down
the slow path, its conversion ValueError "Tensor conversion requested dtype float32 for Tensor with dtype float64:
<tf.Tensor: ...>"; keras.ops.in_top_k hands integer predictions to TF as they are (tapeflow computed them in floatx)
and a list of targets as given.

Goldens: TF 2.21's outputs of /work/notes/progs/kerasops14/t1.py (10 of 10 lines equal after the fix, 8 differed),
t2.py (13 of 13, 5 differed) and nn1.py's in_top_k lines (9 of 9, 8 differed).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

_P = np.array([[0.0, 1.0, 2.0, -1.0], [3.0, 0.5, -1.5, 0.25]])


def _conversion_text(dtype, shown):
    return 'Tensor conversion requested dtype float32 for Tensor with dtype %s: %s' % (dtype, shown)


@pytest.mark.parametrize('call', [
    lambda: tf.math.in_top_k([0, 2], tf.constant(_P), 2), lambda: keras.ops.in_top_k([0, 2], tf.constant(_P), 2),
])
def test_the_slow_path_refuses_the_conversion(call):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == _conversion_text('float64', '<tf.Tensor: shape=(2, 4), dtype=float64, numpy=\n'
                                                 'array([[ 0.  ,  1.  ,  2.  , -1.  ],\n'
                                                 '       [ 3.  ,  0.5 , -1.5 ,  0.25]])>')


def test_int_predictions_from_keras_reach_tf_as_they_are():
    with pytest.raises(ValueError) as caught:
        keras.ops.in_top_k([0, 2], keras.ops.cast(_P, 'int32'), 2)
    assert str(caught.value) == _conversion_text('int32', '<tf.Tensor: shape=(2, 4), dtype=int32, numpy=\n'
                                                 'array([[ 0,  1,  2, -1],\n       [ 3,  0, -1,  0]], dtype=int32)>')


def test_the_fast_path_is_the_kernels_refusal():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.math.in_top_k(np.array([0, 2]), tf.constant(_P), 2)
    assert str(caught.value) == ('cannot compute InTopKV2 as input #0(zero-based) was expected to be a float tensor '
                                 'but is a double tensor [Op:InTopKV2] name: ')


@pytest.mark.parametrize('targets', [[0, 2], tf.constant([0, 2])])
@pytest.mark.parametrize('predictions', [_P, _P.astype('int32'), _P.astype('float16'), _P.tolist()])
def test_arrays_and_lists_convert(targets, predictions):
    assert np.asarray(tf.math.in_top_k(targets, predictions, 2)).tolist() == [False, False]
    assert np.asarray(tf.math.in_top_k(targets, predictions, 3)).tolist() == [True, False]
