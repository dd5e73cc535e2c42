"""The recurrent cells' get_initial_state names its own cell in Python's argument errors, as Keras 3
defines it on each cell: guide/effective_tf2's DynamicRNN passes ``dtype=`` and TF 2.21 says
"LSTMCell.get_initial_state() got an unexpected keyword argument 'dtype'" (tapeflow named its
shared base class). Texts printed by TF 2.21 (/work/notes/progs/tfguides/eff.py)."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('cell', [keras.layers.LSTMCell(5), keras.layers.GRUCell(5), keras.layers.SimpleRNNCell(5)])
def test_unexpected_argument_names_the_cell(cell):
    with pytest.raises(TypeError) as caught:
        cell.get_initial_state(batch_size=4, dtype='float32')
    assert str(caught.value) == ("%s.get_initial_state() got an unexpected keyword argument 'dtype'"
                                 % type(cell).__name__)


def test_initial_states_are_zeros_of_the_state_sizes():
    assert [s.shape for s in keras.layers.LSTMCell(5).get_initial_state(batch_size=4)] == [(4, 5), (4, 5)]
    (state,) = keras.layers.GRUCell(3).get_initial_state(2)
    assert state.shape == (2, 3) and not np.any(np.asarray(state))
    assert [s.shape for s in keras.layers.SimpleRNNCell(2).get_initial_state(batch_size=1)] == [(1, 2)]
