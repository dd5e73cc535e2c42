"""Row partitions (row_lengths, row_splits, value_rowids, ...) that are not 1-D integer lists: TensorFlow
2.21's ValueErrors (its conversion's, 'row_lengths must have dtype int32 or int64', 'Shape (1, 2) must have
rank 1'), tapeflow's sentence a note. Texts: the errors9 fuzzer's TF log (/work/notes/progs/errors9)."""
import numpy as np
import pytest

import framework as tf

V = np.arange(6.0, dtype='float32')


@pytest.mark.parametrize('call, text', [
    (lambda: tf.RaggedTensor.from_row_lengths(V, [2.5, 3]), 'row_lengths must have dtype int32 or int64'),
    (lambda: tf.RaggedTensor.from_row_lengths(V, 'a'), 'row_lengths must have dtype int32 or int64'),
    (lambda: tf.RaggedTensor.from_row_lengths(V, [[2, 3]]), 'Shape (1, 2) must have rank 1'),
    (lambda: tf.RaggedTensor.from_row_lengths(V, 3), 'Shape () must have rank 1'),
    (lambda: tf.RaggedTensor.from_row_lengths(V, None),
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: tf.RaggedTensor.from_row_lengths(V, [2, 'a']), "Can't convert Python sequence with mixed types to Tensor."),
    (lambda: tf.RaggedTensor.from_row_splits(V, [0.0, 2.5]), 'row_splits must have dtype int32 or int64'),
    (lambda: tf.RaggedTensor.from_value_rowids(V[:3], [[0, 0, 2]]), 'Shape (1, 3) must have rank 1'),
    (lambda: tf.ragged.row_splits_to_segment_ids([2.5, 3]), 'splits must have dtype int32 or int64'),
    (lambda: tf.ragged.row_splits_to_segment_ids(3), 'Shape () must have rank 1'),
])
def test_bad_partitions_raise_tensorflows_value_errors(call, text):
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value) == text
    assert err.value.__notes__, 'tapeflow explains in a note'


def test_good_partitions_still_build():
    assert tf.RaggedTensor.from_row_lengths(V, np.array([2, 1, 3])).to_list() == [[0, 1], [2], [3, 4, 5]]
    assert tf.RaggedTensor.from_row_splits(V, tf.constant([0, 6])).to_list() == [[0, 1, 2, 3, 4, 5]]
    assert tf.RaggedTensor.from_row_lengths(V[:0], np.array([], 'float32')).to_list() == []


@pytest.mark.parametrize('call, text', [
    (lambda: tf.RaggedTensor.from_tensor(np.ones((4, 2), 'float32'), lengths='a'),
     "Argument `tensor` (name: lengths) must be of type integer. Received `tensor` = b'a' of dtype: <dtype: 'string'>"),
    (lambda: tf.RaggedTensor.from_tensor(np.ones((4, 2), 'float32'), lengths=[2.5, 3]),
     "Argument `tensor` (name: lengths) must be of type integer. Received `tensor` = [2.5 3. ] of dtype: "
     "<dtype: 'float32'>"),
    (lambda: tf.ragged.segment_ids_to_row_splits('a'),
     "Argument `tensor` (name: segment_ids) must be of type integer. Received `tensor` = b'a' of dtype: "
     "<dtype: 'string'>"),
    (lambda: tf.ragged.segment_ids_to_row_splits([2.5, 3]),
     "Argument `tensor` (name: segment_ids) must be of type integer. Received `tensor` = [2.5 3. ] of dtype: "
     "<dtype: 'float32'>"),
])
def test_lengths_and_segment_ids_are_converted_as_integer_tensors(call, text):
    # TF 2.21 converts these with convert_to_int_tensor: its TypeError, not the partitions' ValueError
    with pytest.raises(TypeError) as err:
        call()
    assert str(err.value) == text
