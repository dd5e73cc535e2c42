"""bucket_by_sequence_length's checks as TF 2.21 makes them. Goldens printed by TF 2.21 (probes
/work/notes/progs/data11/p10.py, p11.py), e.g. a length at the last boundary with pad_to_bucket_boundary=True.
"""
import pytest

import framework as tf


def _sequences():
    return tf.data.Dataset.from_generator(lambda: ([1] * n for n in [1, 3, 2, 5, 4, 1, 6, 2]),
                                          output_signature=tf.TensorSpec((None,), tf.int32))


def test_pad_to_bucket_boundary_past_the_last_boundary_is_the_batching_assertion():
    bucketed = _sequences().bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2],
                                                      pad_to_bucket_boundary=True)
    with pytest.raises(tf.errors.InternalError) as caught:
        list(bucketed)
    text = str(caught.value)
    assert text.startswith('{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/'
                           'task:0/device:CPU:0}} Got error code INVALID_ARGUMENT and message: {\nassertion failed: '
                           '[When pad_to_bucket_boundary=True, elements must have length < max(bucket_boundaries).] '
                           '[Condition x < y did not hold element-wise:] [x (args_0:0) = ] [2] [y (Const_1:0) = ] [2]\n')
    assert text.endswith(':  [Op:IteratorGetNext] name: ')      # (TF's graph ids in between vary per program)


def test_the_assertion_counts_the_element_components():
    pairs = _sequences().map(lambda x: (x, tf.size(x)))
    with pytest.raises(tf.errors.InternalError, match='IteratorGetNext_output_types_2'):
        list(pairs.bucket_by_sequence_length(lambda x, n: n, [3, 5], [2, 2, 2], pad_to_bucket_boundary=True))


def test_lengths_below_the_last_boundary_pad_to_their_bucket():
    got = [b.tolist() for b in _sequences().bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [7], [3, 3], pad_to_bucket_boundary=True).as_numpy_iterator()]
    assert [len(row) for batch in got for row in batch] == [6] * 8


@pytest.mark.parametrize('length_func, text', [
    (lambda x: tf.cast(tf.size(x), tf.int64),
     "Input 'y' of 'LessEqual' Op has type int64 that does not match type int32 of argument 'x'."),
    (lambda x: tf.cast(tf.size(x), tf.float32),
     "Input 'y' of 'LessEqual' Op has type float32 that does not match type int32 of argument 'x'."),
    (lambda x: 2.5, "Expected int32 passed to parameter 'y' of op 'LessEqual', got 2.5 of type 'float' instead. "
                    "Error: Expected int32, but got 2.5 of type 'float'."),
])
def test_lengths_compare_as_int32(length_func, text):
    with pytest.raises(TypeError) as caught:
        list(_sequences().bucket_by_sequence_length(length_func, [3, 5], [2, 2, 2]))
    assert str(caught.value) == text


def test_batch_sizes_convert_to_int64_when_made():
    with pytest.raises(TypeError) as caught:
        _sequences().bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2.5, 2, 2])
    assert str(caught.value) == 'Cannot convert [2.5, 2, 2] to EagerTensor of dtype int64'
