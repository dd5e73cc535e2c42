"""GRU / GRUCell keep reset_after as given, as Keras 3 does (get_config and the attribute), and read it by truth:
GRU(2, reset_after=0) has the (6,) bias of reset_after=False, reset_after='x' the (2, 6) one.
Goldens: /work/notes/progs/layers27/gru_ra.py, run under TF 2.21 (tapeflow stored bool(reset_after)).
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('value, bias_shape', [('x', (2, 6)), (0, (6,)), (1, (2, 6)), (None, (6,)), (0.0, (6,))])
def test_reset_after_as_given(value, bias_shape):
    cell = L.GRUCell(2, reset_after=value)
    assert repr(cell.get_config()['reset_after']) == repr(value) and repr(cell.reset_after) == repr(value)
    layer = L.GRU(2, reset_after=value)
    assert repr(layer.get_config()['reset_after']) == repr(value) and repr(layer.reset_after) == repr(value)
    layer(np.ones((1, 2, 3), 'float32'))
    assert [tuple(w.shape) for w in layer.weights] == [(3, 6), (2, 6), bias_shape]


def test_a_falsy_value_runs_as_false():
    x = np.linspace(-1, 1, 12, dtype='float32').reshape(2, 2, 3)
    zero, false = L.GRU(2, reset_after=0), L.GRU(2, reset_after=False)
    zero(x)
    false(x)
    false.set_weights(zero.get_weights())
    np.testing.assert_array_equal(zero(x).numpy(), false(x).numpy())
