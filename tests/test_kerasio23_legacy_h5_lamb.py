"""A legacy .h5 of a model compiled with Lamb, loaded with compile=True, pinned to Keras 3.15 / TF 2.21.

Keras's optimizers.deserialize knows only its ALL_OBJECTS (Lamb is not one): the legacy loader then
asks optimizers.get for the saved config's name, which raises; the .keras path finds Lamb."""
import numpy as np
import pytest

from framework import keras


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Lamb(name='lamb'), 'mean_squared_error')
    model.fit(np.ones((2, 2), 'float32'), np.zeros((2, 1), 'float32'), epochs=1, verbose=0)
    return model


def test_legacy_h5_with_lamb_refuses_to_compile_with_keras_words(tmp_path):
    model = _model()
    model.save(tmp_path / 'm.h5')
    # TF 2.21: ValueError: Could not interpret optimizer identifier: lamb (not a wrapped file error)
    with pytest.raises(ValueError) as info:
        keras.models.load_model(tmp_path / 'm.h5')
    assert str(info.value) == 'Could not interpret optimizer identifier: lamb'
    loaded = keras.models.load_model(tmp_path / 'm.h5', compile=False)
    np.testing.assert_array_equal(loaded.get_weights()[0], model.get_weights()[0])


def test_keras_file_with_lamb_loads_compiled(tmp_path):
    model = _model()
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert type(loaded.optimizer).__name__ == 'Lamb' and int(loaded.optimizer.iterations.numpy()) == 1
