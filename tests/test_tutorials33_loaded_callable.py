"""guide/intro_to_modules and saved_model: TF 2.21 saves a tf.Module's tf.functions, not its plain Python, so a
module whose __call__ is a plain method, or a Keras model, loads as a _UserObject that is not callable:
callable(loaded) is False and loaded(x) raises TypeError "'_UserObject' object is not callable" (tapeflow ran
the pickled Python). A tf.function __call__ stays callable. Values: TF 2.21 (notes
progs/tutorials33/m9_loaded_callable.py)."""
import pytest

import framework as tf
from framework import keras


class Plain(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)

    def __call__(self, x):
        return x * self.w


class Traced(Plain):
    @tf.function
    def __call__(self, x):
        return x * self.w


def test_a_plain_call_is_not_saved(tmp_path):
    tf.saved_model.save(Plain(), str(tmp_path / 'p'))
    loaded = tf.saved_model.load(str(tmp_path / 'p'))
    assert not callable(loaded) and type(loaded).__name__ == '_UserObject'
    with pytest.raises(TypeError, match="^'_UserObject' object is not callable$"):
        loaded(tf.constant(3.0))
    assert float(loaded.w) == 2.0


def test_a_keras_model_loads_without_a_call(tmp_path):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])
    tf.saved_model.save(model, str(tmp_path / 'k'))
    loaded = tf.saved_model.load(str(tmp_path / 'k'))
    assert not callable(loaded)
    with pytest.raises(TypeError, match="^'_UserObject' object is not callable$"):
        loaded(tf.constant([[1.0, 2.0]]))
    out = loaded.signatures['serving_default'](tf.constant([[1.0, 2.0]]))
    assert out['output_0'].numpy().tolist() == [[3.0]]


def test_a_traced_call_stays_callable(tmp_path):
    module = Traced()
    module(tf.constant(3.0))
    tf.saved_model.save(module, str(tmp_path / 't'))
    loaded = tf.saved_model.load(str(tmp_path / 't'))
    assert callable(loaded) and float(loaded(tf.constant(3.0))) == 6.0
