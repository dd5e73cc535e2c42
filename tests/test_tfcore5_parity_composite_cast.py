"""tf.cast of a RaggedTensor or SparseTensor casts its values, as TensorFlow 2.21's dispatch
(progs/tfcore5/c05_rss.py under /opt/tfref: the tensors guide's ragged mean; tapeflow raised TypeError)."""
import numpy as np

import framework as tf


def test_a_ragged_tensor_casts_its_values():
    ragged = tf.ragged.constant([[0, 1, 2, 3], [4, 5], [6, 7, 8], [9]])
    floats = tf.cast(ragged, tf.float32)
    assert isinstance(floats, tf.RaggedTensor) and floats.dtype == tf.float32
    assert floats.row_lengths().numpy().tolist() == [4, 2, 3, 1]
    # TF 2.21: tf.Tensor([1.5 4.5 7.  9. ], shape=(4,), dtype=float32)
    np.testing.assert_array_equal(tf.reduce_mean(floats, axis=1).numpy(), np.float32([1.5, 4.5, 7.0, 9.0]))


def test_a_sparse_tensor_casts_its_values_and_keeps_its_indices():
    sparse = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
    floats = tf.cast(sparse, tf.float32)
    assert isinstance(floats, tf.SparseTensor) and floats.dtype == tf.float32
    assert floats.indices.numpy().tolist() == [[0, 0], [1, 2]]
    # TF 2.21: [[1. 1.] [2. 2.] [0. 0.]]
    product = tf.sparse.sparse_dense_matmul(floats, tf.ones([4, 2]))
    assert product.numpy().tolist() == [[1.0, 1.0], [2.0, 2.0], [0.0, 0.0]]
