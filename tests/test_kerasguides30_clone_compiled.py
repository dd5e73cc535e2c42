"""clone_model of a compiled model compiles the clone from get_compile_config(), as Keras 3: its optimizer
keeps the name ('adam', was 'adam_1'), is built when the clone is (6 variables for a Dense(1) under
Adam, was unbuilt: loading a weights file then warned 'Skipping variable loading for optimizer'), and an
unregistered loss function is Keras's TypeError. Values from TF 2.21 (progs/kerasguides30/p_clone*.py)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def _trained():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(optimizer='adam', loss='mse')
    model.fit(np.ones((8, 4), 'float32'), np.ones((8, 1), 'float32'), epochs=1, verbose=0)
    return model


def test_clone_has_a_built_optimizer_of_the_same_name():
    model = _trained()
    clone = keras.models.clone_model(model)
    assert clone.optimizer is not model.optimizer
    assert (clone.optimizer.name, clone.optimizer.built, len(clone.optimizer.variables)) == ('adam', True, 6)
    rms = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    rms.compile(optimizer='rmsprop', loss='mse')
    other = keras.models.clone_model(rms)
    assert (other.optimizer.name, other.optimizer.built, other.loss) == ('rm_sprop', True, 'mse')


def test_weights_file_loads_into_the_clone_without_warning(tmp_path):
    model = _trained()
    path = str(tmp_path / 'm.weights.h5')
    model.save_weights(path)
    clone = keras.models.clone_model(model)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        clone.load_weights(path)


def test_unregistered_loss_function_is_kerass_type_error():
    def my_loss(a, b):
        return tf.reduce_mean(tf.square(a - b), axis=-1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss=my_loss)
    with pytest.raises(TypeError, match="^Could not locate function 'my_loss'. Make sure custom classes"):
        keras.models.clone_model(model)
