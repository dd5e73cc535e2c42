"""Datasets print TensorFlow's class names (``<_BatchDataset element_spec=...>``), as checked with
``repr`` in TensorFlow 2.21; and the small tf.data methods ported programs call."""
import numpy as np
import pytest

import framework as tf
from framework import keras

D = tf.data.Dataset


def r():
    return D.range(6)


CASES = [
    (lambda: D.from_tensor_slices([1, 2]), '_TensorSliceDataset'), (lambda: D.from_tensors(1), '_TensorDataset'),
    (r, '_RangeDataset'), (lambda: D.from_generator(lambda: iter([1]), output_types=tf.int32), '_FlatMapDataset'),
    (lambda: D.zip((r(), r())), '_ZipDataset'), (lambda: r().batch(2), '_BatchDataset'),
    (lambda: r().padded_batch(2), '_PaddedBatchDataset'), (lambda: r().map(lambda x: x), '_MapDataset'),
    (lambda: r().map(lambda x: x, num_parallel_calls=2), '_ParallelMapDataset'),
    (lambda: r().shuffle(2), '_ShuffleDataset'), (lambda: r().repeat(), '_RepeatDataset'),
    (lambda: r().take(2), '_TakeDataset'), (lambda: r().skip(1), '_SkipDataset'),
    (lambda: r().filter(lambda x: x > 1), '_FilterDataset'), (lambda: r().prefetch(1), '_PrefetchDataset'),
    (lambda: r().cache(), 'CacheDataset'), (lambda: r().concatenate(r()), '_ConcatenateDataset'),
    (lambda: r().batch(2).unbatch(), '_UnbatchDataset'), (lambda: r().enumerate(), '_ZipDataset'),
    (lambda: r().flat_map(lambda x: D.from_tensors(x)), '_FlatMapDataset'),
    (lambda: r().interleave(lambda x: D.from_tensors(x)), '_InterleaveDataset'),
    (lambda: r().window(2), '_WindowDataset'), (lambda: r().shard(2, 0), '_ShardDataset'),
    (lambda: r().unique(), '_UniqueDataset'), (lambda: r().take_while(lambda x: x < 3), '_TakeWhileDataset'),
    (lambda: D.sample_from_datasets([r(), r()]), '_DirectedInterleaveDataset'),
    (lambda: D.random(seed=1), '_RandomDataset'), (lambda: r().apply(lambda d: d.take(1)), '_TakeDataset'),
    (lambda: D.counter(), '_ScanDataset'), (lambda: r().batch(2, num_parallel_calls=2), '_ParallelBatchDataset'),
    (lambda: r().with_options(tf.data.Options()), '_OptionsDataset'),
    (lambda: keras.utils.timeseries_dataset_from_array([1, 2, 3], None, 2), '_BatchDataset'),
]


@pytest.mark.parametrize('make, name', CASES)
def test_dataset_repr_names_tensorflows_class(make, name):
    assert repr(make()).startswith('<%s element_spec=' % name)


def test_counter_and_assert_cardinality():
    assert list(D.counter(start=2, step=3).take(3).as_numpy_iterator()) == [2, 5, 8]
    stated = r().filter(lambda x: x < 10).apply(tf.data.experimental.assert_cardinality(6))
    assert int(stated.cardinality()) == 6 and len(list(stated)) == 6
    wrong = r().apply(tf.data.experimental.assert_cardinality(4))
    with pytest.raises(tf.errors.FailedPreconditionError, match='expected to contain 4 elements'):
        list(wrong)
    assert np.array_equal(list(r().with_options(tf.data.Options()).as_numpy_iterator()), np.arange(6))
