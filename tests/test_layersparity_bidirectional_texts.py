"""Bidirectional refuses mismatched forward / backward layers in Keras 3.15's words (tapeflow's own text,
now a note)."""
import pytest

from framework import keras

L = keras.layers


def test_same_direction_in_keras_words():
    with pytest.raises(ValueError) as caught:
        L.Bidirectional(L.LSTM(3), backward_layer=L.GRU(3))
    assert str(caught.value) == ('Forward layer and backward layer should have different `go_backwards` value. '
                                 'Received: forward_layer.go_backwards False, backward_layer.go_backwards=False')


@pytest.mark.parametrize('attribute', ['return_sequences', 'return_state'])
def test_disagreeing_attribute_in_keras_words(attribute):
    with pytest.raises(ValueError) as caught:
        L.Bidirectional(L.LSTM(3), backward_layer=L.GRU(3, go_backwards=True, **{attribute: True}))
    assert str(caught.value) == ('Forward layer and backward layer are expected to have the same value for attribute '
                                 '"%s", got "False" for forward layer and "True" for backward layer' % attribute)
