"""tf.data behaviour from TF 2.21's dataset_ops.py docstrings: padded_batch's padded_shapes (an int
is a vector length; a tuple element takes a tuple of shapes), from_generator with a
RaggedTensorSpec, concatenate's error text, DatasetSpec.from_value. Golden values printed by
TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/ds1.py, ds2.py and cc.py."""
import numpy as np
import pytest

import framework as tf


def _fills():
    return tf.data.Dataset.range(1, 5, output_type=tf.int32).map(lambda x: tf.fill([x], x))


def test_padded_shapes_int_is_a_vector_length():
    padded = _fills().padded_batch(2, padded_shapes=5, padding_values=-1)
    assert padded.element_spec == tf.TensorSpec(shape=(None, 5), dtype=tf.int32)
    assert [b.tolist() for b in padded.as_numpy_iterator()] == [[[1, -1, -1, -1, -1], [2, 2, -1, -1, -1]],
                                                                [[3, 3, 3, -1, -1], [4, 4, 4, 4, -1]]]


def test_padded_shapes_of_a_tuple_element_follow_its_structure():
    pairs = tf.data.Dataset.zip((_fills(), _fills()))
    padded = pairs.padded_batch(2, padded_shapes=(4, 5), padding_values=-1)
    assert padded.element_spec == (tf.TensorSpec(shape=(None, 4), dtype=tf.int32),
                                   tf.TensorSpec(shape=(None, 5), dtype=tf.int32))
    first = next(iter(padded.as_numpy_iterator()))
    assert first[0].tolist() == [[1, -1, -1, -1], [2, 2, -1, -1]]
    assert first[1].tolist() == [[1, -1, -1, -1, -1], [2, 2, -1, -1, -1]]
    shaped = pairs.padded_batch(2, padded_shapes=([5], [6]), padding_values=-1)
    assert [s.shape.as_list() for s in shaped.element_spec] == [[None, 5], [None, 6]]
    # TF's nest.flatten_up_to: a list (or a number) is one leaf, which a pair cannot take
    for bad in ([4, 5], 5, [[5], [6]]):
        with pytest.raises(TypeError, match='If shallow structure is a sequence, input must also be a sequence'):
            pairs.padded_batch(2, padded_shapes=bad, padding_values=-1)


def test_from_generator_with_a_ragged_tensor_spec():
    def gen():
        yield 42, tf.ragged.constant([[1, 2], [3]])
        yield 7, tf.ragged.constant([[4], [5, 6, 7]])
    signature = (tf.TensorSpec(shape=(), dtype=tf.int32), tf.RaggedTensorSpec(shape=(2, None), dtype=tf.int32))
    dataset = tf.data.Dataset.from_generator(gen, output_signature=signature)
    assert dataset.element_spec == signature
    (n, rt), _ = list(dataset)
    assert n.numpy() == 42 and rt.to_list() == [[1, 2], [3]]
    numbers, rows = next(iter(dataset.batch(2)))
    assert numbers.numpy().tolist() == [42, 7] and rows.to_list() == [[[1, 2], [3]], [[4], [5, 6, 7]]]


@pytest.mark.parametrize('value', [
    tf.ragged.constant([[1, 2], [3]]),              # int32 where float32 is expected: TF casts nothing
    tf.ragged.constant([[[1.0, 2.0]], [[3.0]]]),    # ragged_rank 2 where 1 is expected
    [[1.0, 2.0], [3.0]],                            # lists of rows are no RaggedTensor
])
def test_from_generator_refuses_other_ragged_values(value):
    def gen():
        yield value
    dataset = tf.data.Dataset.from_generator(gen, output_signature=tf.RaggedTensorSpec(shape=(None, None),
                                                                                          dtype=tf.float32))
    with pytest.raises(tf.errors.InvalidArgumentError, match='`generator` yielded an element'):
        list(dataset)


def test_concatenate_error_and_dataset_spec_from_value():
    a = tf.data.Dataset.range(1, 4)
    with pytest.raises(TypeError) as info:
        a.concatenate(tf.data.Dataset.from_tensor_slices(['a', 'b']))
    assert str(info.value) == ('Incompatible dataset elements:\n  TensorSpec(shape=(), dtype=tf.int64, name=None) vs.'
                               '   TensorSpec(shape=(), dtype=tf.string, name=None)')
    assert repr(tf.data.DatasetSpec.from_value(a)) == \
        'DatasetSpec(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorShape([]))'
    batched = tf.data.Dataset.zip((a, a)).batch(2)
    assert repr(tf.data.DatasetSpec.from_value(batched)) == (
        'DatasetSpec((TensorSpec(shape=(None,), dtype=tf.int64, name=None), TensorSpec(shape=(None,), '
        'dtype=tf.int64, name=None)), TensorShape([]))')
    with pytest.raises(TypeError):
        tf.data.DatasetSpec.from_value(np.zeros(3))
