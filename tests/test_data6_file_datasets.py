"""File datasets with no file names, Dataset.snapshot's class name and padded_batch's string padding,
as TF 2.21 prints them (/work/notes/progs/data6/p17.py, p18.py, p26.py), e.g.
    d = tf.data.TextLineDataset([]); print(d, list(d), d.cardinality())
    <TextLineDatasetV2 element_spec=TensorSpec(shape=(), dtype=tf.string, name=None)> []
    tf.Tensor(-2, shape=(), dtype=int64)
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


def test_padded_batch_pads_strings_with_empty_bytes_and_words_dtype_mismatches_as_tensorflow():
    import numpy as np
    import pytest
    words = tf.data.Dataset.from_tensor_slices(['a b', 'c']).map(tf.strings.split)
    # TF 2.21: [[[b'a', b'b'], [b'c', b'']]] (the pad is bytes, like the words)
    assert [a.tolist() for a in words.padded_batch(2).as_numpy_iterator()] == [[[b'a', b'b'], [b'c', b'']]]
    filled = tf.data.Dataset.range(1, 5).map(lambda x: tf.fill([x], x))
    with pytest.raises(TypeError) as raised:
        filled.padded_batch(2, padding_values=0.5)
    assert str(raised.value) == ("Invalid `padding_values`. `padding_values` values type <dtype: 'float32'> does not "
                                 "match type <dtype: 'int64'> of the corresponding input component.")
    assert np.asarray(next(iter(filled.padded_batch(2, padding_values=np.int64(-1))))).tolist() == [[1, -1], [2, 2]]
