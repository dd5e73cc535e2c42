"""evaluate / fit on an empty dataset (take(0): the transfer-learning tutorial's test split of
its one validation batch) warn Keras 3's 'Your input ran out of data' as TF 2.21 does (Keras reads
a cardinality of 0 as unknown); a dataset with batches does not warn."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

RAN_OUT = 'Your input ran out of data; interrupting training.'


def _model():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(loss='mse')
    return model


def _data(n):
    return tf.data.Dataset.from_tensor_slices((np.zeros((4, 2), np.float32), np.zeros((4, 1), np.float32))).batch(2).take(n)


def test_evaluate_on_an_empty_dataset_warns_and_returns_nothing():
    with pytest.warns(UserWarning, match=RAN_OUT):
        assert _model().evaluate(_data(0), verbose=0) == []


def test_fit_on_an_empty_dataset_warns():
    with pytest.warns(UserWarning, match=RAN_OUT):
        assert _model().fit(_data(0), verbose=0, epochs=2).history == {}


def test_a_dataset_with_batches_does_not_warn():
    model = _model()
    with warnings.catch_warnings():
        warnings.filterwarnings('error', message=RAN_OUT)
        model.evaluate(_data(2), verbose=0)
        model.fit(_data(2), verbose=0, epochs=1, shuffle=False)
