"""tf.shape / tf.size / tf.rank of a SparseTensor read its dense_shape, as TF 2.21 does (tapeflow
refused the SparseTensor). Values printed by TF 2.21 (/work/notes/progs/tfguides/sparse6.py)."""
import numpy as np

import framework as tf


def _sparse():
    return tf.sparse.SparseTensor(indices=[[0, 0, 1]], values=[1.], dense_shape=[2, 3, 4])


def test_shape_is_dense_shape_in_out_type():
    sp = _sparse()
    for out_type, dtype, values in ((tf.int32, 'int32', [2, 3, 4]), (tf.int64, 'int64', [2, 3, 4]),
                                    (tf.float32, 'float32', [2., 3., 4.])):
        shape = tf.shape(sp, out_type=out_type)
        assert shape.dtype == dtype and shape.numpy().tolist() == values
    assert tf.shape(sp).dtype == 'int32'


def test_size_and_rank():
    sp = _sparse()
    assert tf.size(sp).dtype == 'int32' and int(tf.size(sp)) == 24
    assert tf.size(sp, out_type=tf.int64).dtype == 'int64'
    rank = tf.rank(sp)
    assert rank.dtype == 'int32' and rank.shape == () and int(rank) == 3
    assert isinstance(tf.shape(tf.ones([2, 5])).numpy(), np.ndarray)      # dense tensors as before
