"""tf.io.serialize_sparse / serialize_many_sparse / deserialize_many_sparse.

Expected bytes, values and texts are TensorFlow 2.21's, printed by the same program under /opt/tfref/bin/python."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

ST = tf.sparse.SparseTensor(indices=[[0, 1], [2, 3]], values=[1.5, 2.5], dense_shape=[3, 4])
BATCH = tf.sparse.SparseTensor(indices=[[0, 0, 1], [1, 2, 0], [1, 2, 1]], values=[1, 2, 3], dense_shape=[2, 3, 4])
SHAPE_34 = b'\x08\t\x12\x04\x12\x02\x08\x02"\x10\x03\x00\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00'


def test_serialize_sparse_writes_three_tensor_protos():
    out = tf.io.serialize_sparse(ST)
    assert out.dtype == tf.string and out.shape == (3,)
    assert out.numpy().tolist() == [
        b'\x08\t\x12\x08\x12\x02\x08\x02\x12\x02\x08\x02" \x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00'
        b'\x00\x02\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00',
        b'\x08\x01\x12\x04\x12\x02\x08\x02"\x08\x00\x00\xc0?\x00\x00 @', SHAPE_34]
    empty = tf.sparse.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.string), [2, 2])
    assert tf.io.serialize_sparse(empty).numpy().tolist() == [
        b'\x08\t\x12\x06\x12\x00\x12\x02\x08\x02', b'\x08\x07\x12\x02\x12\x00',
        b'\x08\t\x12\x04\x12\x02\x08\x02"\x10\x02\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00']


def test_many_round_trip():
    many = tf.io.serialize_many_sparse(BATCH)
    assert many.shape == (2, 3)
    assert many.numpy().tolist()[0] == [
        b'\x08\t\x12\x08\x12\x02\x08\x01\x12\x02\x08\x02"\x10\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00',
        b'\x08\x03\x12\x04\x12\x02\x08\x01"\x04\x01\x00\x00\x00', SHAPE_34]
    back = tf.io.deserialize_many_sparse(many, tf.int32)
    assert back.indices.numpy().tolist() == [[0, 0, 1], [1, 2, 0], [1, 2, 1]]
    assert back.values.numpy().tolist() == [1, 2, 3] and back.dense_shape.numpy().tolist() == [2, 3, 4]
    stacked = tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(ST)] * 2), tf.float32)
    assert stacked.indices.numpy().tolist() == [[0, 0, 1], [0, 2, 3], [1, 0, 1], [1, 2, 3]]
    assert stacked.values.numpy().tolist() == [1.5, 2.5, 1.5, 2.5] and stacked.dense_shape.numpy().tolist() == [2, 3, 4]


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(BATCH), tf.float32), InvalidArgumentError,
     'Requested SparseTensor of type float but SparseTensor[0].values.dtype() == int32 [Op:DeserializeManySparse] name: '),
    (lambda: tf.io.serialize_many_sparse(tf.sparse.SparseTensor([[0]], [1], [3])), InvalidArgumentError,
     'Rank of input SparseTensor should be > 1, but saw rank: 1 [Op:SerializeManySparse] name: '),
    (lambda: tf.io.serialize_sparse([1, 2]), TypeError, 'Input must be a SparseTensor.'),
    (lambda: tf.io.deserialize_many_sparse(tf.constant([['a', 'b', 'c']]), tf.int32), InvalidArgumentError,
     'Could not parse serialized proto [Op:DeserializeManySparse] name: '),
])
def test_errors_are_tensorflows(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value).endswith(text)
