"""How a checkpoint's object graph names the values of iterators and tables, and when ``read``
leaves the save counter unrestored (guide/checkpoint, TF 2.21).

TensorFlow's graph lists one attribute per saveable: an iterator's is 'ITERATOR' (its tensor is
saved as '.../ITERATOR_STATE'), a table's is 'table' (tensors '.../table-keys', '.../table-values'),
and assert_consumed prints that attribute. ``Checkpoint.read`` does not make ``save_counter``: a
checkpoint from ``save`` then has an unresolved save counter, which takes the saved count when the
program makes it; ``restore`` makes it and is consumed. The expected texts and values were printed by
TF 2.21 running the same code (/work/notes/progs/tutorials19/golden.py, ckpt_counter2.py).
"""
import pytest

import framework as tf


def _unresolved(status):
    with pytest.raises(AssertionError) as info:
        status.assert_consumed()
    status.expect_partial()
    return str(info.value)


def _written(tmp_path):
    iterator = iter(tf.data.Dataset.range(10))
    next(iterator)
    next(iterator)
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    table.insert(tf.constant(['a', 'b']), tf.constant([1, 2], tf.int64))
    return tf.train.Checkpoint(iterator=iterator, table=table, v=tf.Variable(1.)).write(str(tmp_path / 'w'))


def test_unresolved_iterator_shows_tf_attribute(tmp_path):
    path = _written(tmp_path)
    status = tf.train.Checkpoint(v=tf.Variable(0.), table=tf.lookup.experimental.MutableHashTable(
        tf.string, tf.int64, -1)).read(path)
    assert _unresolved(status) == (
        'Unresolved object in checkpoint (root).iterator: attributes {\n  name: "ITERATOR"\n  checkpoint_key: '
        '"iterator/.ATTRIBUTES/ITERATOR"\n}\nhas_checkpoint_values {\n  value: true\n}\n')


def test_unresolved_table_shows_one_attribute(tmp_path):
    path = _written(tmp_path)
    status = tf.train.Checkpoint(v=tf.Variable(0.), iterator=iter(tf.data.Dataset.range(10))).read(path)
    assert _unresolved(status) == (
        'Unresolved object in checkpoint (root).table: attributes {\n  name: "table"\n  checkpoint_key: '
        '"table/.ATTRIBUTES/table"\n}\nhas_checkpoint_values {\n  value: true\n}\n')


def test_lookup_layer_counts_table_attribute(tmp_path):
    path = tf.train.Checkpoint(sl=tf.keras.layers.StringLookup(), v=tf.Variable(1.)).write(str(tmp_path / 'x'))
    status = tf.train.Checkpoint(v=tf.Variable(0.)).read(path)
    assert _unresolved(status) == (
        'Unresolved object in checkpoint (root).sl.token_counts: attributes {\n  name: "table"\n  checkpoint_key: '
        '"sl/token_counts/.ATTRIBUTES/table"\n}\nhas_checkpoint_values {\n  value: true\n}\n')


def test_iterator_and_table_still_restore(tmp_path):
    path = _written(tmp_path)
    iterator = iter(tf.data.Dataset.range(10))
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    tf.train.Checkpoint(iterator=iterator, table=table, v=tf.Variable(0.)).read(path).assert_consumed()
    assert next(iterator).numpy() == 2
    assert table.lookup(tf.constant(['b', 'a', 'z'])).numpy().tolist() == [2, 1, -1]
    keys = sorted(name for name, _ in tf.train.list_variables(path))
    assert keys == ['_CHECKPOINTABLE_OBJECT_GRAPH', 'iterator/.ATTRIBUTES/ITERATOR_STATE',
                    'table/.ATTRIBUTES/table-keys', 'table/.ATTRIBUTES/table-values', 'v/.ATTRIBUTES/VARIABLE_VALUE']


def test_read_leaves_save_counter_until_made(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable(1.), w=tf.Variable(2.)).save(str(tmp_path / 'c'))
    checkpoint = tf.train.Checkpoint(v=tf.Variable(0.), w=tf.Variable(0.))
    status = checkpoint.read(path)
    assert _unresolved(status) == (
        'Unresolved object in checkpoint (root).save_counter: attributes {\n  name: "VARIABLE_VALUE"\n  full_name: '
        '"save_counter"\n  checkpoint_key: "save_counter/.ATTRIBUTES/VARIABLE_VALUE"\n}\nhas_checkpoint_values {\n'
        '  value: true\n}\n')
    assert checkpoint.save_counter.numpy() == 1        # restored as it is made


def test_restore_and_made_counter_are_consumed(tmp_path):
    path = tf.train.Checkpoint(v=tf.Variable(1.), w=tf.Variable(2.)).save(str(tmp_path / 'c'))
    checkpoint = tf.train.Checkpoint(v=tf.Variable(0.), w=tf.Variable(0.))
    checkpoint.restore(path).assert_consumed()
    assert checkpoint.save_counter.numpy() == 1
    early = tf.train.Checkpoint(v=tf.Variable(0.), w=tf.Variable(0.))
    early.save_counter
    early.read(path).assert_consumed()
    assert early.save_counter.numpy() == 1
