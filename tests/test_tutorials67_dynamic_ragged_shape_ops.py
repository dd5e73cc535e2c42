"""The ragged tensor guide's 'Dynamic shape' section: tf.reshape / zeros / ones / fill / broadcast_to given
``tf.shape(rt)`` (a DynamicRaggedShape) make RaggedTensors, and DynamicRaggedShape.from_lengths.

Goldens: TF 2.21 (tensorflow-cpu) printed them, /work/notes/progs/tutorials67/dynshape.py and dynshape2.py.
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _shape():
    return tf.shape(tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]]))


def test_the_guides_dense_ops_on_a_ragged_shape():
    rt_shape = _shape()
    x = tf.constant([['a', 'b'], ['c', 'd'], ['e', 'f']])
    assert f"tf.reshape(x, rt_shape) = {tf.reshape(x, rt_shape)}" == \
        "tf.reshape(x, rt_shape) = <tf.RaggedTensor [[b'a'], [b'b', b'c', b'd'], [], [b'e', b'f']]>"
    assert str(tf.zeros(rt_shape)) == '<tf.RaggedTensor [[0.0], [0.0, 0.0, 0.0], [], [0.0, 0.0]]>'
    assert str(tf.ones(rt_shape)) == '<tf.RaggedTensor [[1.0], [1.0, 1.0, 1.0], [], [1.0, 1.0]]>'
    assert str(tf.fill(rt_shape, 'x')) == "<tf.RaggedTensor [[b'x'], [b'x', b'x', b'x'], [], [b'x', b'x']]>"
    assert str(tf.broadcast_to(tf.constant(3), rt_shape)) == '<tf.RaggedTensor [[3], [3, 3, 3], [], [3, 3]]>'
    assert str(tf.broadcast_to(tf.constant([[1], [2], [3], [4]]), rt_shape)) == \
        '<tf.RaggedTensor [[1], [2, 2, 2], [], [4, 4]]>'
    assert str(tf.reshape(tf.range(6.), rt_shape)) == '<tf.RaggedTensor [[0.0], [1.0, 2.0, 3.0], [], [4.0, 5.0]]>'
    assert str(tf.zeros(rt_shape, tf.int32)) == '<tf.RaggedTensor [[0], [0, 0, 0], [], [0, 0]]>'
    assert str(tf.ones(rt_shape, tf.bool)) == '<tf.RaggedTensor [[True], [True, True, True], [], [True, True]]>'
    assert str(tf.fill(rt_shape, 2.5)) == '<tf.RaggedTensor [[2.5], [2.5, 2.5, 2.5], [], [2.5, 2.5]]>'
    assert tf.zeros(rt_shape).row_splits.dtype == tf.int32      # tf.shape(rt)'s dtype (from_lengths': int64)


def test_from_lengths():
    shape = tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])
    assert str(shape) == '<DynamicRaggedShape lengths=[4, (2, 1, 0, 8), 12] num_row_partitions=1>'
    assert str(tf.experimental.DynamicRaggedShape.from_lengths([2, 3])) == \
        '<DynamicRaggedShape lengths=[2, 3] num_row_partitions=0>'
    with pytest.raises(ValueError, match='^Shape not consistent.$'):
        tf.experimental.DynamicRaggedShape.from_lengths([2, (1, 2, 3)])
    s = tf.experimental.DynamicRaggedShape.from_lengths([3, (2, 0, 1), 2])
    assert (s.rank, s.num_row_partitions, s.static_lengths(), s.dtype) == (3, 1, [3, (2, 0, 1), 2], tf.int64)
    assert str(s.inner_shape) == 'tf.Tensor([3 2], shape=(2,), dtype=int64)'
    assert str(tf.zeros(s)) == '<tf.RaggedTensor [[[0.0, 0.0],\n  [0.0, 0.0]], [], [[0.0, 0.0]]]>'
    s3 = tf.experimental.DynamicRaggedShape.from_lengths([2, (1, 2), 3])
    assert tf.zeros(s3).row_splits.dtype == tf.int64
    assert str(tf.broadcast_to(tf.constant([1, 2, 3]), s3)) == \
        '<tf.RaggedTensor [[[1, 2, 3]], [[1, 2, 3],\n               [1, 2, 3]]]>'
    assert str(tf.reshape(tf.range(9), s3)) == '<tf.RaggedTensor [[[0, 1, 2]], [[3, 4, 5],\n               [6, 7, 8]]]>'
    assert (s3.is_uniform(2), _shape().is_uniform(1), _shape().is_uniform(0)) == (True, False, True)
    assert str(tf.ones(tf.shape(tf.ragged.constant([[[1], [2, 3]], [[4]]])))) == \
        '<tf.RaggedTensor [[[1.0], [1.0, 1.0]], [[1.0]]]>'


def test_refusals_in_tfs_words():
    rt_shape = _shape()
    with pytest.raises(InvalidArgumentError) as caught:
        tf.reshape(tf.range(5), rt_shape)
    assert str(caught.value) == ('{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                                 ' Input to reshape is a tensor with 5 values, but the requested shape has 6 '
                                 '[Op:Reshape] name: ')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.broadcast_to(tf.constant([1, 2, 3, 4]), rt_shape)
    assert str(caught.value) == ('Cannot broadcast\nCondition x == y did not hold.\nIndices of first 3 different '
                                 'values:\n[[0]\n [1]\n [2]]\nCorresponding x values:\n[4 4 4]\nCorresponding y '
                                 'values:\n[1 3 0]\nFirst 3 elements of x:\n[4 4 4]\nFirst 3 elements of y:\n[1 3 0]')
    with pytest.raises(ValueError) as caught:
        tf.broadcast_to(tf.constant([[[1]]]), rt_shape)
    assert str(caught.value) == 'Cannot broadcast to a shape with smaller rank'


def test_dense_shapes_are_untouched():
    assert tf.zeros([2, 1]).shape == (2, 1) and tf.reshape(tf.range(4), [2, 2]).shape == (2, 2)
    with pytest.raises(InvalidArgumentError):
        tf.reshape(tf.range(4), [3])


def test_reshape_of_a_ragged_tensor():
    # reshape_comp.py: TF's ragged dispatch reshapes the flat values, row-major
    rt = tf.ragged.constant([[1, 2], [3]])
    assert str(tf.reshape(rt, [-1])) == 'tf.Tensor([1 2 3], shape=(3,), dtype=int32)'
    assert tf.reshape(rt, [3, 1]).numpy().tolist() == [[1], [2], [3]]
    inner = tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)
    assert str(tf.reshape(inner, [-1])) == 'tf.Tensor([1 2 3 4 5 6], shape=(6,), dtype=int32)'
    assert str(tf.reshape(rt, tf.shape(tf.ragged.constant([[1], [2, 3]])))) == '<tf.RaggedTensor [[1], [2, 3]]>'
    with pytest.raises(InvalidArgumentError) as caught:
        tf.reshape(rt, [2, 2])
    assert str(caught.value).endswith(' Input to reshape is a tensor with 3 values, but the requested shape has 4 '
                                      '[Op:Reshape] name: ')
    with pytest.raises(ValueError) as caught:
        tf.reshape([[1, 2], [3]], [-1])
    assert str(caught.value) == "Can't convert non-rectangular Python sequence to Tensor."
