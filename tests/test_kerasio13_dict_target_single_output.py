"""fit / evaluate with y a dict for a model with one (non-dict) output fail as on Keras 3 + TF 2.21.

Keras 3's CompileLoss packs y_true into y_pred's structure with pack_sequence_as, which iterates a dict: a
one-entry dict becomes its key, a string the loss cannot convert, whatever the key (even the output's name).
keras.io's nlp/text_generation_fnet.py fits y={"outputs": ...} on a single-output model and fails on TF with
"TypeError: Expected float32, but got outputs of type 'str'." (a traced step makes a graph constant);
tapeflow trained. Eagerly (run_eagerly=True) the text is EagerTensor's. Goldens: TF 2.21 + Keras 3
(/work/notes/progs/kerasio13/d8.py, d8b.py, d9.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.default_rng(0).random((8, 3)).astype('float32')


def model():
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='dd')])
    m.compile('adam', loss='mse')
    return m


@pytest.mark.parametrize('key', ['dd', 'zz'])
def test_a_traced_fit_fails_on_the_key(key):
    with pytest.raises(TypeError) as info:
        model().fit(X, {key: np.zeros((8, 4))}, epochs=1, verbose=0)
    assert str(info.value) == "Expected float32, but got %s of type 'str'." % key


def test_an_eager_fit_fails_with_eager_tensor_s_words():
    m = model()
    m.compile('adam', loss='mse', run_eagerly=True)
    with pytest.raises(TypeError) as info:
        m.fit(X, {'dd': np.zeros((8, 4))}, epochs=1, verbose=0)
    assert str(info.value) == "Cannot convert 'dd' to EagerTensor of dtype float"


def test_a_one_element_list_or_tuple_still_trains():
    for y in ([np.zeros((8, 4))], (np.zeros((8, 4)),)):
        assert np.isfinite(model().fit(X, y, epochs=1, verbose=0).history['loss'][0])


def test_two_entries_are_a_structure_error():
    with pytest.raises(ValueError, match='y_true and y_pred have different structures'):
        model().fit(X, {'a': np.zeros((8, 4)), 'b': np.zeros((8, 4))}, epochs=1, verbose=0)


def test_string_conversion_in_a_tf_function_uses_graph_words():
    @tf.function
    def traced():
        return tf.convert_to_tensor('dd', dtype=tf.float32)
    with pytest.raises(TypeError, match=r"Expected float32, but got dd of type 'str'\."):
        traced()
    with pytest.raises(TypeError) as info:
        tf.convert_to_tensor('dd', dtype=tf.float32)
    assert str(info.value) == "Cannot convert 'dd' to EagerTensor of dtype float"
