"""Géron ch. 15's LNSimpleRNNCell (a cell with sublayers and no build()) in keras.layers.RNN: Keras 3's
RNN.build calls the cell's default build(), which warns that the sublayers stay unbuilt (TF 2.21
prints the warning once, when the model is made); built-in cells and cells with a build() are quiet."""
import warnings

import numpy as np
import pytest

from framework import keras


class LNSimpleRNNCell(keras.layers.Layer):
    def __init__(self, units, activation='tanh', **kwargs):
        super().__init__(**kwargs)
        self.state_size = units
        self.output_size = units
        self.simple_rnn_cell = keras.layers.SimpleRNNCell(units, activation=None)
        self.layer_norm = keras.layers.LayerNormalization()
        self.activation = keras.activations.get(activation)

    def call(self, inputs, states):
        outputs, new_states = self.simple_rnn_cell(inputs, states)
        norm_outputs = self.activation(self.layer_norm(outputs))
        return norm_outputs, [norm_outputs]


def _messages(make_cell):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model = keras.Sequential([keras.layers.Input(shape=[None, 1]),
                                  keras.layers.RNN(make_cell(), return_sequences=True), keras.layers.Dense(1)])
        model.predict(np.ones((2, 4, 1), np.float32), verbose=0)
    return [str(w.message) for w in caught]


def test_a_cell_with_unbuilt_sublayers_warns_once_as_keras():
    messages = _messages(lambda: LNSimpleRNNCell(3, name='ln_simple_rnn_cell'))
    assert messages == ["`build()` was called on layer 'ln_simple_rnn_cell', however the layer does not have a "
                        "`build()` method implemented and it looks like it has unbuilt state. This will cause the "
                        "layer to be marked as built, despite not being actually built, which may cause failures "
                        "down the line. Make sure to implement a proper `build()` method."]


@pytest.mark.parametrize('make_cell', [lambda: keras.layers.SimpleRNNCell(3), lambda: keras.layers.GRUCell(3)])
def test_cells_that_build_are_quiet(make_cell):
    assert _messages(make_cell) == []
