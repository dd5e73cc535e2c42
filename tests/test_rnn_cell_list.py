"""keras.layers.RNN given a plain list of cells runs them as StackedRNNCells, as Keras 3.

Golden values: keras 3.15 (/opt/tfref): RNN([SimpleRNNCell(3), LSTMCell(2)],
return_sequences=True) on X, its six weights set to cos(arange(size) * 0.37 + i) * 0.5
(i the weight's index, reshaped), the outputs printed with 8 significant digits.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X = np.sin(np.arange(2 * 4 * 3) * 0.7).reshape(2, 4, 3).astype('float32')
KERAS_OUTPUT = [0.1764662, 0.13591056, 0.20957656, 0.20941116, 0.29117733, 0.23196582, 0.33841664, 0.29152626,
                0.13488728, 0.12811966, 0.23981871, 0.19302818, 0.31155154, 0.26066801, 0.30223924, 0.2919836]


def stacked(cells):
    layer = L.RNN(cells, return_sequences=True)
    layer(X)
    layer.set_weights([(np.cos(np.arange(w.size) * 0.37 + i) * 0.5).reshape(w.shape).astype('float32')
                       for i, w in enumerate(layer.get_weights())])
    return layer


@pytest.mark.parametrize('container', [list, tuple])
def test_a_list_of_cells_matches_keras(container):
    layer = stacked(container([L.SimpleRNNCell(3), L.LSTMCell(2)]))
    assert isinstance(layer.cell, L.StackedRNNCells)
    assert [w.shape for w in layer.get_weights()] == [(3, 3), (3, 3), (3,), (3, 8), (2, 8), (8,)]
    np.testing.assert_allclose(layer(X).numpy().ravel(), KERAS_OUTPUT, rtol=0, atol=1e-6)


def test_the_config_round_trips_as_a_stacked_cell():
    layer = stacked([L.SimpleRNNCell(3), L.LSTMCell(2)])
    config = layer.get_config()
    assert config['cell']['class_name'] == 'StackedRNNCells'
    again = L.RNN.from_config(config)
    again(X)
    again.set_weights(layer.get_weights())
    np.testing.assert_array_equal(again(X).numpy(), layer(X).numpy())


def test_bad_lists_raise():
    # Keras 3's texts (TF 2.21): a cell without call / state_size is refused; an empty list is accepted
    # and its call fails in RNN.call with IndexError 'list index out of range'
    with pytest.raises(ValueError, match='^All cells must have a `call` method. Received cell without a `call` '
                                         'method: lstm$'):
        L.RNN([L.SimpleRNNCell(2), 'lstm'])
    with pytest.raises(IndexError, match='list index out of range'):
        L.RNN([])(X)
