"""Registered custom layers and models are named in saved configs as Keras 3 names them.

Keras 3.15 (serialization_lib.serialize_keras_object) writes, for a class it
does not export: 'module' the class's module (None for a script's __main__),
'class_name' the class's name and 'registered_name' its registered name
('Package>Name'); in a legacy .h5 model_config a layer's 'class_name' is the
registered name. Checked by saving such models with Keras 3.15 (a Sequential
holding a registered ParityScale layer, and a registered subclassed model).
"""
import json
import zipfile

import h5py
import numpy as np
import pytest

from framework import keras


@keras.saving.register_keras_serializable(package='ParityPkg')
class ParityScale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.w = self.add_weight(name='w', shape=(input_shape[-1],), initializer='ones')

    def call(self, x):
        return x * self.w * self.factor

    def get_config(self):
        return dict(super().get_config(), factor=self.factor)


@keras.saving.register_keras_serializable(package='ParityPkg')
class ParityTwoDense(keras.Model):
    def __init__(self, units=4, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.first = keras.layers.Dense(units, activation='relu')
        self.second = keras.layers.Dense(1)

    def call(self, x):
        return self.second(self.first(x))

    def get_config(self):
        return dict(super().get_config(), units=self.units)


def _with_scale():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), ParityScale(3.0)])


def test_registered_layer_is_named_by_module_and_registered_name(tmp_path):
    _with_scale().save(tmp_path / 'm.keras')
    with zipfile.ZipFile(tmp_path / 'm.keras') as archive:
        entry = json.loads(archive.read('config.json'))['config']['layers'][-1]
    assert (entry['module'], entry['class_name'], entry['registered_name']) == \
        (ParityScale.__module__, 'ParityScale', 'ParityPkg>ParityScale')
    assert entry['build_config'] == {'input_shape': [None, 2]}


def test_a_class_from_a_script_has_no_module(monkeypatch):
    monkeypatch.setattr(ParityScale, '__module__', '__main__')
    entry = json.loads(_with_scale().to_json())['config']['layers'][-1]
    assert (entry['module'], entry['registered_name']) == (None, 'ParityPkg>ParityScale')


def test_legacy_h5_names_a_registered_layer_by_its_registered_name(tmp_path):
    model = _with_scale()
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        entry = json.loads(f.attrs['model_config'])['config']['layers'][-1]
    assert sorted(entry) == ['class_name', 'config'] and entry['class_name'] == 'ParityPkg>ParityScale'
    loaded = keras.models.load_model(tmp_path / 'm.h5')
    x = np.ones((2, 3), 'float32')
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))


def test_registered_subclassed_model_config_and_h5_round_trip(tmp_path):
    model = ParityTwoDense(4)
    model.compile(optimizer='adam', loss='mean_squared_error')     # ('mse' would not load from .h5, as in Keras)
    x, y = np.linspace(-1, 1, 24, dtype='float32').reshape(8, 3), np.ones((8, 1), 'float32')
    model.fit(x, y, epochs=1, batch_size=4, verbose=0)
    config = json.loads(model.to_json())
    assert (config['module'], config['class_name'], config['registered_name']) == \
        (ParityTwoDense.__module__, 'ParityTwoDense', 'ParityPkg>ParityTwoDense')
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        saved = json.loads(f.attrs['model_config'])
    # Keras's legacy root, as TF 2.21 writes it: the class's own name and its get_config(), nothing else
    assert sorted(saved) == ['class_name', 'config'] and saved['class_name'] == 'ParityTwoDense'
    # which its legacy loader looks up in custom_objects only (TF 2.21: "Unknown layer: 'ParityTwoDense'. ...")
    with pytest.raises(ValueError, match="^Unknown layer: 'ParityTwoDense'"):
        keras.models.load_model(tmp_path / 'm.h5')


def test_subclassed_model_from_a_legacy_h5_without_build_config(tmp_path):
    # Keras's own .h5 of a subclassed model holds no build_config: Keras 3 loads the weights into the
    # unbuilt model, which has none, and TF 2.21 refuses them
    model = ParityTwoDense(4)
    model(np.ones((1, 3), 'float32'))
    model.save(tmp_path / 'm.h5')
    with pytest.raises(ValueError) as info:
        keras.models.load_model(tmp_path / 'm.h5', custom_objects={'ParityTwoDense': ParityTwoDense})
    assert str(info.value) == ('Layer count mismatch when loading weights from file. Model expected 0 layers, '
                               'found 2 saved layers.')
