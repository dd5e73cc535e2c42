"""tf.lookup tables in traces, as TF 2.21's graph gives them (the load-text tutorial).

The tutorial maps each line through ``vocab_table.lookup(tf.strings.split(line))``: TF's element_spec is
(None,) (the split's open length), so padded batches are (None, None) and a Sequential fit on them is built
for any length. tapeflow's lookup kept the first traced line's length ((3,)), so the model was built for
(None, 7) and refused other lengths.
"""
import numpy as np

import framework as tf
from framework import keras


def _tables():
    init = tf.lookup.KeyValueTensorInitializer(['a', 'b'], [2, 3], key_dtype=tf.string, value_dtype=tf.int64)
    return (tf.lookup.StaticVocabularyTable(init, 1), tf.lookup.StaticHashTable(init, -1),
            tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1))


def test_map_element_spec_keeps_open_length():
    vocab, hashed, mutable = _tables()
    ds = tf.data.Dataset.from_tensor_slices(['a b', 'b c d']).map(lambda t: vocab.lookup(tf.strings.split(t)))
    # TF 2.21: TensorSpec(shape=(None,), dtype=tf.int64, name=None)
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None,), dtype=tf.int64, name=None)'
    assert [x.numpy().tolist() for x in ds] == [[2, 3], [3, 2, 2]]
    fixed = tf.data.Dataset.from_tensor_slices([['a', 'b']]).map(
        lambda t: (vocab.lookup(t), hashed.lookup(t), mutable.lookup(t)))
    # TF 2.21: (2,), (2,), and <unknown> for the MutableHashTable's find
    assert repr(fixed.element_spec) == (
        '(TensorSpec(shape=(2,), dtype=tf.int64, name=None), TensorSpec(shape=(2,), dtype=tf.int64, name=None), '
        'TensorSpec(shape=<unknown>, dtype=tf.int64, name=None))')


def test_graph_tensor_names(capsys):
    vocab, hashed, mutable = _tables()
    mutable.insert(tf.constant(['a']), tf.constant([7], tf.int64))

    @tf.function
    def f(x):
        s = tf.strings.split(x)
        print(vocab.lookup(s))
        print(vocab[s])
        print(hashed.lookup(s))
        print(mutable.lookup(s))
        print(vocab.lookup(s, name='q'))
        with tf.name_scope('outer'):
            print(hashed.lookup(s))
        print(vocab.size(), hashed.size(), mutable.size())
        return vocab.lookup(s)

    assert f(tf.constant('a b c')).numpy().tolist() == [2, 3, 2]
    device = ', device=/job:localhost/replica:0/task:0/device:CPU:0'
    # TF 2.21's lines
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("None_Lookup/SelectV2:0", shape=(None,), dtype=int64)',
        'Tensor("None_Lookup_1/SelectV2:0", shape=(None,), dtype=int64)',
        'Tensor("None_Lookup_2/LookupTableFindV2:0", shape=(None,), dtype=int64)',
        'Tensor("None_lookup_table_find/LookupTableFindV2:0", dtype=int64%s)' % device,
        'Tensor("q/SelectV2:0", shape=(None,), dtype=int64)',
        'Tensor("outer/None_Lookup/LookupTableFindV2:0", shape=(None,), dtype=int64)',
        'Tensor("None_Size/add:0", shape=(), dtype=int64) Tensor("None_Size_1/LookupTableSizeV2:0", shape=(), '
        'dtype=int64) Tensor("None_Size_2/LookupTableSizeV2:0", shape=(), dtype=int64%s)' % device]


def test_named_vocabulary_scope(capsys):
    init = tf.lookup.KeyValueTensorInitializer(['a'], [2], key_dtype=tf.string, value_dtype=tf.int64)
    vocab = tf.lookup.StaticVocabularyTable(init, 1, name='vocab')

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.string)])
    def g(x):
        print(vocab.lookup(x))
        return vocab.lookup(x)

    assert g(tf.constant([['a', 'z']])).numpy().tolist() == [[2, 1]]
    # TF 2.21: the table's name opens the scope
    assert capsys.readouterr().out == 'Tensor("vocab_Lookup/SelectV2:0", shape=(None, 2), dtype=int64)\n'


def test_sequential_fit_on_looked_up_lines_builds_for_any_length():
    vocab, _, _ = _tables()
    lines = tf.data.Dataset.from_tensor_slices(['a b', 'b a a', 'c', 'a b c d e'])
    ds = lines.map(lambda t: (vocab.lookup(tf.strings.split(t)), tf.constant(1.0))).padded_batch(2)
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.layers.Embedding(4, 2), keras.layers.GlobalAveragePooling1D(),
                              keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    model.fit(ds, epochs=1, verbose=0)
    # TF 2.21: built for (None, None); the Embedding's output (None, None, 2)
    assert tuple(model.inputs[0].shape) == (None, None)
    assert tuple(model.layers[0].output.shape) == (None, None, 2)
    wrapped = keras.Sequential([model, keras.layers.Activation('sigmoid')])
    assert wrapped.predict(np.array([[2, 3, 3, 2, 2, 3, 1]]), verbose=0).shape == (1, 1)
