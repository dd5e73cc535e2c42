"""Keras 3's warning for a functional model called on inputs nested otherwise than its Inputs
(the functional guide's feature extractor, made with inputs=[...] and called on one array).

The cases and messages are TF 2.21 / Keras 3.15's (/opt/tfref), run on the same calls.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers


def _warnings_of(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        call()
    return [str(w.message) for w in caught if 'structure of `inputs`' in str(w.message)]


def test_one_array_for_a_one_input_list_warns_in_keras_words():
    inp = keras.Input((8,), name='kgm_in')
    model = keras.Model(inputs=[inp], outputs=layers.Dense(2)(inp))
    assert _warnings_of(lambda: model(np.ones((2, 8), 'float32'))) == [
        "The structure of `inputs` doesn't match the expected structure.\nExpected: ['kgm_in']\n"
        'Received: inputs=Tensor(shape=(2, 8))']
    assert _warnings_of(lambda: model(tf.ones((2, 8)))) == []          # a tensor counts as the list
    assert _warnings_of(lambda: model([np.ones((2, 8), 'float32')])) == []
    model.compile('sgd', 'mse')
    assert _warnings_of(lambda: model.fit(np.ones((4, 8)), np.ones((4, 2)), verbose=0)) == []
    assert _warnings_of(lambda: model.predict(np.ones((4, 8)), verbose=0)) == []


def test_a_list_for_a_single_input_and_a_list_for_dict_inputs_warn():
    a, b = keras.Input((2,), name='a'), keras.Input((3,), name='b')
    single = keras.Model(a, layers.Dense(1)(a))
    assert _warnings_of(lambda: single([np.ones((1, 2))])) == [
        "The structure of `inputs` doesn't match the expected structure.\nExpected: a\n"
        "Received: inputs=['Tensor(shape=(1, 2))']"]
    keyed = keras.Model({'a': a, 'b': b}, layers.concatenate([a, b]))
    assert _warnings_of(lambda: keyed({'a': np.ones((1, 2)), 'b': np.ones((1, 3))})) == []
    assert _warnings_of(lambda: keyed([np.ones((1, 2)), np.ones((1, 3))])) == [
        "The structure of `inputs` doesn't match the expected structure.\nExpected: {'a': 'a', 'b': 'b'}\n"
        "Received: inputs=['Tensor(shape=(1, 2))', 'Tensor(shape=(1, 3))']"]


@pytest.mark.parametrize('inputs', [lambda: (np.ones((1, 2)), np.ones((1, 3))),
                                    lambda: {'a': np.ones((1, 2)), 'b': np.ones((1, 3))}])
def test_tuples_for_lists_and_dicts_by_name_do_not_warn(inputs):
    a, b = keras.Input((2,), name='a'), keras.Input((3,), name='b')
    model = keras.Model([a, b], layers.concatenate([a, b]))
    assert _warnings_of(lambda: model(inputs())) == []
