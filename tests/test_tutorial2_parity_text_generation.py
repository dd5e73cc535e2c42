"""The text-generation tutorial's string plumbing and saving, pinned to TF 2.21 / Keras 3.15.1
(values printed by notes/progs/tftutorials2/raglookup_tf.py, ragjoin_tf.py and textgen_tf.py):
StringLookup on the RaggedTensor of ``tf.strings.unicode_split``, ``tf.strings.reduce_join`` of
ragged rows, Keras's test for a functional ``Model.__init__``, and ``tf.saved_model.save`` of a
model trained by fit."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _rows(rt):
    return rt.to_list()


def test_string_lookup_keeps_the_rows_of_unicode_split():
    vocab = sorted(set('abcdefgxy'))
    ids_from_chars = keras.layers.StringLookup(vocabulary=vocab, mask_token=None)
    chars = tf.strings.unicode_split(['abcdefg', 'xyz'], input_encoding='UTF-8')
    ids = ids_from_chars(chars)
    assert isinstance(ids, tf.RaggedTensor)
    assert _rows(ids) == [[1, 2, 3, 4, 5, 6, 7], [8, 9, 0]]
    chars_from_ids = keras.layers.StringLookup(vocabulary=ids_from_chars.get_vocabulary(), invert=True,
                                               mask_token=None)
    back = chars_from_ids(ids)
    assert _rows(back) == [[b'a', b'b', b'c', b'd', b'e', b'f', b'g'], [b'x', b'y', b'[UNK]']]
    # TF 2.21: [b'abcdefg' b'xy[UNK]']
    assert tf.strings.reduce_join(back, axis=-1).numpy().tolist() == [b'abcdefg', b'xy[UNK]']


@pytest.mark.parametrize('mode, expected', [
    ('int', [[1, 2, 0], [3]]),
    ('multi_hot', [[1, 1, 1, 0], [0, 0, 0, 1]]),
    ('count', [[1, 1, 1, 0], [0, 0, 0, 1]]),
    ('one_hot', [[[0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0]], [[0, 0, 0, 1]]]),
])
def test_lookup_output_modes_on_ragged_rows(mode, expected):
    layer = keras.layers.StringLookup(vocabulary=['a', 'b', 'c'], output_mode=mode)
    out = layer(tf.ragged.constant([['a', 'b', 'zz'], ['c']]))
    ragged = mode in ('int', 'one_hot')      # TF 2.21: ragged for these, a dense (2, 4) int64 tensor else
    assert isinstance(out, tf.RaggedTensor) == ragged
    assert (out.to_list() if ragged else out.numpy().tolist()) == expected


def test_integer_lookup_and_nested_ragged_rows():
    il = keras.layers.IntegerLookup(vocabulary=[5, 7])
    assert il(tf.ragged.constant([[5, 7, 9], [7]], dtype=tf.int64)).to_list() == [[1, 2, 0], [2]]
    nested = tf.ragged.constant([[['a', 'b'], ['c']], [['c']]])
    assert keras.layers.StringLookup(vocabulary=['a', 'b', 'c'])(nested).to_list() == [[[1, 2], [3]], [[3]]]


def test_layers_without_ragged_support_still_ask_for_a_dense_tensor():
    with pytest.raises(TypeError, match='(?s)RaggedTensor cannot be used where a dense tensor is needed.*Dense'):
        keras.layers.Dense(2)(tf.ragged.constant([[1., 2.], [3.]]))


RT = [['a', 'b', 'c'], [], ['d', 'e']]
R3 = [[['a', 'b'], ['c']], [['d']]]


@pytest.mark.parametrize('rows, axis, separator, expected', [
    (RT, None, '-', b'a-b-c-d-e'),
    (RT, -1, '', [b'abc', b'', b'de']),
    (RT, 1, '-', [b'a-b-c', b'', b'd-e']),
    (RT, 0, '', [b'ad', b'be', b'c']),
    (R3, -1, '', [[b'ab', b'c'], [b'd']]),
    (R3, 1, '', [[b'ac', b'b'], [b'd']]),
    (R3, 0, '', [[b'ad', b'b'], [b'c']]),
])
def test_reduce_join_on_ragged_rows(rows, axis, separator, expected):
    out = tf.strings.reduce_join(tf.ragged.constant(rows), axis=axis, separator=separator)
    got = out.to_list() if isinstance(out, tf.RaggedTensor) else np.asarray(out.numpy(), object).tolist()
    assert got == expected


def test_reduce_join_over_a_uniform_inner_axis_and_keepdims():
    ru = tf.ragged.constant([[['a', 'b'], ['c', 'd']], [['e', 'f']]], ragged_rank=1)
    assert tf.strings.reduce_join(ru, axis=-1).to_list() == [[b'ab', b'cd'], [b'ef']]
    assert tf.strings.reduce_join(ru, axis=1).numpy().tolist() == [[b'ac', b'bd'], [b'e', b'f']]
    kept = tf.strings.reduce_join(tf.ragged.constant(RT), axis=1, keepdims=True)
    assert kept.shape == (3, 1) and kept.numpy().tolist() == [[b'abc'], [b''], [b'de']]


def test_a_subclass_passing_itself_to_model_init_fails_as_in_keras():
    class MyModel(keras.Model):
        def __init__(self):
            super().__init__(self)      # the tutorial's old line
    with pytest.raises(TypeError, match=r'Layer.__init__\(\) takes 1 positional argument but 2 were given'):
        MyModel()


class CharModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.embedding = keras.layers.Embedding(6, 3)
        self.gru = keras.layers.GRU(4, return_sequences=True)
        self.dense = keras.layers.Dense(6)

    def call(self, inputs):
        return self.dense(self.gru(self.embedding(inputs)))


@pytest.mark.filterwarnings('ignore::UserWarning')
def test_saved_model_of_a_model_trained_by_fit_loads_and_trains_on(tmp_path):
    keras.utils.set_random_seed(2)
    x = np.random.RandomState(0).randint(0, 6, (8, 5))
    model = CharModel()
    model.compile(optimizer='adam', loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    model.fit(x, x, epochs=1, batch_size=4, verbose=0)       # leaves the optimizer's flat update plan
    tf.saved_model.save(model, str(tmp_path / 'm'))
    loaded = tf.saved_model.load(str(tmp_path / 'm'))
    # (TF 2.21 loads a Keras model as a _UserObject that is not callable: the saved object itself is compared)
    np.testing.assert_array_equal(loaded._root(x).numpy(), model(x).numpy())
    model.fit(x, x, epochs=1, batch_size=4, shuffle=False, verbose=0)
    loaded._root.fit(x, x, epochs=1, batch_size=4, shuffle=False, verbose=0)
    for mine, theirs in zip(model.weights, loaded._root.weights):
        np.testing.assert_array_equal(mine.numpy(), theirs.numpy())
