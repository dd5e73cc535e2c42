"""GRU / SimpleRNN given a float `units`: Keras 3 refuses it in RNN's state_size check with its own text
(printed by TF 2.21 / Keras 3.15, progs/errors32/p_units.py); tapeflow adds a note naming `units`."""
import numpy as np
import pytest

from framework import keras

STATE_SIZE_TEXT = 'state_size must be an integer, or a list/tuple of integers (one for each state tensor).'


@pytest.mark.parametrize('make', [lambda: keras.layers.GRU(2.5), lambda: keras.layers.SimpleRNN(2.5),
                                  lambda: keras.layers.GRU(2.0), lambda: keras.layers.GRU(np.float32(2)),
                                  lambda: keras.layers.Bidirectional(keras.layers.GRU(2.5)),
                                  lambda: keras.layers.GRU(np.int64(3))])     # NumPy ints too, in Keras 3
def test_float_units_get_keras_state_size_text(make):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == STATE_SIZE_TEXT
    assert any('units' in note for note in info.value.__notes__)


def test_integer_units_still_build():
    assert keras.layers.GRU(3).cell.units == 3
