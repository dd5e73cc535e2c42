"""tf.data stage arguments TensorFlow 2.21 refuses, refused here too and by name.

TensorFlow converts counts to int64 tensors: take(1.5), skip(1.5), repeat(1.5),
enumerate('a'), prefetch('a') and map(num_parallel_calls='a') raise TypeError
('Cannot convert 1.5 to EagerTensor of dtype int64'); here take(1.5) took one
element, repeat(1.5) repeated twice and prefetch/num_parallel_calls were never
looked at. range(0, 5, 0) and shard/get_single_element raise TF's
InvalidArgumentError (also a ValueError and a TypeError here); filter(5) fails
when the stage is made, as in TF, not on iteration.
"""
import numpy as np
import pytest

import framework as tf

DS = tf.data.Dataset.range(5)


@pytest.mark.parametrize('make, words', [
    (lambda: DS.take(1.5), 'Dataset.take: count must be an integer, got 1.5'),
    (lambda: DS.take(None), 'Dataset.take: count must be an integer, got None'),
    (lambda: DS.skip('a'), "Dataset.skip: count must be an integer, got 'a'"),
    (lambda: DS.repeat(1.5), 'Dataset.repeat: count must be an integer'),
    (lambda: DS.enumerate('a'), 'Dataset.enumerate: start must be an integer'),
    (lambda: DS.prefetch('a'), 'Dataset.prefetch: buffer_size must be an integer'),
    (lambda: DS.map(lambda x: x, num_parallel_calls='a'), 'Dataset.map: num_parallel_calls must be an integer'),
    (lambda: tf.data.Dataset.range('a'), 'Dataset.range: stop must be an integer'),
    (lambda: tf.data.Dataset.range(0, 5, 0), r'step must be a non-zero integer\. \[Op:RangeDataset\]'),   # TF's kernel
    (lambda: DS.shard(2, 5), r'Dataset.shard: index must lie in \[0, num_shards\)'),
    (lambda: DS.get_single_element(), r'Dataset had more than one element\. \[Op:DatasetToSingleElement\]'),
])
def test_tensorflow_refuses_and_so_do_we(make, words):
    with pytest.raises((TypeError, ValueError), match=words):     # TF's TypeError / ValueError, or its IAE
        make()


def test_a_predicate_that_cannot_be_called_is_refused_when_the_stage_is_made():
    with pytest.raises(ValueError, match='Dataset.filter: predicate must be a callable, got 5'):
        DS.filter(5)
    with pytest.raises(ValueError, match='Dataset.take_while: predicate must be a callable'):
        DS.take_while(None)


def test_counts_tensorflow_takes_still_work():
    assert [int(v) for v in DS.take(np.int64(2))] == [0, 1]
    assert [int(v) for v in DS.skip(tf.constant(3, tf.int64))] == [3, 4]
    assert len(list(DS.repeat(2))) == 10 and len(list(DS.take(-1))) == 5
    assert [int(v) for v in tf.data.Dataset.range(tf.constant(3, tf.int64))] == [0, 1, 2]
    assert len(list(DS.map(lambda x: x, num_parallel_calls=tf.data.AUTOTUNE).prefetch(tf.data.AUTOTUNE))) == 5
    assert [int(i) for i, _ in DS.enumerate(start=np.int32(2)).take(2)] == [2, 3]
