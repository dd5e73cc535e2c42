"""TensorFlow 2.21's map_fn.py docstring examples that tapeflow could not run: map_fn over a SparseTensor
and with RaggedTensorSpec / SparseTensorSpec output signatures. Golden values printed by TF 2.21
(/opt/tfref) running the same calls."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

ST = tf.sparse.SparseTensor([[0, 0], [2, 0], [2, 1]], [2, 3, 4], [4, 4])


def test_rows_of_different_lengths_batch_into_a_ragged_tensor():
    # TF 2.21: <tf.RaggedTensor [[0, 1, 2], [0, 1, 2, 3, 4], [], [0, 1]]>, int64 row splits
    out = tf.map_fn(tf.range, tf.constant([3, 5, 0, 2]),
                    fn_output_signature=tf.RaggedTensorSpec(shape=[None], dtype=tf.int32))
    assert isinstance(out, tf.RaggedTensor) and out.to_list() == [[0, 1, 2], [0, 1, 2, 3, 4], [], [0, 1]]
    assert out.row_splits.dtype == tf.int64 and out.ragged_rank == 1
    spec = tf.RaggedTensorSpec([None], tf.int32, row_splits_dtype=tf.int32)
    assert tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3]), fn_output_signature=spec).row_splits.dtype == tf.int32
    pair = tf.map_fn(lambda x: (tf.range(x), x * 2), tf.constant([1, 3]),
                     fn_output_signature=(tf.RaggedTensorSpec([None], tf.int32), tf.int32))
    assert pair[0].to_list() == [[0], [0, 1, 2]] and pair[1].numpy().tolist() == [2, 6]


def test_map_fn_over_a_sparse_tensor_sees_sparse_rows():
    # TF 2.21: tf.map_fn(tf.sparse.reduce_sum, st, fn_output_signature=tf.int32) -> [2, 0, 7, 0]
    assert tf.map_fn(tf.sparse.reduce_sum, ST, fn_output_signature=tf.int32).numpy().tolist() == [2, 0, 7, 0]
    dense = tf.map_fn(lambda s: tf.sparse.to_dense(s), ST, fn_output_signature=tf.int32)
    assert dense.numpy().tolist() == [[2, 0, 0, 0], [0, 0, 0, 0], [3, 4, 0, 0], [0, 0, 0, 0]]
    same = tf.map_fn(lambda s: s * 2, ST)
    assert isinstance(same, tf.SparseTensor) and same.indices.numpy().tolist() == [[0, 0], [2, 0], [2, 1]]
    assert same.values.numpy().tolist() == [4, 6, 8] and same.dense_shape.numpy().tolist() == [4, 4]


def test_sparse_outputs_batch_with_the_largest_dense_shape():
    # TF 2.21: the map_fn docstring's tf.sparse.eye rows, densified: shape (2, 3, 3)
    out = tf.map_fn(tf.sparse.eye, tf.constant([2, 3]), fn_output_signature=tf.SparseTensorSpec(None, tf.float32))
    assert tf.sparse.to_dense(out).numpy().tolist() == [[[1., 0., 0.], [0., 1., 0.], [0., 0., 0.]],
                                                        [[1., 0., 0.], [0., 1., 0.], [0., 0., 1.]]]


@pytest.mark.parametrize('fn, signature, returned', [
    (lambda x: tf.reshape(tf.range(x * 2), [x, 2]), tf.RaggedTensorSpec([None, 2], tf.int32),
     'TensorSpec(shape=(1, 2), dtype=tf.int32, name=None)\n    (value=tf.Tensor([[0 1]], shape=(1, 2), dtype=int32))'),
    (lambda x: tf.range(x), tf.RaggedTensorSpec([None], tf.int64), 'TensorSpec(shape=(1,), dtype=tf.int32, name=None)'),
    (lambda x: tf.range(x), tf.SparseTensorSpec(None, tf.int32), 'TensorSpec(shape=(1,), dtype=tf.int32, name=None)'),
])
def test_outputs_that_do_not_fit_the_spec_are_tensorflows_value_error(fn, signature, returned):
    with pytest.raises(ValueError) as caught:
        tf.map_fn(fn, tf.constant([1, 0, 2]), fn_output_signature=signature)
    text = str(caught.value)
    assert text.startswith('Error in map_fn:\n  Expected `fn` to return a:\n    %r\n  But it returned a:\n' % signature)
    assert returned in text and text.endswith('To fix, update the `fn_output_signature` (or `dtype`) argument to '
                                              '`map_fn`.')


def test_gradients_flow_through_ragged_outputs():
    def f(x):
        out = tf.map_fn(lambda row: row[:2] * row[0], x, fn_output_signature=tf.RaggedTensorSpec([None], tf.float64))
        return out.flat_values
    check_gradients(f, [np.random.default_rng(0).normal(size=(3, 4))])
