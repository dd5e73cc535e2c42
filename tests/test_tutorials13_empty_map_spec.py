"""A map over a dataset with no elements still has an element spec, as TensorFlow reads it from the trace:
tapeflow calls the function once on zeros (empty strings) of the input's spec. In the tfrecord tutorial
the file was left empty (its writer failed), and `raw_dataset.map(_parse_function)` printed its spec on
TF 2.21 while tapeflow raised ValueError.

Goldens printed by TF 2.21 (/work/notes/progs/tutorials13/probe_empty.py).
"""
import pytest

import framework as tf


def _empty_records(tmp_path):
    path = str(tmp_path / 'empty.tfrecord')
    with tf.io.TFRecordWriter(path):
        pass
    return tf.data.TFRecordDataset([path])


FEATURES = {'a': tf.io.FixedLenFeature([], tf.int64, default_value=0),
            's': tf.io.FixedLenFeature([], tf.string, default_value='')}


def test_parse_single_example_over_an_empty_file(tmp_path):
    parsed = _empty_records(tmp_path).map(lambda x: tf.io.parse_single_example(x, FEATURES))
    assert repr(parsed) == ("<_MapDataset element_spec={'a': TensorSpec(shape=(), dtype=tf.int64, name=None), "
                            "'s': TensorSpec(shape=(), dtype=tf.string, name=None)}>")
    assert list(parsed) == []


def test_an_unknown_batch_stays_unknown(tmp_path):
    parsed = _empty_records(tmp_path).batch(4).map(lambda x: tf.io.parse_example(x, FEATURES))
    assert str(parsed.element_spec) == ("{'a': TensorSpec(shape=(None,), dtype=tf.int64, name=None), "
                                        "'s': TensorSpec(shape=(None,), dtype=tf.string, name=None)}")


def test_numeric_inputs():
    spec = tf.data.Dataset.range(0).map(lambda x: (x * 2, tf.cast(x, tf.float32))).element_spec
    assert str(spec) == ('(TensorSpec(shape=(), dtype=tf.int64, name=None), '
                         'TensorSpec(shape=(), dtype=tf.float32, name=None))')
    spec = tf.data.Dataset.from_tensor_slices(tf.zeros((0, 3))).map(lambda x: tf.reduce_sum(x)).element_spec
    assert str(spec) == 'TensorSpec(shape=(), dtype=tf.float32, name=None)'


def test_a_function_that_cannot_run_on_zeros_still_refuses(tmp_path):
    # TF reads {'h': TensorSpec((), int64)} from its trace; parsing b'' without a default fails here
    required = {'h': tf.io.FixedLenFeature([], tf.int64)}
    parsed = _empty_records(tmp_path).map(lambda x: tf.io.parse_single_example(x, required))
    with pytest.raises(ValueError, match='gives no elements'):
        parsed.element_spec
