"""load_model(..., compile=False) of a .keras file whose custom layer is missing: the TypeError shows the
model config with 'compile_config': None, as Keras 3's loader sets it before deserializing.

Golden text printed by TF 2.21 (/work/notes/progs/kerasio42/p11.py):
    i = keras.Input((3,)); m = keras.Model(i, keras.layers.Dense(2)(Scale()(i))); m.save('f.keras')
    keras.models.load_model('f.keras', compile=False)      # Scale not registered nor given
    -> TypeError "<class 'keras.src.models.functional.Functional'> could not be deserialized properly. ...
       config={..., 'build_config': {'input_shape': None}, 'compile_config': None}. ..."
    (plain load_model: the same text with 'compile_config': {})
"""
import numpy as np
import pytest

from framework import keras


class Scale(keras.layers.Layer):
    def call(self, x):
        return x * 2.0


def _saved(tmp_path):
    i = keras.Input((3,))
    model = keras.Model(i, keras.layers.Dense(2)(Scale()(i)))
    path = str(tmp_path / 'f.keras')
    model.save(path)
    return path, model


@pytest.mark.parametrize('compile, shown', [(False, "'compile_config': None}."), (True, "'compile_config': {}}.")])
def test_missing_class_text_shows_the_compile_config_as_loaded(tmp_path, compile, shown):
    path, _ = _saved(tmp_path)
    with pytest.raises(TypeError) as caught:
        keras.models.load_model(path, compile=compile)
    text = str(caught.value)
    assert "config={'module': 'keras.src.models.functional', 'class_name': 'Functional', 'config': {}, " \
           "'registered_name': 'Functional', 'build_config': {'input_shape': None}, " + shown in text
    assert "Exception encountered: Could not locate class 'Scale'." in text


def test_compile_false_with_the_class_loads_uncompiled(tmp_path):
    path, model = _saved(tmp_path)
    model.compile('adam', 'mse')
    model.save(path)
    loaded = keras.models.load_model(path, custom_objects={'Scale': Scale}, compile=False)
    x = np.arange(6, dtype='float32').reshape(2, 3)
    np.testing.assert_array_equal(loaded(x).numpy(), model(x).numpy())
    with pytest.raises(ValueError, match='You must call `compile\\(\\)` before using the model.'):
        loaded.evaluate(x, np.zeros((2, 2), 'float32'), verbose=0)
