"""tf.lookup.experimental.DenseHashTable and tables filled from datasets
(tf.data.experimental.DatasetInitializer, table_from_dataset, index_table_from_dataset), from TF
2.21's lookup_ops.py docstrings. Golden values printed by TF 2.21 (tensorflow-cpu):
/work/notes/progs/tfdocB/dh.py and tfd.py."""
import pytest

import framework as tf


def test_dense_hash_table_docstring_and_reserved_keys():
    table = tf.lookup.experimental.DenseHashTable(key_dtype=tf.string, value_dtype=tf.int64, default_value=-1,
                                                  empty_key='', deleted_key='$')
    table.insert(tf.constant(['a', 'b', 'c']), tf.constant([0, 1, 2], dtype=tf.int64))
    assert table.size().numpy() == 3
    table.remove(tf.constant(['c']))
    assert table.size().numpy() == 2
    assert table.lookup(tf.constant(['a', 'b', 'c', 'd'])).numpy().tolist() == [0, 1, -1, -1]
    assert table.lookup(tf.constant([['a'], ['x']])).numpy().tolist() == [[0], [-1]]
    table.insert(tf.constant(['a']), tf.constant([9], dtype=tf.int64))
    assert table[tf.constant(['a'])].numpy().tolist() == [9]
    for call in (lambda: table.insert(tf.constant(['']), tf.constant([5], dtype=tf.int64)),
                 lambda: table.remove(tf.constant([''])), lambda: table.lookup(tf.constant(['']))):
        with pytest.raises(tf.errors.InvalidArgumentError, match='Using the empty_key as a table key is not allowed'):
            call()
    with pytest.raises(tf.errors.InvalidArgumentError, match='Using the deleted_key as a table key is not allowed'):
        table.insert(tf.constant(['$']), tf.constant([5], dtype=tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError, match='Empty and deleted keys cannot be equal'):
        tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, 0.0, empty_key=-1, deleted_key=-1)
    numbers = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, default_value=0.5, empty_key=-1,
                                                    deleted_key=-2)
    numbers.insert(tf.constant([3, 7], tf.int64), tf.constant([1.5, 2.5]))
    out = numbers.lookup(tf.constant([3, 4, 7], tf.int64))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [1.5, 0.5, 2.5]
    numbers.erase(tf.constant([3], tf.int64))
    assert numbers.size().numpy() == 1
    assert isinstance(numbers, tf.lookup.experimental.MutableHashTable)


def _pairs():
    keys = tf.data.Dataset.range(100)
    values = tf.data.Dataset.range(100).map(lambda x: tf.strings.as_string(x * 2))
    return tf.data.Dataset.zip((keys, values))


def test_tables_from_datasets():
    init = tf.data.experimental.DatasetInitializer(_pairs())
    assert (init.key_dtype, init.value_dtype) == (tf.int64, tf.string)
    table = tf.lookup.StaticHashTable(init, '')
    assert table.lookup(tf.constant([0, 1, 2, 200], dtype=tf.int64)).numpy().tolist() == [b'0', b'2', b'4', b'']
    table = tf.data.experimental.table_from_dataset(_pairs(), default_value='n/a', key_dtype=tf.int64)
    assert table.lookup(tf.constant([0, 1, 2, 200], dtype=tf.int64)).numpy().tolist() == [b'0', b'2', b'4', b'n/a']
    assert table.size().numpy() == 100
    words = tf.data.Dataset.from_tensor_slices(['a', 'b', 'c'])
    index = tf.data.experimental.index_table_from_dataset(words)
    assert index.lookup(tf.constant(['c', 'a', 'zz'])).numpy().tolist() == [2, 0, -1]
    assert tf.data.experimental.index_table_from_dataset(words, vocab_size=2).lookup(
        tf.constant(['a', 'b', 'c'])).numpy().tolist() == [0, 1, -1]


def test_out_of_vocabulary_buckets_hash_as_tensorflow():
    words = tf.data.Dataset.from_tensor_slices(['a', 'b', 'c'])
    table = tf.data.experimental.index_table_from_dataset(words, num_oov_buckets=5)
    assert table.lookup(tf.constant(['c', 'a', 'zz', 'yy', 'hello'])).numpy().tolist() == [2, 0, 5, 5, 4]
    assert table.size().numpy() == 8
    ints = tf.data.experimental.index_table_from_dataset(tf.data.Dataset.range(10, 15), num_oov_buckets=3,
                                                         key_dtype=tf.int64)
    assert ints.lookup(tf.constant([10, 14, 3, 99, 1000], tf.int64)).numpy().tolist() == [0, 4, 5, 5, 7]


def test_dataset_table_argument_checks():
    with pytest.raises(TypeError):      # TF: "object of type 'TensorSpec' has no len()"
        tf.data.experimental.DatasetInitializer(tf.data.Dataset.from_tensor_slices(['a']))
    with pytest.raises(ValueError, match='`num_oov_buckets` must be greater than or equal to 0, got -1.'):
        tf.data.experimental.table_from_dataset(_pairs(), num_oov_buckets=-1, default_value='')
    with pytest.raises(ValueError, match="`default_value` must be specified .* values of type <dtype: 'string'>."):
        tf.data.experimental.table_from_dataset(_pairs())
