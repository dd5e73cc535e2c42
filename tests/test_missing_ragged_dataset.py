"""tf.data with RaggedTensor components and Dataset.ragged_batch (framework/data/ragged_elements.py): the Ragged
Tensor guide's "Datasets" section, against TF 2.21 (/work/notes/progs/missing/tf_ragged_ds.py run with
/opt/tfref: the ported program prints the same lines)."""
import numpy as np
import pytest

import framework as tf


def _digits():
    digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    return tf.data.Dataset.from_tensor_slices({'digits': digits, 'lengths': digits.row_lengths()})


def test_slices_batches_and_unbatches_ragged_components_as_tf():
    ds = _digits()
    assert repr(ds.element_spec['digits']) == 'RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)'
    rows = [e['digits'].numpy().tolist() for e in ds]
    assert rows == [[3, 1, 4, 1], [], [5, 9, 2], [6], []]
    batches = [e['digits'] for e in ds.batch(2)]
    assert isinstance(batches[0], tf.RaggedTensor) and [b.to_list() for b in batches] == [
        [[3, 1, 4, 1], []], [[5, 9, 2], [6]], [[]]]
    assert [e['lengths'].numpy().tolist() for e in ds.batch(2)] == [[4, 0], [3, 1], [0]]
    assert [e['digits'].numpy().tolist() for e in ds.batch(2).unbatch()] == rows


def test_ragged_batch_and_dense_to_ragged_batch_as_tf():
    ranges = tf.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8]).map(tf.range)
    expected = [[[0], [0, 1, 2, 3, 4]], [[0, 1, 2], [0, 1]], [[0, 1, 2, 3, 4, 5, 6, 7]]]
    batched = ranges.ragged_batch(2)
    assert [b.to_list() for b in batched] == expected
    assert repr(batched.element_spec) == 'RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)'
    applied = ranges.apply(tf.data.experimental.dense_to_ragged_batch(2))
    assert [b.to_list() for b in applied] == expected


def test_map_to_ragged_outputs_as_tf():
    def transform_lengths(features):
        return {'mean_length': tf.math.reduce_mean(features['lengths']),
                'length_ranges': tf.ragged.range(features['lengths'])}
    out = [(e['mean_length'].numpy(), e['length_ranges'].to_list()) for e in _digits().map(transform_lengths)]
    assert out == [(4, [[0, 1, 2, 3]]), (0, [[]]), (3, [[0, 1, 2]]), (1, [[0]]), (0, [[]])]


def test_ragged_components_of_other_ragged_ranks_do_not_mix():
    # TF refuses the concatenation (TypeError: incompatible dataset elements); batching such rows is refused too
    flat = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3]]))
    nested = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1]], [[2]]]))
    with pytest.raises(TypeError, match='Incompatible dataset elements'):
        flat.concatenate(nested)
    from framework.data.ragged_elements import stack_ragged
    rows = [next(iter(flat)), next(iter(nested))]
    with pytest.raises(ValueError, match='Dataset.batch'):
        stack_ragged([np.asarray(rows[0]), rows[1]], 'Dataset.batch')


def test_concatenated_ragged_datasets_keep_a_ragged_spec_as_tf():
    rows = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3]]))
    assert repr(rows.concatenate(rows).element_spec) == 'RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)'


def test_a_ragged_row_is_handed_out_as_a_plain_tensor_as_tf():
    # TF 2.21 prints these rows as <tf.Tensor: shape=(2,), dtype=int32, numpy=array([2, 3], dtype=int32)>;
    # the pipeline's marker class (RaggedRow) showed in the repr and came back from .numpy()
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3]]))
    rows = list(ds)
    assert repr(rows[1]) == '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([2, 3], dtype=int32)>'
    assert type(rows[1].numpy()) is np.ndarray
    assert [(r * 2).numpy().tolist() for r in ds] == [[2], [4, 6]]
    assert [e.to_list() for e in ds.batch(2)] == [[[1], [2, 3]]]       # the pipeline still batches them as ragged
