"""tf.data.experimental.make_batched_features_dataset as TF 2.21 builds it (files interleaved, repeated,
batched with the remainder dropped when num_epochs is None, parsed, label split off). Golden values
printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/mbf.py (15 of 16 lines equal; the
deprecation notice names tapeflow's file where TF's names its readers.py)."""
import os

import pytest

import framework as tf

FEATURES = {'x': tf.io.FixedLenFeature([2], tf.float32), 'y': tf.io.FixedLenFeature([], tf.int64)}


def _files(tmp_path):
    for f in range(2):
        with tf.io.TFRecordWriter(str(tmp_path / ('part-%d.tfrecord' % f))) as writer:
            for i in range(10 * f, 10 * f + 5):
                feature = {'x': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 1.5, i])),
                           'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3]))}
                writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return os.path.join(str(tmp_path), '*.tfrecord')


def test_one_epoch_with_labels(tmp_path):
    ds = tf.data.experimental.make_batched_features_dataset(_files(tmp_path), 4, FEATURES, label_key='y',
                                                            num_epochs=1, shuffle=False)
    assert ds.element_spec == ({'x': tf.TensorSpec((None, 2), tf.float32)}, tf.TensorSpec((None,), tf.int64))
    batches = [(x['x'].numpy().tolist(), y.numpy().tolist()) for x, y in ds]
    assert batches == [([[0.0, 0.0], [1.5, 1.0], [3.0, 2.0], [4.5, 3.0]], [0, 1, 2, 0]),
                       ([[6.0, 4.0], [15.0, 10.0], [16.5, 11.0], [18.0, 12.0]], [1, 1, 2, 0]),
                       ([[19.5, 13.0], [21.0, 14.0]], [1, 2])]


def test_interleaved_readers_repeats_and_endless_batches(tmp_path):
    pattern = _files(tmp_path)
    two = tf.data.experimental.make_batched_features_dataset(pattern, 3, FEATURES, num_epochs=2, shuffle=False,
                                                             reader_num_threads=2)
    assert [b['y'].numpy().tolist() for b in two] == [[0, 1, 1], [2, 2, 0], [0, 1, 1], [2, 0, 1], [1, 2, 2], [0, 0, 1],
                                                     [1, 2]]
    endless = tf.data.experimental.make_batched_features_dataset(pattern, 4, FEATURES, shuffle=False)
    assert [b['y'].numpy().tolist() for b in endless.take(4)] == [[0, 1, 2, 0], [1, 1, 2, 0], [1, 2, 0, 1],
                                                                  [2, 0, 1, 1]]
    with pytest.raises(ValueError, match=r"The `label_key` provided \(z\) must be one of the `features` keys"):
        tf.data.experimental.make_batched_features_dataset(pattern, 4, FEATURES, label_key='z')
