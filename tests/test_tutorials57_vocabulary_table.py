"""tf.lookup.StaticVocabularyTable as TF 2.21 builds it (the load-text tutorial's vocabulary table)."""
import pytest

import framework as tf


def _init():
    return tf.lookup.KeyValueTensorInitializer(['a', 'b'], [2, 3], key_dtype=tf.string, value_dtype=tf.int64)


@pytest.mark.parametrize('buckets', [0, -1])
def test_no_oov_bucket_refused(buckets):
    # TF 2.21: ValueError '`num_oov_buckets` must be > 0; use StaticHashTable.'
    with pytest.raises(ValueError) as info:
        tf.lookup.StaticVocabularyTable(_init(), buckets)
    assert str(info.value) == '`num_oov_buckets` must be > 0; use StaticHashTable.'


def test_one_bucket_lookup_and_size():
    table = tf.lookup.StaticVocabularyTable(_init(), 1)
    # TF 2.21: size 3; with one OOV bucket every unknown key is id 2 (after the keys' ids)
    assert int(table.size()) == 3
    assert table.lookup(tf.constant(['z', 'b', 'y'])).numpy().tolist() == [2, 3, 2]


def test_table_names():
    # TF 2.21: a StaticVocabularyTable keeps its name; the hash tables report None, named or not
    assert tf.lookup.StaticVocabularyTable(_init(), 1, name='vocab').name == 'vocab'
    assert tf.lookup.StaticVocabularyTable(_init(), 1).name is None
    assert tf.lookup.StaticHashTable(_init(), -1, name='hash').name is None
    assert tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1, name='mut').name is None
