"""keras.layers.deserialize of a function entry it cannot find names the function, as Keras 3.

TF 2.21 (progs/kerasio45/p6.py, /tmp/k45lf.py):
    keras.layers.deserialize({'class_name': 'function', 'config': 'nope'})
    # TypeError: Could not locate function 'nope'. Make sure custom classes and functions are decorated ...
tapeflow said "Could not locate class 'function'".
"""
import pytest

from framework import keras

TAIL = ('. Make sure custom classes and functions are decorated with `@keras.saving.register_keras_serializable()`. '
        'If they are already decorated, make sure they are all imported so that the decorator is run before trying to '
        'load them. Full object config: ')


@pytest.mark.parametrize('config', [{'class_name': 'function', 'config': 'nope'},
                                    {'module': 'builtins', 'class_name': 'function', 'config': 'nope',
                                     'registered_name': 'function'}])
def test_an_unknown_function_entry_is_named_by_its_function(config):
    with pytest.raises(TypeError) as info:
        keras.layers.deserialize(dict(config))
    assert str(info.value) == "Could not locate function 'nope'" + TAIL + str(config)


def test_a_known_function_is_no_layer():
    config = {'module': 'builtins', 'class_name': 'function', 'config': 'relu', 'registered_name': 'function'}
    with pytest.raises(ValueError) as info:
        keras.layers.deserialize(dict(config))
    assert str(info.value) == ('`keras.layers.deserialize` was passed a `config` object that is not a '
                               '`keras.layers.Layer`. Received: %s' % config)
