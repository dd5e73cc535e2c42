"""tf.data.experimental.copy_to_device / prefetch_to_device make TF 2.21's stages of unknown cardinality
(printed by TF 2.21: /work/notes/progs/data13/p17.py: '<_CopyToDeviceDataset element_spec=TensorSpec(shape=(),
dtype=tf.int64, name=None)> -2', '<_PrefetchDataset ...> -2')."""
import framework as tf


def test_copy_to_device_is_an_unknown_count_stage():
    copied = tf.data.Dataset.range(5).apply(tf.data.experimental.copy_to_device('/cpu:0'))
    assert repr(copied) == '<_CopyToDeviceDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>'
    assert int(copied.cardinality()) == -2
    assert [int(v) for v in copied.as_numpy_iterator()] == [0, 1, 2, 3, 4]


def test_prefetch_to_device_prefetches_the_copy():
    fetched = tf.data.Dataset.range(5).apply(tf.data.experimental.prefetch_to_device('/cpu:0'))
    assert repr(fetched).startswith('<_PrefetchDataset ') and int(fetched.cardinality()) == -2
    assert [int(v) for v in fetched.as_numpy_iterator()] == [0, 1, 2, 3, 4]
