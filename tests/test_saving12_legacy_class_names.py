"""A legacy .h5 file names each built-in layer by Keras's Python class, which is not always the name
keras.layers exports: TF 2.21 / Keras 3.15 writes GroupQueryAttention as 'GroupedQueryAttention' in
model_config (the .keras config keeps 'GroupQueryAttention'). Goldens from /opt/tfref running
/work/notes/progs/saving12/kinds.py 'gqa' (model.save('m.h5'), then h5py on model_config). Keras's legacy
loader finds the class by that name (load_model(compile=False) of either framework's file); tapeflow
refused it as an unknown class before."""
import json
import zipfile

import h5py
import numpy as np

import framework as tf
from framework import keras

L = keras.layers


def _gqa():
    return L.GroupQueryAttention(head_dim=2, num_query_heads=2, num_key_value_heads=1)


def _functional():
    i = keras.Input((6, 4), name='inp')
    return keras.Model(i, _gqa()(i, i))


def _layer_classes(config):
    return [entry['class_name'] for entry in config['config']['layers']]


def test_legacy_h5_names_keras_python_class_and_loads_back(tmp_path):
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    model = _functional()
    x = np.linspace(-1, 1, 2 * 6 * 4, dtype='float32').reshape(2, 6, 4)
    path = str(tmp_path / 'm.h5')
    model.save(path)
    with h5py.File(path, 'r') as f:
        config = json.loads(f.attrs['model_config'])
        assert sorted(f['model_weights']) == ['grouped_query_attention', 'inp', 'top_level_model_weights']
    assert _layer_classes(config) == ['InputLayer', 'GroupedQueryAttention']       # TF 2.21's file
    loaded = keras.models.load_model(path)
    assert type(loaded.layers[1]) is L.GroupQueryAttention
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    tf.random.set_seed(None)


def test_keras_file_keeps_the_exported_name(tmp_path):
    keras.backend.clear_session()
    model = _functional()
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with zipfile.ZipFile(path) as z:
        config = json.loads(z.read('config.json'))
    assert _layer_classes(config) == ['InputLayer', 'GroupQueryAttention']
    assert config['config']['layers'][1]['module'] == 'keras.layers'
    assert json.loads(model.to_json())['config']['layers'][1]['class_name'] == 'GroupQueryAttention'


def test_nested_sequential_in_legacy_h5(tmp_path):
    keras.backend.clear_session()
    inner = keras.Sequential([keras.Input((6, 4)), L.Dense(4)], name='inner')
    i = keras.Input((6, 4))
    model = keras.Model(i, _gqa()(inner(i), i))
    path = str(tmp_path / 'n.h5')
    model.save(path)
    with h5py.File(path, 'r') as f:
        config = json.loads(f.attrs['model_config'])
    assert _layer_classes(config) == ['InputLayer', 'Sequential', 'GroupedQueryAttention']
    assert _layer_classes(config['config']['layers'][1]) == ['InputLayer', 'Dense']
    assert len(keras.models.load_model(path).weights) == len(model.weights)


def test_custom_objects_still_override_the_name(tmp_path):
    # a user's class given under that name wins over the built-in one, as for any custom object
    keras.backend.clear_session()

    class Mine(L.GroupQueryAttention):
        pass

    path = str(tmp_path / 'c.h5')
    _functional().save(path)
    loaded = keras.models.load_model(path, custom_objects={'GroupedQueryAttention': Mine})
    assert type(loaded.layers[1]) is Mine
