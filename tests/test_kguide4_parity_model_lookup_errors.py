"""get_layer without a name or index and set_weights of a wrong shape raise Keras 3's texts
(the weight's path rides as a note). Goldens: /work/notes/progs/kguides4/p18.py under Keras 3 (TF 2.21)."""
import numpy as np
import pytest

from framework import keras


def model():
    inp = keras.Input((5,), name='x')
    return keras.Model(inp, keras.layers.Dense(2, name='o')(keras.layers.Dense(4, name='h', activation='relu')(inp)))


def test_get_layer():
    with pytest.raises(ValueError) as info:
        model().get_layer()
    assert str(info.value) == 'Provide either a layer name or layer index at `get_layer`.'
    with pytest.raises(ValueError) as info:
        model().get_layer('h', 1)
    assert str(info.value) == 'Provide only a layer name or a layer index. Received: index=1, name=h.'


def test_set_weights_of_a_wrong_shape():
    with pytest.raises(ValueError) as info:
        model().get_layer('h').set_weights([np.ones((5, 3)), np.ones(4)])
    assert str(info.value) == 'Layer h weight shape (5, 4) is not compatible with provided weight shape (5, 3).'
    assert "'h/kernel'" in info.value.__notes__[0]
