"""A layer with both save_own_variables and save_assets (progs/kerasio43/p14.py). TF 2.21 (Keras's _save_state)
calls save_own_variables, then save_assets, for .keras and zipped=False saves, and never calls save_assets for a
legacy .h5 file. tapeflow called save_assets first (it collected every layer's asset files before writing the
weights) and called it for .h5 too (to name, in its own warning, layers whose assets .h5 loses)."""
import os

import numpy as np
import pytest

from framework import keras

CALLS = []


class Table(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(2,), initializer='ones', name='w')

    def call(self, x):
        return x * self.w

    def save_own_variables(self, store):
        CALLS.append('save_own')
        super().save_own_variables(store)

    def save_assets(self, dir_path):
        CALLS.append('save_assets')
        with open(os.path.join(dir_path, 'table.txt'), 'w') as f:
            f.write('a')

    def load_assets(self, dir_path):
        CALLS.append('load_assets')


def _model():
    i = keras.Input((2,))
    return keras.Model(i, Table(name='tab')(i))


@pytest.mark.parametrize('name, kwargs', [('m.keras', {}), ('mdir', {'zipped': False})])
def test_own_variables_are_saved_before_assets(tmp_path, name, kwargs):
    CALLS.clear()
    _model().save(str(tmp_path / name), **kwargs)
    assert CALLS == ['save_own', 'save_assets']


def test_h5_never_asks_a_users_layer_for_assets(tmp_path, recwarn):
    CALLS.clear()
    model = _model()
    model.save(str(tmp_path / 'm.h5'))
    assert CALLS == []          # legacy .h5 files the layer's weights, not its own variables or assets
    assert not [w for w in recwarn if 'keeps no assets' in str(w.message)]
    loaded = keras.models.load_model(str(tmp_path / 'm.h5'), custom_objects={'Table': Table})
    np.testing.assert_array_equal(loaded.predict(np.ones((1, 2)), verbose=0), [[1, 1]])
