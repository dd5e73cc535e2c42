"""Keras 2's compile(optimizer, loss, metrics) order under Keras 3: the metrics land in loss_weights.

TF 2.21 / Keras 3.15 compiles, then fit and evaluate multiply the loss by the string and fail in
Keras's type promotion; tapeflow failed in float() with Python's words.
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('weights', [['mae'], ('acc',), {'dense': 'mae'}])
@pytest.mark.parametrize('run', ['fit', 'evaluate'])
def test_string_loss_weights_fail_in_keras_type_promotion(weights, run):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, name='dense')])
    model.compile('sgd', 'mse', weights)
    x, y = np.ones((8, 3), 'float32'), np.ones((8, 1), 'float32')
    with pytest.raises(ValueError, match=r"^dtype='string' is not a valid dtype for Keras type promotion\.") as info:
        getattr(model, run)(x, y, verbose=0)
    assert 'loss_weights' in str(info.value.__notes__)
