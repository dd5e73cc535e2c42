"""LSTM / GRU / SimpleRNN given a sequence of strings: TF 2.21 fails in the cell's first op (Keras's type
promotion), so the error is worded as the cell's call, the innermost, with the step and the initial states
it received. tapeflow worded it as the layer's call ('Exception encountered when calling LSTM.call()').
Golden texts printed by TF 2.21 (/work/notes/progs/errors37/rnnstr.py)."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('layer, cell, step_name, states', [
    (keras.layers.LSTM, 'LSTMCell', 'inputs',
     "('tf.Tensor(shape=(1, 2), dtype=float32)', 'tf.Tensor(shape=(1, 2), dtype=float32)')"),
    (keras.layers.GRU, 'GRUCell', 'inputs', "('tf.Tensor(shape=(1, 2), dtype=float32)',)"),
    (keras.layers.SimpleRNN, 'SimpleRNNCell', 'sequence', "('tf.Tensor(shape=(1, 2), dtype=float32)',)"),
])
def test_a_string_sequence_fails_in_the_cell(layer, cell, step_name, states):
    with pytest.raises(ValueError) as info:
        layer(2)(tf.constant([[['a']]]))
    assert str(info.value) == (
        'Exception encountered when calling %s.call().\n\n\x1b[1mdtype=\'string\' is not a valid dtype for Keras type '
        'promotion.\x1b[0m\n\nArguments received by %s.call():\n  \u2022 %s=tf.Tensor(shape=(1, 1), dtype=string)\n'
        '  \u2022 states=%s\n  \u2022 training=False' % (cell, cell, step_name, states))
