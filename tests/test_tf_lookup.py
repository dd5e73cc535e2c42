"""tf.lookup tables and tf.strings hash buckets; expected ids are TF 2.21's for the same keys."""
import numpy as np
import pytest

import framework as tf


def _initializer():
    return tf.lookup.KeyValueTensorInitializer(keys=tf.constant(['a', 'b', 'c']),
                                               values=tf.constant([0, 1, 2], dtype=tf.int64))


def test_static_hash_table_looks_up_with_a_default():
    table = tf.lookup.StaticHashTable(_initializer(), default_value=-1)
    np.testing.assert_array_equal(table.lookup(tf.constant(['a', 'z', 'c'])).numpy(), [0, -1, 2])
    assert int(table.size()) == 3 and int(table[tf.constant('b')]) == 1
    assert table.key_dtype == tf.string and table.value_dtype == tf.int64
    ids = tf.data.Dataset.from_tensor_slices(['c', 'q']).map(table.lookup)
    assert list(ids.as_numpy_iterator()) == [2, -1]


def test_vocabulary_table_buckets_unknown_strings_by_fingerprint_as_tensorflow():
    table = tf.lookup.StaticVocabularyTable(_initializer(), num_oov_buckets=3)
    np.testing.assert_array_equal(table.lookup(tf.constant(['a', 'z', 'q'])).numpy(), [0, 4, 5])   # TF 2.21
    assert int(table.size()) == 6


def test_text_file_initializer_reads_lines_and_line_numbers(tmp_path):
    path = tmp_path / 'vocab.txt'
    path.write_text('x\ny\nz\n')
    init = tf.lookup.TextFileInitializer(str(path), tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                                         tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
    table = tf.lookup.StaticHashTable(init, -1)
    np.testing.assert_array_equal(table.lookup(tf.constant(['y', 'w'])).numpy(), [1, -1])
    keys, values = table.export()
    assert sorted(zip(keys.numpy().tolist(), values.numpy().tolist())) == [(b'x', 0), (b'y', 1), (b'z', 2)]


def test_mutable_hash_table_inserts_and_removes():
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    table.insert(tf.constant(['k', 'l']), tf.constant([7, 8], tf.int64))
    table.remove(tf.constant(['l']))
    np.testing.assert_array_equal(table.lookup(tf.constant(['k', 'l'])).numpy(), [7, -1])
    with pytest.raises(ValueError, match='MutableHashTable.insert'):
        table.insert(tf.constant(['a', 'b']), tf.constant([1], tf.int64))
    with pytest.raises(TypeError, match='StaticHashTable.lookup: keys of dtype int32'):
        tf.lookup.StaticHashTable(_initializer(), -1).lookup(tf.constant([1]))


def test_hash_buckets_match_tensorflow():
    np.testing.assert_array_equal(tf.strings.to_hash_bucket_fast(['a', 'hello', 'z'], 10).numpy(), [9, 6, 7])
    np.testing.assert_array_equal(tf.strings.to_hash_bucket_strong(['a', 'hello'], 10, key=[1, 2]).numpy(), [6, 2])
    with pytest.raises(ValueError, match='num_buckets'):
        tf.strings.to_hash_bucket_fast(['a'], 0)
