"""The order of the keys in the recurrent layers' configs, as Keras 3 writes them.

A config's key order shows wherever it is printed or saved (a ``.keras`` file's
config.json), so SimpleRNN, LSTM, GRU, ConvLSTM and their cells list their keys in
Keras's order, read from Keras 3.15's ``get_config`` of each class.
"""

_RNN = ('name', 'trainable', 'dtype', 'return_sequences', 'return_state', 'go_backwards', 'stateful', 'unroll',
        'zero_output_for_mask')
_REGULARIZERS_TO_END = ('kernel_regularizer', 'recurrent_regularizer', 'bias_regularizer', 'kernel_constraint',
                        'recurrent_constraint', 'bias_constraint', 'dropout', 'recurrent_dropout')
_LAYER_REGULARIZERS_TO_END = ('kernel_regularizer', 'recurrent_regularizer', 'bias_regularizer',
                              'activity_regularizer', 'kernel_constraint', 'recurrent_constraint',
                              'bias_constraint', 'dropout', 'recurrent_dropout')
_INITIALIZERS = ('kernel_initializer', 'recurrent_initializer', 'bias_initializer')

LSTM_CELL = ('name', 'trainable', 'dtype', 'units', 'activation', 'recurrent_activation', 'use_bias',
             'unit_forget_bias') + _INITIALIZERS + _REGULARIZERS_TO_END + ('seed',)
GRU_CELL = ('name', 'trainable', 'dtype', 'units', 'activation', 'recurrent_activation', 'use_bias') + \
    _INITIALIZERS + _REGULARIZERS_TO_END + ('reset_after', 'seed')
LSTM = _RNN + ('units', 'activation', 'recurrent_activation', 'use_bias') + _INITIALIZERS + \
    ('unit_forget_bias',) + _LAYER_REGULARIZERS_TO_END + ('seed',)
GRU = _RNN + ('units', 'activation', 'recurrent_activation', 'use_bias') + _INITIALIZERS + \
    _LAYER_REGULARIZERS_TO_END + ('reset_after', 'seed')
_CONV_WINDOW = ('filters', 'kernel_size', 'strides', 'padding', 'data_format', 'dilation_rate', 'activation',
                'recurrent_activation', 'use_bias')
CONV_LSTM_CELL = ('name', 'trainable', 'dtype') + _CONV_WINDOW + _INITIALIZERS + ('unit_forget_bias',) + \
    _REGULARIZERS_TO_END + ('seed',)
CONV_LSTM = _RNN + _CONV_WINDOW + _INITIALIZERS + ('unit_forget_bias',) + _LAYER_REGULARIZERS_TO_END + ('seed',)
SIMPLE_RNN = _RNN + ('units', 'activation', 'use_bias') + _INITIALIZERS + _LAYER_REGULARIZERS_TO_END


def in_keras_order(config, keys):
    """``config`` with ``keys`` first, in that order; keys not listed (a subclass's own) follow as they were."""
    ordered = {key: config[key] for key in keys if key in config}
    ordered.update((key, value) for key, value in config.items() if key not in ordered)
    return ordered
