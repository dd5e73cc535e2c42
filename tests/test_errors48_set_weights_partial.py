"""set_weights assigns weight after weight, as Keras 3's loop does on TF 2.21: an array that does not fit is
refused after the weights before it took their new values (set_weights([zeros((3, 2)), zeros((3,))]) on a Dense(2)
of 3 inputs zeroes the kernel, then raises for the bias); tapeflow checked every array first and assigned none.
A count that differs is refused before any assignment, as in Keras. Printed by TF 2.21
(/work/notes/progs/errors48/c16.txt)."""
import numpy as np
import pytest

from framework import keras


def _dense():
    layer = keras.layers.Dense(2, bias_initializer='ones')
    layer.build((None, 3))
    return layer


def test_the_weights_before_the_misfit_are_assigned():
    layer = _dense()
    with pytest.raises(ValueError) as info:
        layer.set_weights([np.zeros((3, 2)), np.zeros((3,))])
    assert str(info.value) == ('Layer %s weight shape (2,) is not compatible with provided weight shape (3,).'
                               % layer.name)
    assert np.array_equal(layer.kernel.numpy(), np.zeros((3, 2)))      # TF 2.21: assigned
    assert np.array_equal(layer.bias.numpy(), np.ones(2))               # TF 2.21: kept


def test_a_model_assigns_in_weight_order_too():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, bias_initializer='ones')])
    with pytest.raises(ValueError, match='is not compatible with provided weight shape'):
        model.set_weights([np.full((3, 2), 5.0), np.zeros((3,))])
    assert np.array_equal(model.get_weights()[0], np.full((3, 2), 5.0))
    assert np.array_equal(model.get_weights()[1], np.ones(2))


def test_a_wrong_count_assigns_nothing():
    layer = _dense()
    before = layer.get_weights()
    with pytest.raises(ValueError, match='with a weight list of length 1, but the layer was expecting 2 weights'):
        layer.set_weights([np.zeros((3, 2))])
    assert all(np.array_equal(a, b) for a, b in zip(before, layer.get_weights()))
