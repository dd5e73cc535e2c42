"""tf.sparse.to_dense(validate_indices=False) with a repeated index keeps the index's LAST value.

TF's SparseToDense kernel assigns the entries in order, so the later one overwrites; tapeflow's float path
placed entries with scatter_nd and summed them ([[3.]] for values 2 and 1 at [0, 0]).
Golden values: TF 2.21 (tensorflow.org guide/sparse_tensor, extended), run on this machine.
"""
import numpy as np

import framework as tf


def test_repeated_float_index_keeps_last_value():
    x = tf.sparse.SparseTensor([[0, 0], [1, 1], [0, 0], [1, 1], [0, 1]], [2.0, 1.0, 5., 7., 9.], [2, 2])
    np.testing.assert_array_equal(tf.sparse.to_dense(x, validate_indices=False).numpy(), [[5., 9.], [0., 7.]])
    np.testing.assert_array_equal(tf.sparse.to_dense(x, default_value=-1., validate_indices=False).numpy(),
                                  [[5., 9.], [-1., 7.]])


def test_repeated_int_index_keeps_last_value():
    x = tf.sparse.SparseTensor([[0, 0], [0, 0]], [2, 1], [2, 2])
    np.testing.assert_array_equal(tf.sparse.to_dense(x, validate_indices=False).numpy(), [[1, 0], [0, 0]])


def test_repeated_index_still_refused_when_validated():
    x = tf.sparse.SparseTensor([[0, 0], [0, 0]], [2.0, 1.0], [2, 2])
    try:
        tf.sparse.to_dense(x)
    except tf.errors.InvalidArgumentError as e:
        assert 'indices[1] = [0,0] is repeated' in str(e)
    else:
        raise AssertionError('repeated index accepted')
