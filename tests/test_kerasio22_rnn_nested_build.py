"""keras.layers.RNN.build of nested sequences (a tuple of shapes) builds the cell as Keras 3.15 does.

Keras's RNN.build slices the shape it is given as if it were one shape, ``(shape[0],) + shape[2:]``,
so for a tuple of two sequence shapes the cell's build receives a 1-tuple holding the first one.
The "Working with RNNs" guide's NestedCell reads ``input_shapes[1][1]`` there and fails in its own
build with IndexError 'tuple index out of range' on TF 2.21; tapeflow refused the nested shape
before the cell's build with its own ValueError ('expected input of shape (batch, steps,
features)').

Goldens: /work/notes/progs/kerasio22/rnnprobe.py and rnnnested.py run with TF 2.21 + Keras 3.15.
"""
import pytest

from framework import keras
from framework.keras import ops


class Cell(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.state_size = [4]
        self.output_size = 4
        self.seen = []

    def build(self, input_shapes):
        self.seen.append(input_shapes)
        self.k = self.add_weight(shape=(3, 4), name='k')

    def call(self, inputs, states):
        return ops.matmul(inputs, self.k), [states[0]]


def test_cell_build_sees_the_first_shape_alone():
    # TF: cell build ((None, 5, 3),) / ((2, 5, 3),); built True True
    for shapes, seen in ((((None, 5, 3), (None, 5, 2, 2)), ((None, 5, 3),)), ([(2, 5, 3), (2, 5, 7)], ((2, 5, 3),))):
        rnn = keras.layers.RNN(Cell())
        rnn.build(shapes)
        assert rnn.cell.seen == [seen]
        assert rnn.built and rnn.cell.built


class NestedCell(keras.layers.Layer):
    def __init__(self, **kwargs):
        self.state_size = [(10,), (20, 30)]
        self.output_size = [(10,), (20, 30)]
        super().__init__(**kwargs)

    def build(self, input_shapes):
        self.input_1 = input_shapes[0][1]
        self.i2 = input_shapes[1][1]


def test_guide_nested_cell_fails_in_its_own_build():
    rnn = keras.layers.RNN(NestedCell())
    with pytest.raises(IndexError, match='^tuple index out of range$'):
        rnn((keras.Input((None, 32)), keras.Input((None, 64, 32))))
