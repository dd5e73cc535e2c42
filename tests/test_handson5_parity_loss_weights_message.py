"""compile(loss='mse', loss_weights=[0.9, 0.1]) on a two-output model (Hands-On ML's subclassed
WideAndDeepModel) fails at fit with Keras 3.15's own words as the whole message.

TensorFlow 2.21 + Keras 3.15: ValueError '`loss_weights` must match the number of losses, got 1
losses and 2 weights.' tapeflow appended its hint in parentheses; it rides as a note now.
"""
import numpy as np
import pytest

from framework import keras


def test_one_loss_with_two_weights_reads_as_keras():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, [keras.layers.Dense(1)(inputs), keras.layers.Dense(1)(inputs)])
    model.compile(loss='mse', loss_weights=[0.9, 0.1], optimizer='sgd')
    x, y = np.ones((4, 3), np.float32), np.ones((4, 1), np.float32)
    with pytest.raises(ValueError) as info:
        model.fit(x, (y, y), epochs=1, verbose=0)
    assert str(info.value) == '`loss_weights` must match the number of losses, got 1 losses and 2 weights.'
    assert any('loss per output' in note for note in info.value.__notes__)
