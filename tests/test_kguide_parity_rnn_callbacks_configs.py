"""Recurrent layers' configs list their keys in Keras 3's order, and Bidirectional(merge_mode=None)
gives a tuple, as the "Working with RNNs" guide's printed configs and outputs show.

Key lists printed by Keras 3 (TensorFlow 2.21) for ``list(layer.get_config())``
(/work/notes/progs/kguides_rnn_callbacks/cfg.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers

_RNN = ['name', 'trainable', 'dtype', 'return_sequences', 'return_state', 'go_backwards', 'stateful', 'unroll',
        'zero_output_for_mask']
KERAS_KEYS = {
    'LSTM': _RNN + ['units', 'activation', 'recurrent_activation', 'use_bias', 'kernel_initializer',
                    'recurrent_initializer', 'bias_initializer', 'unit_forget_bias', 'kernel_regularizer',
                    'recurrent_regularizer', 'bias_regularizer', 'activity_regularizer', 'kernel_constraint',
                    'recurrent_constraint', 'bias_constraint', 'dropout', 'recurrent_dropout', 'seed'],
    'GRU': _RNN + ['units', 'activation', 'recurrent_activation', 'use_bias', 'kernel_initializer',
                   'recurrent_initializer', 'bias_initializer', 'kernel_regularizer', 'recurrent_regularizer',
                   'bias_regularizer', 'activity_regularizer', 'kernel_constraint', 'recurrent_constraint',
                   'bias_constraint', 'dropout', 'recurrent_dropout', 'reset_after', 'seed'],
    'SimpleRNN': _RNN + ['units', 'activation', 'use_bias', 'kernel_initializer', 'recurrent_initializer',
                         'bias_initializer', 'kernel_regularizer', 'recurrent_regularizer', 'bias_regularizer',
                         'activity_regularizer', 'kernel_constraint', 'recurrent_constraint', 'bias_constraint',
                         'dropout', 'recurrent_dropout'],
    'LSTMCell': ['name', 'trainable', 'dtype', 'units', 'activation', 'recurrent_activation', 'use_bias',
                 'unit_forget_bias', 'kernel_initializer', 'recurrent_initializer', 'bias_initializer',
                 'kernel_regularizer', 'recurrent_regularizer', 'bias_regularizer', 'kernel_constraint',
                 'recurrent_constraint', 'bias_constraint', 'dropout', 'recurrent_dropout', 'seed'],
    'GRUCell': ['name', 'trainable', 'dtype', 'units', 'activation', 'recurrent_activation', 'use_bias',
                'kernel_initializer', 'recurrent_initializer', 'bias_initializer', 'kernel_regularizer',
                'recurrent_regularizer', 'bias_regularizer', 'kernel_constraint', 'recurrent_constraint',
                'bias_constraint', 'dropout', 'recurrent_dropout', 'reset_after', 'seed'],
    'SimpleRNNCell': ['name', 'trainable', 'dtype', 'units', 'activation', 'use_bias', 'kernel_initializer',
                      'recurrent_initializer', 'bias_initializer', 'kernel_regularizer', 'recurrent_regularizer',
                      'bias_regularizer', 'kernel_constraint', 'recurrent_constraint', 'bias_constraint',
                      'dropout', 'recurrent_dropout', 'seed'],
}


@pytest.mark.parametrize('class_name', sorted(KERAS_KEYS))
def test_config_keys_come_in_keras_order(class_name):
    layer = getattr(layers, class_name)(2)
    assert list(layer.get_config()) == KERAS_KEYS[class_name]
    again = type(layer).from_config(layer.get_config())
    assert again.get_config() == layer.get_config()


def test_a_subclass_keeps_its_own_keys_after_keras_ones():
    class Tagged(layers.LSTM):
        def __init__(self, units, tag='t', **kwargs):
            super().__init__(units, **kwargs)
            self.tag = tag

        def get_config(self):
            return dict(super().get_config(), tag=self.tag)
    assert list(Tagged(2).get_config()) == KERAS_KEYS['LSTM'] + ['tag']


def test_bidirectional_without_merge_gives_a_tuple_eagerly_and_symbolically():
    x = np.random.RandomState(0).random_sample((3, 5, 4)).astype('float32')
    wrapper = layers.Bidirectional(layers.GRU(2, return_sequences=True), merge_mode=None)
    out = wrapper(x)
    assert type(out) is tuple and [tuple(o.shape) for o in out] == [(3, 5, 2), (3, 5, 2)]
    symbolic = wrapper(keras.Input((5, 4)))
    assert type(symbolic) is tuple and [o.shape for o in symbolic] == [(None, 5, 2), (None, 5, 2)]
    with_states = layers.Bidirectional(layers.GRU(2, return_state=True), merge_mode=None)(keras.Input((5, 4)))
    assert type(with_states) is tuple and len(with_states) == 4
    assert type(layers.LSTM(2, return_state=True)(keras.Input((5, 4)))) is tuple     # as Keras's KerasTensors
