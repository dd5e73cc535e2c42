"""File datasets with no file names and Dataset.snapshot's class name, as TF 2.21 prints them
(/work/notes/progs/data6/p17.py, p18.py), e.g.
    d = tf.data.TextLineDataset([]); print(d, list(d), d.cardinality())
    <TextLineDatasetV2 element_spec=TensorSpec(shape=(), dtype=tf.string, name=None)> [] tf.Tensor(-2, shape=(), dtype=int64)
"""
import tempfile

import framework as tf


def test_file_datasets_of_no_files_are_empty():
    # a glob that matched nothing: TF 2.21 builds the dataset and it yields no element
    for make, name in ((lambda: tf.data.TextLineDataset([]), 'TextLineDatasetV2'),
                       (lambda: tf.data.TFRecordDataset([]), 'TFRecordDatasetV2'),
                       (lambda: tf.data.FixedLengthRecordDataset([], 4), 'FixedLengthRecordDatasetV2'),
                       (lambda: tf.data.TextLineDataset(tf.constant([], tf.string)), 'TextLineDatasetV2')):
        ds = make()
        assert repr(ds) == '<%s element_spec=TensorSpec(shape=(), dtype=tf.string, name=None)>' % name
        assert list(ds) == []
        assert int(ds.cardinality()) == -2


def test_snapshot_prints_the_class_tensorflow_makes():
    ds = tf.data.Dataset.range(3)
    assert repr(ds.snapshot(tempfile.mkdtemp())) == \
        '<_MapDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>'
    sharded = ds.snapshot(tempfile.mkdtemp(), shard_func=lambda x: x % 2)
    assert repr(sharded) == '<_SnapshotDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>'
    assert [int(v) for v in sharded] == [0, 1, 2]
