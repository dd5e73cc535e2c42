"""A Sequential built without an Input makes one of its first layer's dtype, and Keras 3's Functional
casts what it is given to it: strings reaching a float Input fail in TF's Cast kernel
('Cast string to float is not supported', UnimplementedError). The warmstart_embedding_matrix
tutorial (tensorflow.org) nests `Sequential([vectorize_layer, embedding])` in another Sequential, whose
Input is then float32 (the inner Sequential's dtype): its first fit fails on TF 2.21; tapeflow trained.
A Hashing first layer (int64 Input) refuses strings the same way; a StringLookup first layer takes them.
Outcomes printed by TF 2.21 (/opt/tfref) for /work/notes/progs/tftutorials11/probe_nestseq3.py and
probe_strcast.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import UnimplementedError

L = keras.layers


def _nested():
    vectorize = L.TextVectorization(max_tokens=10, output_mode='int', output_sequence_length=4)
    vectorize.adapt(tf.constant(['a b c', 'b c d']))
    inner = keras.Sequential([vectorize, L.Embedding(10, 3)], name='text_input')
    head = keras.Sequential([L.GlobalAveragePooling1D(), L.Dense(1)], name='head')
    return keras.Sequential([inner, head])


_TEXT = tf.constant(['a b', 'c d e'])


@pytest.mark.parametrize('run', ['call', 'predict', 'fit'])
def test_a_nested_text_sequential_refuses_strings_at_its_float_input(run):
    model = _nested()
    with pytest.raises(UnimplementedError, match='Cast string to float is not supported'):
        if run == 'call':
            model(_TEXT)
        elif run == 'predict':
            model.predict(_TEXT, verbose=0)
        else:
            model.compile('adam', 'mse')
            model.fit(tf.data.Dataset.from_tensor_slices((_TEXT, [0., 1.])).batch(2), verbose=0)


def test_the_inner_text_sequential_alone_takes_strings():
    vectorize = L.TextVectorization(max_tokens=10, output_mode='int', output_sequence_length=4)
    vectorize.adapt(tf.constant(['a b c', 'b c d']))
    inner = keras.Sequential([vectorize, L.Embedding(10, 3)])
    assert inner(_TEXT).shape == (2, 4, 3)
    # and called on a float KerasTensor (as its outer model's build does) it gives the output spec
    symbolic = inner(keras.Input(batch_shape=(None,), dtype='float32'))
    assert tuple(symbolic.shape) == (None, 4, 3)


@pytest.mark.parametrize('data', [tf.constant(['a', 'b']), np.array(['a', 'b'])])
def test_a_hashing_first_layer_refuses_strings_a_string_lookup_takes_them(data):
    with pytest.raises(UnimplementedError, match='Cast string to int64 is not supported'):
        keras.Sequential([L.Hashing(3)])(data)
    assert keras.Sequential([L.StringLookup(vocabulary=['a'])])(data).numpy().ravel().tolist() == [1, 0]
