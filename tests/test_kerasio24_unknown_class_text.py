"""A .keras file naming a class that is not registered fails with Keras 3.15's TypeError text:
'Could not locate class ...', wrapped once per enclosing model ('<class ...Sequential'> could
not be deserialized properly ... config={...}.\\n\\nException encountered: ...'); a functional
model's config reads {} there, as its from_config has popped every key (checked with TF
2.21). tapeflow raised its own 'names unknown layer class(es)' text, now a note."""
import re

import pytest

from framework import keras


class Unlisted(keras.layers.Layer):
    def call(self, x):
        return x


def _text(err):
    return re.sub(r"'shared_object_id': \d+", "'shared_object_id': N", str(err))


def test_sequential_wraps_the_locate_error(tmp_path):
    model = keras.Sequential([keras.Input((3,)), Unlisted(name='sc')], name='sequential')
    model.save(str(tmp_path / 's.keras'))
    with pytest.raises(TypeError) as caught:
        keras.models.load_model(str(tmp_path / 's.keras'))
    text = _text(caught.value)
    assert re.match(r"<class '[a-z_.]+\.Sequential'> could not be deserialized properly\. Please ensure that "
                    r"components that are Python object instances \(layers, models, etc\.\) returned by "
                    r"`get_config\(\)` are explicitly deserialized in the model's `from_config\(\)` method\.\n\n"
                    r"config=\{'module': 'keras', 'class_name': 'Sequential', 'config': \{'name': 'sequential', ", text)
    assert text.endswith(
        "'build_input_shape': [None, 3]}, 'registered_name': None, 'build_config': {'input_shape': [None, 3]}, "
        "'compile_config': {}}.\n\nException encountered: Could not locate class 'Unlisted'. Make sure custom "
        'classes and functions are decorated with `@keras.saving.register_keras_serializable()`. If they are already '
        'decorated, make sure they are all imported so that the decorator is run before trying to load them. Full '
        "object config: {'module': %r, 'class_name': 'Unlisted', 'config': {'name': 'sc', "
        "'activity_regularizer': None, 'trainable': True, 'dtype': {'module': 'keras', 'class_name': 'DTypePolicy', "
        "'config': {'name': 'float32'}, 'registered_name': None}, 'autocast': True}, 'registered_name': 'Unlisted', "
        "'build_config': {'input_shape': [None, 3]}}" % Unlisted.__module__)


def test_functional_config_reads_empty(tmp_path):
    inputs = keras.Input((3,))
    model = keras.Model(inputs, Unlisted(name='sc')(keras.layers.Dense(2, name='d')(inputs)))
    model.save(str(tmp_path / 'f.keras'))
    with pytest.raises(TypeError) as caught:
        keras.models.load_model(str(tmp_path / 'f.keras'))
    text = _text(caught.value)
    assert ("config={'module': 'keras.src.models.functional', 'class_name': 'Functional', 'config': {}, "
            "'registered_name': 'Functional', 'build_config': {'input_shape': None}, 'compile_config': {}}.\n\n"
            "Exception encountered: Could not locate class 'Unlisted'.") in text
    assert text.endswith("'name': 'sc', 'inbound_nodes': [{'args': [{'class_name': '__keras_tensor__', 'config': "
                         "{'shape': [None, 2], 'dtype': 'float32', 'keras_history': ['d', 0, 0]}}], 'kwargs': {}}]}")


def test_nested_models_wrap_once_per_level(tmp_path):
    inner = keras.Sequential([keras.Input((3,)), Unlisted(name='sc')], name='inner')
    outer = keras.Sequential([keras.Input((3,)), inner], name='outer')
    outer.save(str(tmp_path / 'n.keras'))
    with pytest.raises(TypeError) as caught:
        keras.models.load_model(str(tmp_path / 'n.keras'))
    assert str(caught.value).count('could not be deserialized properly') == 2
    assert 'custom_objects' in ' '.join(getattr(caught.value, '__notes__', []))
