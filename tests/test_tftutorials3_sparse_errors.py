"""The sparse-tensor guide's errors in TensorFlow 2.21's words (printed by TF,
notes/progs/tftutorials3/sp.py): SparseToDense's order checks and SparseAdd's shape check."""
import pytest

import framework as tf

WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_unordered_and_repeated_indices():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.sparse.to_dense(tf.sparse.SparseTensor(indices=[[1, 0], [0, 0]], values=[1, 2], dense_shape=[2, 2]))
    assert str(info.value) == WRAPPED % 'SparseToDense' + (
        'indices[1] = [0,0] is out of order. Many sparse ops require sorted indices.\n    Use `tf.sparse.reorder` to '
        'create a correctly ordered copy.\n\n [Op:SparseToDense] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'indices\[1\] = \[0,1\] is repeated \[Op:SparseToDense\]'):
        tf.sparse.to_dense(tf.sparse.SparseTensor(indices=[[0, 1], [0, 1]], values=[1, 2], dense_shape=[2, 2]))


def test_sparse_add_of_two_shapes():
    a = tf.sparse.SparseTensor(indices=[[0, 2]], values=[31], dense_shape=[4, 10])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.sparse.add(a, tf.sparse.SparseTensor(indices=[[0, 0]], values=[1], dense_shape=[3, 3]))
    assert str(info.value) == WRAPPED % 'SparseAdd' + ("Operands' shapes do not match: got 4 and 3 for dimension 0 "
                                                       "[Op:SparseAdd] name: ")
