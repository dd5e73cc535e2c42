"""The serialization guide's save_own_variables / load_own_variables hooks (Keras 3.15).

Expected entries and values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for the
same program (/work/notes/progs/kguides/ser.py); its files load on either side (xload.py).
"""
import zipfile

import h5py
import numpy as np
import pytest

from framework import keras


class LayerWithCustomVariable(keras.layers.Dense):
    def __init__(self, units, **kwargs):
        super().__init__(units, **kwargs)
        self.my_variable = keras.Variable(np.full((units,), 0.25), name='my_variable', dtype='float32')

    def save_own_variables(self, store):
        super().save_own_variables(store)
        store['variables'] = self.my_variable.numpy()

    def load_own_variables(self, store):
        super().load_own_variables(store)
        self.my_variable.assign(store['variables'])

    def call(self, inputs, *args, **kwargs):
        return super().call(inputs, *args, **kwargs) + self.my_variable


def _saved_model(tmp_path):
    model = keras.Sequential([keras.Input((3,)), LayerWithCustomVariable(1, kernel_initializer='ones')])
    path = str(tmp_path / 'custom_vars_model.keras')
    model.save(path)
    return model, path


def test_the_layers_hook_chooses_the_entries_of_its_vars_group(tmp_path):
    _, path = _saved_model(tmp_path)
    with zipfile.ZipFile(path) as archive, h5py.File(archive.open('model.weights.h5')) as weights:
        group = weights['layers/layer_with_custom_variable/vars']
        # Keras 3's Dense files only kernel and bias by number; the subclass adds its own key
        assert sorted(group.keys()) == ['0', '1', 'variables']
        assert group['0'].shape == (3, 1) and group['1'].shape == (1,)
        np.testing.assert_array_equal(group['variables'][()], [0.25])


def test_load_model_calls_the_layers_load_hook(tmp_path):
    model, path = _saved_model(tmp_path)
    model.layers[0].my_variable.assign([0.0])
    restored = keras.models.load_model(path, custom_objects={'LayerWithCustomVariable': LayerWithCustomVariable})
    np.testing.assert_array_equal(restored.layers[0].my_variable.numpy(), [0.25])
    np.testing.assert_array_equal(restored.layers[0].kernel.numpy(), np.ones((3, 1)))
    np.testing.assert_array_equal(restored(np.ones((1, 3), 'float32')).numpy(), [[3.25]])


def test_base_layer_hooks_number_own_variables_and_check_the_count():
    layer = keras.layers.BatchNormalization()
    layer.build((None, 2))
    store = {}
    layer.save_own_variables(store)
    assert sorted(store) == ['0', '1', '2', '3']      # gamma, beta, moving_mean, moving_variance
    store['0'] = np.full((2,), 3.0)
    layer.load_own_variables(store)
    np.testing.assert_array_equal(layer.gamma.numpy(), [3.0, 3.0])
    del store['3']
    with pytest.raises(ValueError, match=r"Layer 'batch_normalization\w*' expected 4 variables, but received 3"):
        layer.load_own_variables(store)
