"""tf.data.experimental's deprecated spellings kept by TF 2.21: SHARD_HINT, RandomDataset,
parse_example_dataset, snapshot and TFRecordWriter (their values and TF's deprecation notices).
Golden values printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/dx.py."""
import logging

import pytest

import framework as tf


def _example(values):
    feature = {'v': tf.train.Feature(int64_list=tf.train.Int64List(value=values))}
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


def test_shard_hint_random_dataset_and_snapshot(tmp_path, caplog):
    assert tf.data.experimental.SHARD_HINT == -1
    with caplog.at_level(logging.WARNING):
        random = tf.data.experimental.RandomDataset(seed=42)
    assert random.element_spec == tf.TensorSpec((), tf.int64)
    assert list(random.take(3).as_numpy_iterator()) == list(tf.data.Dataset.random(seed=42).take(3).as_numpy_iterator())
    snap = tf.data.Dataset.range(5).apply(tf.data.experimental.snapshot(str(tmp_path / 'snap')))
    assert list(snap.as_numpy_iterator()) == [0, 1, 2, 3, 4]


def test_parse_example_dataset():
    batches = tf.data.Dataset.from_tensor_slices([_example([1, 2]), _example([3])]).batch(2)
    parsed = batches.apply(tf.data.experimental.parse_example_dataset({'v': tf.io.VarLenFeature(tf.int64)}))
    (element,) = list(parsed)
    assert tf.sparse.to_dense(element['v']).numpy().tolist() == [[1, 2], [3, 0]]


def test_tfrecord_writer_writes_a_dataset_of_strings(tmp_path):
    path = str(tmp_path / 'out.tfrecord')
    writer = tf.data.experimental.TFRecordWriter(path)
    assert writer.write(tf.data.Dataset.from_tensor_slices([b'a', b'bc'])) is None
    assert list(tf.data.TFRecordDataset(path).as_numpy_iterator()) == [b'a', b'bc']
    zipped = str(tmp_path / 'z.gz')
    tf.data.experimental.TFRecordWriter(zipped, compression_type='GZIP').write(tf.data.Dataset.from_tensor_slices([b'x']))
    assert list(tf.data.TFRecordDataset(zipped, compression_type='GZIP').as_numpy_iterator()) == [b'x']
    with pytest.raises(TypeError, match='Expected a`dataset` that produces scalar `tf.string` elements'):
        writer.write(tf.data.Dataset.range(3))
