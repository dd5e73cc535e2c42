"""A Sequential's checkpoint keys count the mask ops Keras 3 records in its Functional.

Keras 3's Sequential.build wraps its traced graph in a Functional whose ``_operations`` also list
the keras.ops calls that compute masks (Embedding(mask_zero=True)'s NotEqual; Masking's NotEqual
and Any), and TensorFlow keys variables by those indices. Golden keys printed by TF 2.21
(/work/notes/progs/kerasio37/p17.py):
    p = tf.train.Checkpoint(model=m).write('ck'); [k for k, _ in tf.train.list_variables(p)]
"""
import pytest

import framework as tf
from framework import keras

L = keras.layers
V = '/.ATTRIBUTES/VARIABLE_VALUE'
CELL = ['cell/bias', 'cell/kernel', 'cell/recurrent_kernel']


def _embedding_lstm():
    return keras.Sequential([keras.Input((3,), dtype='int32'), L.Embedding(5, 2, mask_zero=True), L.LSTM(2)])


def _masking_dense_rnn():
    return keras.Sequential([keras.Input((3, 2)), L.Masking(), L.Dense(2), L.SimpleRNN(2)])


def _built_without_input():
    model = keras.Sequential([L.Embedding(5, 2, mask_zero=True), L.GRU(2)])
    model.build((None, 3))
    return model


def _nested():
    inner = keras.Sequential([L.Embedding(5, 2, mask_zero=True), L.LSTM(2, return_sequences=True)])
    return keras.Sequential([keras.Input((3,), dtype='int32'), inner, L.LSTM(1)])


F = 'model/_functional/_operations/'
CASES = {
    'embedding_lstm': (_embedding_lstm, [F + '1/_embeddings'] + [F + '3/' + c for c in CELL]),
    'masking_dense_rnn': (_masking_dense_rnn, [F + '3/_kernel', F + '3/bias'] + [F + '5/' + c for c in CELL]),
    'built_without_input': (_built_without_input, [F + '1/_embeddings'] + [F + '3/' + c for c in CELL]),
    'nested': (_nested, [F + '1/_functional/_operations/1/_embeddings']
               + [F + '1/_functional/_operations/3/' + c for c in CELL] + [F + '2/' + c for c in CELL]),
}


@pytest.mark.parametrize('case', sorted(CASES))
def test_keys_count_the_mask_ops(tmp_path, case):
    make, keys = CASES[case]
    path = tf.train.Checkpoint(model=make()).write(str(tmp_path / 'ck'))
    assert [key for key, _ in tf.train.list_variables(path)] == ['_CHECKPOINTABLE_OBJECT_GRAPH'] + [k + V for k in keys]

