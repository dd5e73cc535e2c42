"""Lookup tables in tf.train checkpoints, as TF 2.21 + Keras 3 write and restore them.

A MutableHashTable is two tensors, '<path>/.ATTRIBUTES/table-keys' and 'table-values', and a restore
replaces its contents; Keras 3's StringLookup / IntegerLookup / TextVectorization made without a
vocabulary keep adapt's counts in such tables ('token_counts', for tf_idf also 'token_document_counts'
and the int64 variable 'num_documents'), and tf_idf's weights are 'idf_weights'. Expected keys, shapes
and dtypes: tf.train.list_variables / load_checkpoint after TF 2.21 ran the same programs
(/work/notes/progs/files9/tab/tab.py); tapeflow's files are TF's format, so the same reader checks both.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _listing(path):
    reader = tf.train.load_checkpoint(path)
    dtypes = reader.get_variable_to_dtype_map()
    return [(key, shape, dtypes[key].name) for key, shape in tf.train.list_variables(path)
            if key != '_CHECKPOINTABLE_OBJECT_GRAPH']


class _Holder(tf.Module):
    pass


def test_a_mutable_hash_table_is_two_tensors_and_a_restore_replaces_it(tmp_path):
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    table.insert(tf.constant(['b', 'a', 'c']), tf.constant([2, 1, 3], tf.int64))
    holder = _Holder()
    holder.t, holder.v = table, tf.Variable(1.0)
    empty = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, default_value=0.0)
    path = tf.train.Checkpoint(m=holder, ti=empty).write(str(tmp_path / 'c'))
    assert _listing(path) == [('m/t/.ATTRIBUTES/table-keys', [3], 'string'),
                              ('m/t/.ATTRIBUTES/table-values', [3], 'int64'),
                              ('m/v/.ATTRIBUTES/VARIABLE_VALUE', [], 'float32'),
                              ('ti/.ATTRIBUTES/table-keys', [0], 'int64'),
                              ('ti/.ATTRIBUTES/table-values', [0], 'float32')]
    reader = tf.train.load_checkpoint(path)
    pairs = zip(reader.get_tensor('m/t/.ATTRIBUTES/table-keys').tolist(),
                reader.get_tensor('m/t/.ATTRIBUTES/table-values').tolist())
    assert sorted(pairs) == [(b'a', 1), (b'b', 2), (b'c', 3)]

    other = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
    other.insert(tf.constant(['z']), tf.constant([9], tf.int64))
    target = _Holder()
    target.t, target.v = other, tf.Variable(0.0)
    tf.train.Checkpoint(m=target).read(path)
    # TF 2.21: size 3, 'a' -> 1 and 'z' (not in the checkpoint) -> the default
    assert int(other.size()) == 3 and other.lookup(tf.constant(['a', 'z'])).numpy().tolist() == [1, -1]


def _adapted_string_lookup():
    layer = L.StringLookup()
    layer.adapt(np.array(['a', 'b', 'b']))
    return layer


def _integer_tf_idf():
    layer = L.IntegerLookup(output_mode='tf_idf')
    layer.adapt(np.array([[1, 2], [2, 3]], 'int64'))
    return layer


def _text_tf_idf():
    layer = L.TextVectorization(output_mode='tf_idf')
    layer.adapt(np.array(['a b', 'b c']))
    return layer


def _mid_adapt():
    layer = _adapted_string_lookup()
    layer.update_state(np.array(['q', 'q']))
    return layer


@pytest.mark.parametrize('make, expected', [
    (_adapted_string_lookup, [('l/token_counts/.ATTRIBUTES/table-keys', [0], 'string'),
                              ('l/token_counts/.ATTRIBUTES/table-values', [0], 'int64')]),
    (lambda: L.StringLookup(vocabulary=['a']), []),
    (L.StringLookup, [('l/token_counts/.ATTRIBUTES/table-keys', [0], 'string'),
                      ('l/token_counts/.ATTRIBUTES/table-values', [0], 'int64')]),
    (_integer_tf_idf, [('l/idf_weights/.ATTRIBUTES/VARIABLE_VALUE', [4], 'float32'),
                       ('l/num_documents/.ATTRIBUTES/VARIABLE_VALUE', [], 'int64'),
                       ('l/token_counts/.ATTRIBUTES/table-keys', [0], 'int64'),
                       ('l/token_counts/.ATTRIBUTES/table-values', [0], 'int64'),
                       ('l/token_document_counts/.ATTRIBUTES/table-keys', [0], 'int64'),
                       ('l/token_document_counts/.ATTRIBUTES/table-values', [0], 'int64')]),
    (_text_tf_idf, [('l/_lookup_layer/idf_weights/.ATTRIBUTES/VARIABLE_VALUE', [4], 'float32'),
                    ('l/_lookup_layer/num_documents/.ATTRIBUTES/VARIABLE_VALUE', [], 'int64'),
                    ('l/_lookup_layer/token_counts/.ATTRIBUTES/table-keys', [0], 'string'),
                    ('l/_lookup_layer/token_counts/.ATTRIBUTES/table-values', [0], 'int64'),
                    ('l/_lookup_layer/token_document_counts/.ATTRIBUTES/table-keys', [0], 'string'),
                    ('l/_lookup_layer/token_document_counts/.ATTRIBUTES/table-values', [0], 'int64')]),
    (lambda: L.TextVectorization(output_mode='int'),
     [('l/_lookup_layer/token_counts/.ATTRIBUTES/table-keys', [0], 'string'),
      ('l/_lookup_layer/token_counts/.ATTRIBUTES/table-values', [0], 'int64')]),
    (_mid_adapt, [('l/token_counts/.ATTRIBUTES/table-keys', [1], 'string'),
                  ('l/token_counts/.ATTRIBUTES/table-values', [1], 'int64')]),
])
def test_lookup_layers_checkpoint_keras_adapt_tables(tmp_path, make, expected):
    layer = make()
    assert _listing(tf.train.Checkpoint(l=layer).write(str(tmp_path / 'c'))) == expected
    assert layer.weights == []          # none of them is a Keras weight


def test_an_adapt_in_progress_continues_after_a_restore(tmp_path):
    source = L.StringLookup()
    source.update_state(np.array(['x', 'y', 'y']))
    source.update_state(np.array(['y', 'z', 'z', 'z']))
    path = tf.train.Checkpoint(l=source).write(str(tmp_path / 'c'))
    target = L.StringLookup()
    tf.train.Checkpoint(l=target).read(path)
    target.finalize_state()
    source.finalize_state()
    assert target.get_vocabulary() == source.get_vocabulary() == ['[UNK]', 'z', 'y', 'x']


def test_tf_idf_counts_restore_into_a_fresh_layer(tmp_path):
    source = L.IntegerLookup(output_mode='tf_idf')
    source.update_state(np.array([[1, 2], [2, 3]], 'int64'))
    path = tf.train.Checkpoint(l=source).write(str(tmp_path / 'c'))
    target = L.IntegerLookup(output_mode='tf_idf')
    tf.train.Checkpoint(l=target).read(path)
    source.finalize_state()
    target.finalize_state()
    assert target.get_vocabulary() == source.get_vocabulary()
    np.testing.assert_array_equal(target.idf_weights.numpy(), source.idf_weights.numpy())


# A stateful RNN's state variables are no Keras weights, but TF 2.21 checkpoints them: Keras 3 sets the
# list outside its tracking and TensorFlow's AutoTrackable wraps it ('states/0', 'states/1' of an LSTM).
def _stateful(units=(3, 2)):
    return keras.Sequential([keras.Input((3, 2), batch_size=4), L.LSTM(units[0], stateful=True, return_sequences=True),
                             L.GRU(units[1], stateful=True), L.Dense(1)])


def test_stateful_rnn_states_are_checkpointed_and_restored(tmp_path):
    x = np.linspace(-1, 1, 24, dtype='float32').reshape(4, 3, 2)
    source = _stateful()
    source(x)
    path = tf.train.Checkpoint(model=source).write(str(tmp_path / 'c'))
    assert [k for k, _, _ in _listing(path) if '/states/' in k] == [
        'model/_functional/_operations/1/states/0/.ATTRIBUTES/VARIABLE_VALUE',
        'model/_functional/_operations/1/states/1/.ATTRIBUTES/VARIABLE_VALUE',
        'model/_functional/_operations/2/states/0/.ATTRIBUTES/VARIABLE_VALUE']
    assert [shape for k, shape, _ in _listing(path) if '/states/' in k] == [[4, 3], [4, 3], [4, 2]]
    saved = [np.array(s) for layer in source.layers[:2] for s in layer.states]
    assert all(np.abs(s).max() > 0 for s in saved)
    target = _stateful()
    target(np.zeros_like(x))
    target.layers[0].reset_state()
    tf.train.Checkpoint(model=target).read(path).assert_existing_objects_matched()
    for old, new in zip(saved, [np.array(s) for layer in target.layers[:2] for s in layer.states]):
        np.testing.assert_array_equal(old, new)
    np.testing.assert_array_equal(np.array(source(x)), np.array(target(x)))
