"""errors34: Dataset.shard(-1, i) is shard(tf.data.experimental.SHARD_HINT, i), a count a distribution strategy fills in.
TF 2.21 makes the dataset (cardinality -5 for 5 elements: its kernel's n / -1) and refuses the iterator
(printed by /work/notes/progs/errors34/data1.py, data3.py under /opt/tfref):

    ds = tf.data.Dataset.range(5).shard(-1, 0)     # no error
    list(ds)   # FailedPreconditionError: ... `tf.data.Dataset.shard(SHARD_HINT, ...)` can only be used in ...

tapeflow refused shard(-1, 0) itself with ShardDataset's 'Number of shards must be greater than zero'."""
import pytest

import framework as tf

_HINT_TEXT = ('{{function_node __wrapped__MakeIterator_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
              '`tf.data.Dataset.shard(SHARD_HINT, ...)` can only be used in '
              '`tf.distribute.Strategy.experimental_distribute_dataset()` with '
              '`tf.data.experimental.AutoShardPolicy.HINT` policy, or tf.data service with '
              '`tf.data.experimental.service.ShardingPolicy.HINT` processing mode. [Op:MakeIterator] name: ')


def test_shard_hint_makes_a_dataset_with_tf_cardinality():
    ds = tf.data.Dataset.range(5).shard(tf.data.experimental.SHARD_HINT, 0)
    assert int(ds.cardinality()) == -5


@pytest.mark.parametrize('start', [
    list,
    iter,
    lambda ds: ds.as_numpy_iterator(),
    lambda ds: iter(ds.batch(2)),
    lambda ds: iter(tf.data.Dataset.zip((tf.data.Dataset.range(5), ds))),
])
def test_shard_hint_refuses_the_iterator_when_it_is_made(start):
    ds = tf.data.Dataset.range(5).shard(-1, 3)
    with pytest.raises(tf.errors.FailedPreconditionError) as caught:
        start(ds)
    assert str(caught.value) == _HINT_TEXT


@pytest.mark.parametrize('num_shards, index, text', [
    (-2, 0, 'Number of shards must be greater than zero (currently num_shards = -2).'),
    (0, 0, 'Number of shards must be greater than zero (currently num_shards = 0).'),
    (2, 2, 'Index must be between 0 and 1 (currently index = 2).'),
])
def test_other_bad_counts_still_fail_when_the_stage_is_made(num_shards, index, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.data.Dataset.range(5).shard(num_shards, index)
    assert text in str(caught.value)


def test_positive_shards_still_shard():
    assert [int(v) for v in tf.data.Dataset.range(5).shard(2, 1)] == [1, 3]
