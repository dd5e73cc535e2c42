"""Bad arguments to tf.data stages raise TensorFlow's class and name the stage.

The classes were read from TensorFlow 2.21 (/opt/tfref, 2026-12-02): a batch, buffer
or window size that is not positive, a prefetch buffer below -1 and elements that
cannot be batched raise InvalidArgumentError there (tapeflow's is also a ValueError
and a TypeError); a map function that is not callable raises ValueError when the
stage is made; None given to from_tensor_slices raises ValueError.
"""
import pytest

import framework as tf

Dataset = tf.data.Dataset


@pytest.mark.parametrize('make, words', [
    (lambda: Dataset.range(5).batch(0), 'Dataset.batch: batch_size'),
    (lambda: Dataset.range(5).batch(-1), 'Dataset.batch: batch_size'),
    (lambda: Dataset.range(5).batch('a'), 'Dataset.batch: batch_size'),
    (lambda: Dataset.range(5).padded_batch(0), 'padded_batch: batch_size'),
    (lambda: Dataset.range(5).shuffle(0), 'Dataset.shuffle: buffer_size'),
    (lambda: Dataset.range(5).shuffle(-1), 'Dataset.shuffle: buffer_size'),
    (lambda: Dataset.range(5).window(0), 'Dataset.window: size'),
    (lambda: Dataset.range(5).prefetch(-5), 'buffer_size must be >= 0 or set buffer_size to be -1'),   # TF's kernel
], ids=['batch0', 'batch_negative', 'batch_string', 'padded_batch0', 'shuffle0', 'shuffle_negative', 'window0',
        'prefetch_negative'])
def test_a_size_that_is_not_positive_raises_invalid_argument(make, words):
    with pytest.raises((TypeError, ValueError), match=words):   # IAE is both; 'a' is TF's TypeError
        list(make())


def test_sizes_given_as_tensors_or_autotune_still_work():
    ds = Dataset.range(4)
    shuffled = ds.shuffle(ds.cardinality(), seed=1).prefetch(tf.data.AUTOTUNE)
    assert sorted(int(x) for x in shuffled) == [0, 1, 2, 3]
    assert len(list(ds.batch(tf.constant(2, tf.int64)))) == 2


def test_map_refuses_a_function_that_cannot_be_called_when_the_stage_is_made():
    with pytest.raises(ValueError, match='Dataset.map: map_func must be a callable, got 5'):
        Dataset.range(3).map(5)


def test_map_returning_none_names_the_stage():
    with pytest.raises(tf.errors.InvalidArgumentError, match='Dataset.map: map_func returned None'):
        list(Dataset.range(3).map(lambda x: None))


def test_from_tensor_slices_of_none_names_the_stage():
    # TF 2.21's words first ('Invalid `element`. `element` should not be empty.'); the stage in a note
    with pytest.raises(ValueError, match=r'^Invalid `element`\. `element` should not be empty\.\nDataset.from_tensor_slices'):
        Dataset.from_tensor_slices(None)


def test_batching_elements_of_different_shapes_raises_invalid_argument():
    # TF 2.21: InvalidArgumentError "Cannot add tensor to the batch: number of elements does not match".
    with pytest.raises(tf.errors.InvalidArgumentError, match='padded_batch'):
        list(Dataset.range(3).map(lambda x: tf.range(x)).batch(3))
