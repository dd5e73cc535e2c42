"""A custom RNN cell's call gets its states as a tuple, as Keras 3's TF backend hands them.

TF 2.21 (progs/tutorials52/rnn5.py): a cell printing `type(states).__name__, len(states)` inside
layers.RNN(cell) prints 'tuple 1' for state_size 2, 'tuple 2' for state_size [2, 3], on every call
(eager, training=True, predict). tapeflow passed a list: 'list 1'. A cell written for a list
(`states[1:] + [x]`) runs in tapeflow and raises TypeError in TF, and the reverse.
"""
import numpy as np

from framework import keras
from framework.keras import layers, ops


_SEEN = []     # (a list set as a layer attribute would be tracked as a copy)


class _RecordingCell(layers.Layer):
    def __init__(self, state_size, **kwargs):
        super().__init__(**kwargs)
        self.state_size = state_size

    def call(self, inputs, states):
        _SEEN.append((type(states).__name__, len(states)))
        out = ops.tanh(ops.sum(inputs, -1, keepdims=True) + states[0][:, :1])
        return out, [ops.concatenate([out] * states[0].shape[-1], -1)] + list(states[1:])


def test_cell_gets_a_tuple_of_states():
    x = np.random.RandomState(0).randn(2, 4, 3).astype('float32')
    for state_size, count in ((2, 1), ([2, 3], 2)):
        _SEEN.clear()
        out = layers.RNN(_RecordingCell(state_size), return_state=True)(x)
        assert len(out) == 1 + count
        assert _SEEN and set(_SEEN) == {('tuple', count)}
    _SEEN.clear()
    model = keras.Sequential([keras.Input((4, 3)), layers.RNN(_RecordingCell(2), return_sequences=True)])
    model(x, training=True)
    model.predict(x, verbose=0)
    assert _SEEN and set(_SEEN) == {('tuple', 1)}


def test_cell_still_gets_masked_steps_right():
    # mask handling rebuilds the states per step: they must reach the next step as a tuple too
    ids = np.array([[1, 2, 0, 0], [3, 0, 0, 0]])
    e = layers.Embedding(5, 3, mask_zero=True)(ids)
    _SEEN.clear()
    out = layers.RNN(_RecordingCell([2, 3]), return_sequences=True)(e)
    assert out.shape == (2, 4, 1)
    assert set(_SEEN) == {('tuple', 2)}
