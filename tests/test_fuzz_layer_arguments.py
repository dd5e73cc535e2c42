"""Layer constructor and call arguments that Keras 3 refuses, refused here too (found by fuzzing
every layer's arguments under Keras 3.15 on TF 2.21 and under tapeflow)."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make', [lambda v: L.Dense(3, trainable=v), lambda v: L.Conv2D(2, 3, trainable=v),
                                  lambda v: L.Dropout(0.5, trainable=v), lambda v: L.LSTM(2, trainable=v)])
@pytest.mark.parametrize('value', ['a', 1, None])
def test_trainable_must_be_a_bool(make, value):
    # Keras 3: ValueError "Expected `trainable` to be a boolean. Received: trainable=a (of type <class 'str'>)"
    with pytest.raises(ValueError, match='Expected `trainable` to be a boolean. Received: trainable=%s' % value):
        make(value)


def test_trainable_bools_still_work():
    assert L.Dense(3, trainable=False).trainable is False and L.Dense(3).trainable is True
