"""model.save('m.h5') serializes layers as Keras 3's legacy writer does (use_legacy_config): no layer is
asked for its build config, so a custom layer whose get_build_config raises saves to .h5 on TF 2.21 (and
fails to .keras, whose serializer asks: 'boom build'). tapeflow asked and failed both (notes
progs/kerasio46/p6.py)."""
import json

import h5py
import numpy as np
import pytest

from framework import keras


class BuildConfigRefused(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1],), initializer='ones')

    def call(self, x):
        return x * self.w

    def get_build_config(self):
        raise RuntimeError('boom build')


def _model():
    return keras.Sequential([keras.Input((2,)), BuildConfigRefused(name='refuses')])


def test_h5_save_does_not_ask_layers_for_build_configs(tmp_path):
    path = str(tmp_path / 'm.h5')
    _model().save(path)
    with h5py.File(path, 'r') as f:
        config = json.loads(f.attrs['model_config'])
        entry = config['config']['layers'][1]
        # TF 2.21 writes the layer as {'class_name': 'BuildConfigRefused', 'config': {...}}
        assert sorted(entry) == ['class_name', 'config'] and entry['class_name'] == 'BuildConfigRefused'
    loaded = keras.models.load_model(path, custom_objects={'BuildConfigRefused': BuildConfigRefused})
    np.testing.assert_array_equal(loaded.predict(np.array([[2.0, 3.0]]), verbose=0), [[2.0, 3.0]])


def test_keras_save_still_asks(tmp_path):
    with pytest.raises(RuntimeError, match='boom build'):
        _model().save(str(tmp_path / 'm.keras'))
