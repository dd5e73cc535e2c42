"""tf.compat.v1.setdiff1d as TF 2.21 runs it (printed by TF 2.21 for each call): ListDiff(out, idx), the
ListDiff kernel's errors and the dated deprecation notice."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_values_and_indices(deprecation_notices):
    r = tf.compat.v1.setdiff1d([1, 2, 3, 4, 2], [2, 4])
    assert str(r) == ('ListDiff(out=<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 3], dtype=int32)>, '
                      'idx=<tf.Tensor: shape=(2,), dtype=int32, numpy=array([0, 2], dtype=int32)>)')
    f = tf.compat.v1.setdiff1d(tf.constant([1., 5.]), tf.constant([5.]), index_dtype=tf.int64)
    assert f.out.numpy().tolist() == [1.0] and f.idx.dtype == tf.int64
    assert tf.compat.v1.setdiff1d(['a', 'b'], ['b']).out.numpy().tolist() == [b'a']
    assert tf.compat.v1.setdiff1d([3, 1, 3], [5]).idx.numpy().tolist() == [0, 1, 2]
    records = [rec.getMessage() for rec in deprecation_notices.records if rec.name == 'tensorflow']
    assert len(records) == 1 and records[0].endswith(
        ': setdiff1d (from tensorflow.python.ops.array_ops) is deprecated and will be removed after 2018-11-30.\n'
        'Instructions for updating:\nThis op will be removed after the deprecation date. Please switch to '
        'tf.sets.difference().')


def test_errors():
    prefix = '{{function_node __wrapped__ListDiff_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    with pytest.raises(InvalidArgumentError) as info:
        tf.compat.v1.setdiff1d([[1]], [1])
    assert str(info.value) == prefix + 'x should be a 1D vector. [Op:ListDiff]'
    with pytest.raises(InvalidArgumentError) as info:
        tf.compat.v1.setdiff1d(tf.constant([[1]]), tf.constant([1]))
    assert str(info.value) == prefix + 'x should be a 1D vector. [Op:ListDiff] name: '
    with pytest.raises(TypeError, match=r'^Cannot convert \[1.5\] to EagerTensor of dtype int32'):
        tf.compat.v1.setdiff1d([1], [1.5])
