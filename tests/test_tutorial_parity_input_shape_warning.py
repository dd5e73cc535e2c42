"""The beginner tutorials start Sequential models with ``Flatten(input_shape=(28, 28))`` or
``Dense(16, input_shape=(FEATURES,))``; Keras 3 (TensorFlow 2.21) answers each with this
UserWarning on stderr (text copied from what it printed), and builds the model all the same.
"""
import warnings

import pytest

from framework import keras

KERAS_WORDS = ('Do not pass an `input_shape`/`input_dim` argument to a layer. When using Sequential models, '
               'prefer using an `Input(shape)` object as the first layer in the model instead.')


def _user_warnings(make):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        made = make()
    return made, [str(w.message) for w in caught if issubclass(w.category, UserWarning)]


@pytest.mark.parametrize('make', [
    lambda: keras.layers.Flatten(input_shape=(28, 28)),
    lambda: keras.layers.Dense(16, activation='elu', input_shape=(28,)),
    lambda: keras.layers.Dense(16, input_dim=28),
    lambda: keras.layers.Normalization(input_shape=[1], axis=None),
])
def test_legacy_input_shape_warns_as_keras(make):
    layer, said = _user_warnings(make)
    assert said == [KERAS_WORDS]
    model, _ = _user_warnings(lambda: keras.Sequential([layer]))
    assert model.built                      # the legacy shape still builds the model


def test_no_warning_without_a_legacy_shape():
    _, said = _user_warnings(lambda: keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)]))
    assert said == []
