"""A stack of cells keeps Keras 3's nesting of states: ``state_size`` per cell, and
``RNN(..., return_state=True)`` returning each cell's states as Keras does (a list for the
built-in cells, a tensor for a custom one-state cell), eagerly, symbolically and as
``initial_state``. tapeflow flattened them ([3, 2, 2], four outputs).

KERAS_LINES were printed by Keras 3 (TensorFlow 2.21) running the same program
(/work/notes/progs/kguides_rnn_callbacks/stackstate.py); the values are rounded to 5 digits.
"""
import numpy as np

from framework import keras
from framework.keras import layers, ops

KERAS_LINES = [
    'tuple((2, 2), list((2, 3)), list((2, 2), (2, 2))) [3, [2, 2]] [3, [2, 2]] 2',
    '[[-0.15865999460220337, 0.017170000821352005], [-0.050220001488924026, -0.03365999832749367]]',
    'list(list((2, 3)), list((2, 2), (2, 2))) list(list((2, 3)), list((2, 2), (2, 2)))',
    '((None, 2), (None, 3), [(None, 2), (None, 2)])',
    'tuple((None, 2), (None, 3), list((None, 2), (None, 2)))',
    'tuple((2, 2), list((2, 3)), list((2, 2), (2, 2))) [[-0.18126000463962555, 0.015809999778866768], [-0.07957000285387039, -0.04690000042319298]]',
    '[None, None, None]',
    'tuple((2, 2), list((2, 3), (2, 3)), list((2, 2))) [[3, 3], 2] [[3, 3], 2] 2',
    '[[0.05062999948859215, 0.012609999626874924], [0.01933000050485134, -0.002400000113993883]]',
    'list(list((2, 3), (2, 3)), list((2, 2))) list(list((2, 3), (2, 3)), list((2, 2)))',
    '((None, 2), [(None, 3), (None, 3)], (None, 2))',
    'tuple((None, 2), list((None, 3), (None, 3)), (None, 2))',
    'tuple((2, 2), list((2, 3), (2, 3)), list((2, 2))) [[0.05841999873518944, 0.01955999992787838], [0.026660000905394554, -0.006579999811947346]]',
    '[None, None, None]',
    'tuple((2, 2), (2, 3), (2, 2)) [3, 2] [3, 2] 2',
    '[[0.0011699999449774623, 0.0008699999889358878], [-0.0009699999936856329, 0.0003100000030826777]]',
    'list((2, 3), (2, 2)) list((2, 3), (2, 2))',
    '((None, 2), (None, 3), (None, 2))',
    'tuple((None, 2), (None, 3), (None, 2))',
    'tuple((2, 2), (2, 3), (2, 2)) [[0.0011699999449774623, 0.0008699999889358878], [-0.0009699999936856329, 0.0003100000030826777]]',
    '[None, None, None]',
    '(2, 2) list(list((2, 3), (2, 3)), list((2, 2)))',
]


class MinimalRNNCell(layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="uniform", name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer="uniform",
                                                name="recurrent_kernel")

    def call(self, inputs, states):
        output = ops.matmul(inputs, self.kernel) + ops.matmul(states[0], self.recurrent_kernel)
        return output, [output]


def struct(o):
    """A nested output's types and shapes, as one line."""
    if isinstance(o, (list, tuple)):
        return type(o).__name__ + "(" + ", ".join(struct(t) for t in o) + ")"
    return str(tuple(o.shape))


def test_stacked_states_nest_per_cell_as_keras(capsys):
    keras.utils.set_random_seed(8)
    x = np.sin(np.arange(2 * 4 * 3) * 0.7).reshape(2, 4, 3).astype("float32")
    for cells in [[layers.SimpleRNNCell(3), layers.LSTMCell(2)], [layers.LSTMCell(3), layers.GRUCell(2)],
                  [MinimalRNNCell(3), MinimalRNNCell(2)]]:
        r = layers.RNN(cells, return_state=True)
        out = r(x)
        print(struct(out), r.state_size, r.cell.state_size, r.cell.output_size)
        print(np.round(np.asarray(out[0]), 5).tolist())
        print(struct(r.get_initial_state(2)), struct(r.cell.get_initial_state(batch_size=2)))
        print(r.compute_output_shape((None, 4, 3)))
        print(struct(r(keras.Input((4, 3)))))
        again = r(x, initial_state=out[1:])
        print(struct(again), np.round(np.asarray(again[0]), 5).tolist())
        print(r.compute_mask(x, None))
    s = layers.StackedRNNCells([layers.LSTMCell(3), layers.GRUCell(2)])
    s.build((2, 3))
    o, st = s(x[:, 0], s.get_initial_state(batch_size=2))
    print(struct(o), struct(st))
    assert capsys.readouterr().out.splitlines() == KERAS_LINES
