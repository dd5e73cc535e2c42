"""A load_own_variables that raises: Keras 3 collects the error and raises its own 'A total of N
objects could not be loaded' ValueError after its loop, outside any handler, so the traceback a
user sees is that one error alone (no 'The above exception was the direct cause' block above it).

Goldens: TF 2.21 + Keras 3.15 running progs/kerasio21/cause.py and custsave1.py (keras.io's
customizing-saving guide, whose load_own_variables assigns store['0'] to my_variable and fails on
3.15): str(e) as pinned, e.__cause__ None and e.__context__ None for load_model and load_weights.
"""
import traceback

import numpy as np
import pytest

from framework import keras


class _Own(keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(shape=(2,), initializer='ones', name='scale')

    def call(self, x):
        return x * self.scale

    def save_own_variables(self, store):
        store['other'] = np.zeros(2)

    def load_own_variables(self, store):
        self.scale.assign(store['scale'])


TEXT = ("A total of 1 objects could not be loaded. Example error message for object <_Own name=own, built=True>:"
        "\n\n'scale'\n\nList of objects that could not be loaded:\n[<_Own name=own, built=True>]")


def _model():
    return keras.Sequential([keras.Input((2,)), _Own(name='own')])


def test_load_model_raises_keras_error_without_a_chained_cause(tmp_path):
    path = str(tmp_path / 'c.keras')
    _model().save(path)
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(path, custom_objects={'_Own': _Own})
    assert str(caught.value) == TEXT
    assert caught.value.__cause__ is None and caught.value.__context__ is None
    printed = ''.join(traceback.format_exception(caught.value))
    assert 'direct cause' not in printed and 'During handling' not in printed
    assert printed.count('Traceback (most recent call last)') == 1


def test_load_weights_raises_keras_error_without_a_chained_cause(tmp_path):
    path = str(tmp_path / 'c.weights.h5')
    model = _model()
    model.save_weights(path)
    with pytest.raises(ValueError) as caught:
        model.load_weights(path)
    assert str(caught.value) == TEXT
    assert caught.value.__cause__ is None and caught.value.__context__ is None
