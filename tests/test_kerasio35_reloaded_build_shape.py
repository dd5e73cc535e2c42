"""A layer rebuilt from a saved build config gets the shape as the config holds it, as Keras 3's
build_from_config passes it to ``build``: after ``load_model`` a JSON list. TF 2.21 prints a custom
layer's ``build(input_shape)`` argument as ``[None, 5]`` on reload and ``get_build_config()`` of every
reloaded layer as ``{'input_shape': [None, 5]}``; tapeflow turned the list into a tuple.
A config kept in memory (``deserialize(serialize(layer))``) holds a tuple, and so builds with it.
Values printed by TF 2.21 running the same code (/work/notes/progs/kerasio35/t_buildprint.py).
"""
import pytest

from framework import keras


@pytest.fixture
def saved(tmp_path):
    keras.backend.clear_session()
    built_with = []

    class Printing(keras.layers.Layer):
        def build(self, input_shape):
            built_with.append(input_shape)
            self.w = self.add_weight(shape=(input_shape[-1],), initializer='ones', name='w')

        def call(self, x):
            return x * self.w

    model = keras.Sequential([keras.Input((5,)), Printing(name='p'), keras.layers.Dense(2, name='d')])
    model.save(str(tmp_path / 'm.keras'))
    return model, Printing, built_with, str(tmp_path / 'm.keras')


def test_a_reloaded_custom_build_gets_the_saved_list(saved):
    model, printing, built_with, path = saved
    assert built_with == [(None, 5)]
    keras.models.load_model(path, custom_objects={'Printing': printing})
    assert built_with[1] == [None, 5] and type(built_with[1]) is list


def test_reloaded_layers_give_back_the_saved_list(saved):
    model, printing, built_with, path = saved
    loaded = keras.models.load_model(path, custom_objects={'Printing': printing})
    assert repr([layer.get_build_config() for layer in loaded.layers]) == \
        "[{'input_shape': [None, 5]}, {'input_shape': [None, 5]}]"
    # the model's own build config is as it was
    assert repr(loaded.get_build_config()) == "{'input_shape': (None, 5)}"


def test_model_from_json_builds_with_the_list_too(saved):
    model, printing, built_with, path = saved
    with keras.saving.custom_object_scope({'Printing': printing}):
        rebuilt = keras.models.model_from_json(model.to_json())
    assert built_with[1] == [None, 5] and type(built_with[1]) is list
    assert repr(rebuilt.layers[1].get_build_config()) == "{'input_shape': [None, 5]}"


def test_an_in_memory_config_keeps_its_tuple(saved):
    model, printing, built_with, path = saved
    with keras.saving.custom_object_scope({'Printing': printing}):
        copy = keras.layers.deserialize(keras.layers.serialize(model.layers[0]))
        clone = keras.Sequential.from_config(model.get_config())
    assert built_with[1:] == [(None, 5), (None, 5)]
    assert repr(copy.get_build_config()) == "{'input_shape': (None, 5)}"
    assert repr(clone.layers[1].get_build_config()) == "{'input_shape': (None, 5)}"
