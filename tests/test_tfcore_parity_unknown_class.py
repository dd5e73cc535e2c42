"""Loading a model whose custom class is not registered (the modules guide reloads its FlexibleDense
model): Keras 3 refuses a .keras file with TypeError and a legacy .h5 file with ValueError; tapeflow's
error answers to the same class (and stays a ValueError, the class it raised before). Classes seen:
TensorFlow 2.21 + Keras 3 (/opt/tfref) loading the same files."""
import pytest

import framework as tf
from framework import keras


class Scale(keras.layers.Layer):
    def call(self, x):
        return x * 2


def _model():
    return keras.Sequential([keras.Input((2,)), Scale()])


def test_a_keras_file_refuses_with_type_error(tmp_path):
    path = str(tmp_path / 's.keras')
    _model().save(path)
    with pytest.raises(TypeError, match=r"unknown layer class\(es\) \['Scale'\]"):
        keras.models.load_model(path)
    with pytest.raises(ValueError):
        keras.models.load_model(path)
    assert keras.models.load_model(path, custom_objects={'Scale': Scale})(tf.ones([1, 2])).numpy().tolist() == [[2, 2]]


def test_a_legacy_h5_file_refuses_with_value_error_only(tmp_path):
    path = str(tmp_path / 's.h5')
    _model().save(path)
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(path)
    assert not isinstance(caught.value, TypeError)
