"""An optimizer whose learning rate is a named function serializes it as Keras 3.15 does.

Keras's get_config writes {'module': 'builtins', 'class_name': 'function', 'config': name,
'registered_name': 'function'}; from_config finds it again through custom_objects (or raises
TypeError "Could not locate function ..."), and model.save works (tapeflow's config held the
function object, which json could not write). Values from TF 2.21 / Keras 3.15.
"""
import numpy as np
import pytest

from framework import keras


def my_lr():
    return 0.01


ENTRY = {'module': 'builtins', 'class_name': 'function', 'config': 'my_lr', 'registered_name': 'function'}


def test_get_config_names_the_function():
    assert keras.optimizers.SGD(learning_rate=my_lr).get_config()['learning_rate'] == ENTRY


def test_from_config_finds_it_through_custom_objects_and_writes_it_back():
    config = keras.optimizers.Adam(learning_rate=my_lr).get_config()
    restored = keras.optimizers.Adam.from_config(config, custom_objects={'my_lr': my_lr})
    assert restored.learning_rate == pytest.approx(0.01)
    assert config['learning_rate'] is my_lr      # Keras deserializes into the given dict


def test_from_config_without_it_raises_keras_text():
    config = keras.optimizers.SGD(learning_rate=my_lr).get_config()
    with pytest.raises(TypeError, match="^Could not locate function 'my_lr'. Make sure custom classes"):
        keras.optimizers.SGD.from_config(config)


def test_model_with_a_function_learning_rate_saves_and_loads(tmp_path):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=my_lr), loss='mse')
    model.fit(np.ones((4, 2), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras', custom_objects={'my_lr': my_lr})
    assert loaded.optimizer.get_config()['learning_rate'] == ENTRY
