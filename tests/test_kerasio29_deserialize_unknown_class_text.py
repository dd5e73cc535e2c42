"""deserialize_keras_object of a class found nowhere raises Keras 3's TypeError text.

tapeflow's words were its own ("Could not locate class 'Nope' (module None) ... or passed in
custom_objects=..."); Keras 3.15's are serialization_lib's, the advice now rides as a note.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t05_serialize.py).
"""
import pytest

from framework import keras

KERAS_WORDS = ('Make sure custom classes and functions are decorated with '
               '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all '
               'imported so that the decorator is run before trying to load them. Full object config: ')


def test_unknown_class_without_module():
    with pytest.raises(TypeError) as info:
        keras.saving.deserialize_keras_object({'class_name': 'Nope', 'config': {}})
    assert str(info.value) == "Could not locate class 'Nope'. " + KERAS_WORDS + "{'class_name': 'Nope', 'config': {}}"
    assert any('custom_objects' in note for note in info.value.__notes__)


def test_keras_class_under_an_unknown_module():
    config = {'module': 'nope', 'class_name': 'Dense', 'config': {'units': 3}}
    with pytest.raises(TypeError) as info:
        keras.saving.deserialize_keras_object(config)
    assert str(info.value) == ("Could not locate class 'Dense'. " + KERAS_WORDS
                               + "{'module': 'nope', 'class_name': 'Dense', 'config': {'units': 3}}")
