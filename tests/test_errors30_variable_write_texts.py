"""Writes into a tf.Variable with a value that does not fit, as TF 2.21 refuses them: a slice's
``assign`` of a tensor of another dtype (ValueError, convert_to_tensor's words; tapeflow wrote it
cast), and ``scatter_nd_*`` updates whose shape does not fit the indices (the ResourceScatterNd*
kernels' texts; tapeflow's own sentence was the message). Literals: TF 2.21's output of
/work/notes/progs/errors30/p_sliceassign.py, p_vscatter.py and p_vscatter3.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('value, text', [
    (lambda: tf.constant([1, 2, 3]), 'Tensor conversion requested dtype float32 for Tensor with dtype int32: '
                                     '<tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 2, 3], dtype=int32)>'),
    (lambda: tf.constant([1., 2., 3.], tf.float64),
     'Tensor conversion requested dtype float32 for Tensor with dtype float64: '
     '<tf.Tensor: shape=(3,), dtype=float64, numpy=array([1., 2., 3.])>'),
    (lambda: tf.Variable([1, 2, 3]),
     "Incompatible type conversion requested to type float32 for `tf.Variable of type int32. (Variable: "
     "<tf.Variable 'Variable:0' shape=(3,) dtype=int32, numpy=array([1, 2, 3], dtype=int32)>)"),
])
def test_slice_assign_refuses_a_tensor_of_another_dtype(value, text):
    v = tf.Variable(tf.ones((2, 3)))
    with pytest.raises(ValueError) as info:
        v[0].assign(value())
    assert str(info.value) == text
    assert v.numpy().tolist() == [[1.0] * 3] * 2        # nothing written


def test_slice_assign_of_a_keras_variable_refuses_it_too():
    v = keras.Variable(np.ones((2, 3), 'float32'))
    with pytest.raises(ValueError, match=r'^Tensor conversion requested dtype float32 for Tensor with dtype int32'):
        v[0].assign(tf.constant([1, 2, 3]))


@pytest.mark.parametrize('value', [np.array([1, 2, 3]), [1, 2, 3]])
def test_slice_assign_converts_arrays_and_lists(value):
    v = tf.Variable(tf.ones((2, 3)))
    v[0].assign(value)
    assert v.numpy().tolist() == [[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]


@pytest.mark.parametrize('method, shape, indices, updates, text', [
    ('scatter_nd_update', (3,), [[0]], [1.0, 2.0],
     'Dimensions [0,1) of indices[shape=[1,1]] = 1 must match dimensions [0,1) of updates[shape=[2]] = 2'),
    ('scatter_nd_add', (3,), [[0], [1]], [1.0],
     'Dimensions [0,1) of indices[shape=[2,1]] = 2 must match dimensions [0,1) of updates[shape=[1]] = 1'),
    ('scatter_nd_sub', (3, 2), [[0]], [[1.0, 2.0, 3.0]],
     'Dimensions [1,2) of input[shape=[3,2]] must match dimensions [1,2) of updates[shape=[1,3]]'),
    ('scatter_nd_update', (3, 2), [[0]], [1.0, 2.0, 3.0],
     'Dimensions [0,1) of indices[shape=[1,1]] = 1 must match dimensions [0,1) of updates[shape=[3]] = 3'),
    ('scatter_nd_max', (3, 2), [[0, 1]], [[1.0]],
     'Dimensions [2,2) of input[shape=[3,2]] must match dimensions [2,2) of updates[shape=[1,1]]'),
    ('scatter_nd_min', (3,), [[0]], [[1.0]],
     'Dimensions [1,1) of input[shape=[3]] must match dimensions [1,2) of updates[shape=[1,1]]'),
    ('scatter_nd_update', (2, 3, 4), [[0, 1]], [[1.0, 2.0]],
     'Dimensions [2,3) of input[shape=[2,3,4]] must match dimensions [2,2) of updates[shape=[1,2]]'),
    ('scatter_nd_update', (3, 2), [[[0], [1]]], [[1.0, 2.0]],
     'Dimensions [1,2) of input[shape=[3,2]] must match dimensions [1,2) of updates[shape=[1,2]]'),
    ('scatter_nd_update', (3, 2), [[[0], [1]]], [[[1.0, 2.0]] * 3],
     'Dimensions [0,2) of indices[shape=[1,2,1]] must match dimensions [0,2) of updates[shape=[1,3,2]]'),
    ('scatter_nd_update', (3, 2, 2), [[0], [1]], [[1.0, 2.0], [1.0, 2.0]],
     'Dimensions [1,3) of input[shape=[3,2,2]] must match dimensions [1,2) of updates[shape=[2,2]]'),
])
def test_scatter_nd_updates_that_do_not_fit(method, shape, indices, updates, text):
    v = tf.Variable(tf.zeros(shape))
    with pytest.raises(InvalidArgumentError) as info:
        getattr(v, method)(indices, updates)
    kernel = 'ResourceScatterNd' + method.split('_')[-1].capitalize()
    assert str(info.value) == '{{function_node __wrapped__%s%s%s [Op:%s]' % (kernel, _CPU, text, kernel)
    assert not v.numpy().any()          # nothing written


def test_scatter_nd_with_tensor_indices_has_the_name_tail():
    v = tf.Variable(tf.zeros((3, 2)))
    with pytest.raises(InvalidArgumentError) as info:
        v.scatter_nd_add(tf.constant([[0, 1]]), tf.ones((1, 1)))
    assert str(info.value) == ('{{function_node __wrapped__ResourceScatterNdAdd%sDimensions [2,2) of '
                               'input[shape=[3,2]] must match dimensions [2,2) of updates[shape=[1,1]] '
                               '[Op:ResourceScatterNdAdd] name: ' % _CPU)
