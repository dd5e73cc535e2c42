"""A .keras config naming a class its Keras module lacks, or naming no class, fails in TF 2.21's words.

Keras 3's _retrieve_class_or_fn imports a Keras package's module ('keras.layers') and raises a
ValueError, which no enclosing from_config wraps, when the class is not there; a config.json with
no class deserializes to itself and is refused when Keras walks it for its weights. Golden texts
printed by TF 2.21 (/work/notes/progs/kerasio37/p37.py): a saved Sequential's config.json edited.
"""
import json
import zipfile

import pytest

from framework import keras


def _edited(tmp_path, edit):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')])
    model.save(tmp_path / 'a.keras')
    with zipfile.ZipFile(tmp_path / 'a.keras') as source:
        members = {name: source.read(name) for name in source.namelist()}
    members['config.json'] = edit(members['config.json'])
    with zipfile.ZipFile(tmp_path / 'b.keras', 'w') as target:
        for name, data in members.items():
            target.writestr(name, data)
    return tmp_path / 'b.keras'


def test_a_class_missing_from_its_keras_module(tmp_path):
    path = _edited(tmp_path, lambda text: text.replace(b'"Dense"', b'"Dense9"'))
    with pytest.raises(ValueError) as error:
        keras.models.load_model(path)
    assert str(error.value) == "Could not deserialize 'keras.layers.Dense9' because it is not a KerasSaveable subclass"
    assert type(error.value).__name__ == 'ValueError'


@pytest.mark.parametrize('config,shown', [({'config': {}}, "{'config': {}}"), ([1, 2], '[1, 2]')])
def test_a_config_naming_no_class(tmp_path, config, shown):
    path = _edited(tmp_path, lambda text: json.dumps(config).encode())
    with pytest.raises(ValueError) as error:
        keras.models.load_model(path)
    assert str(error.value) == 'Expected object to be an instance of `KerasSaveable`, but got %s of type %s' \
        % (shown, type(config))
