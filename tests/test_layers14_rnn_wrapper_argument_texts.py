"""Keras 3's words (TF 2.21, notes/progs/layers14/err1.py) for a Bidirectional backward_layer that is not a layer and for
StackedRNNCells' cells; an empty list of cells is accepted, as in Keras, and fails when the RNN runs:
    keras.layers.Bidirectional(keras.layers.LSTM(3), backward_layer=3)
        -> ValueError '`backward_layer` need to be a `keras.layers.Layer` instance. Received: 3'
    keras.layers.StackedRNNCells([keras.layers.Dense(3)])
        -> ValueError 'All cells must have a `state_size` attribute. Received cell without a `state_size`: <Dense name=dense, built=False>'
    keras.layers.StackedRNNCells([3]) -> ValueError 'All cells must have a `call` method. Received cell without a `call` method: 3'
    keras.layers.RNN([]) -> <RNN name=rnn, built=False>; RNN([])(np.ones((2, 5, 3))) -> IndexError 'list index out of range'
        (in the call banner 'Exception encountered when calling RNN.call().'); StackedRNNCells([]).state_size -> []
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def test_backward_layer_that_is_not_a_layer():
    with pytest.raises(ValueError, match=r'^`backward_layer` need to be a `keras.layers.Layer` instance. Received: 3$'):
        L.Bidirectional(L.LSTM(3), backward_layer=3)


def test_stacked_cells_texts():
    keras.backend.clear_session()
    with pytest.raises(ValueError, match=r'^All cells must have a `state_size` attribute. Received cell without a '
                                         r'`state_size`: <Dense name=dense, built=False>$'):
        L.StackedRNNCells([L.Dense(3)])
    with pytest.raises(ValueError, match=r'^All cells must have a `call` method. Received cell without a `call` '
                                         r'method: 3$'):
        L.StackedRNNCells([3])


def test_empty_list_of_cells_fails_in_the_call():
    assert L.StackedRNNCells([]).state_size == []
    layer = L.RNN([])
    with pytest.raises(IndexError, match='list index out of range') as caught:
        layer(np.ones((2, 5, 3), 'float32'))
    assert 'Exception encountered when calling RNN.call()' in str(caught.value)
