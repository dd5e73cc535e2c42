"""A functional model's saved files match Keras 3's, key for key, and Keras's load here.

tests/data/keras3_parity_functional.{keras,h5,json} were written by Keras 3.15
(tests/data/make_keras_parity_files.py, run by hand with the reference
environment), which printed the literals below. The same architecture built
here is saved and its configs compared with Keras's, entry by entry, on
everything but values that depend on the run (weights, names' counters, ids).
"""
import io
import json
import os
import zipfile

import h5py
import numpy as np
import pytest

from framework import keras

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')
STEM = os.path.join(DATA, 'keras3_parity_functional')
KERAS_PREDICTIONS = [[0.5431698560714722, 0.45683014392852783], [0.5379467010498047, 0.4620532989501953]]
KERAS_OPTIMIZER_VARIABLES = 18        # iteration, learning rate, 2 slots for each of 8 trainable variables


def _build():
    # The architecture of make_keras_parity_files.build, in tapeflow.
    inputs = keras.Input((5, 5, 1), name='img')
    h = keras.layers.Conv2D(2, 3, activation='relu', name='conv')(inputs)
    h = keras.layers.BatchNormalization(name='bn')(h)
    h = keras.layers.GlobalAveragePooling2D(name='pool')(h)
    h = keras.Sequential([keras.layers.Dense(3, activation='tanh', name='inner_dense')], name='inner')(h)
    outputs = keras.layers.Dense(2, activation='softmax', name='out')(h)
    model = keras.Model(inputs, outputs, name='parity')
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='sparse_categorical_crossentropy',
                  metrics=['accuracy'])
    return model


def _probe():
    return (np.arange(2 * 25, dtype='float32').reshape(2, 5, 5, 1) % 7) / 7.0


def _trained(tmp_path):
    model = _build()
    x = (np.arange(16 * 25, dtype='float32').reshape(16, 5, 5, 1) % 7) / 7.0
    model.fit(x, np.arange(16) % 2, batch_size=8, epochs=1, shuffle=False, verbose=0)
    return model


def _skeleton(entry):
    """What must agree with Keras: each entry's keys, class, module and registered name, its
    build_config's presence, each call's kwargs (the values of None kwargs too), recursively."""
    if isinstance(entry, list):
        return [_skeleton(item) for item in entry]
    if not isinstance(entry, dict):
        return None
    out = {'keys': sorted(entry)}
    for key in ('class_name', 'module', 'registered_name'):
        if key in entry:
            out[key] = entry[key]
    if 'build_config' in entry:
        out['build_config'] = None if entry['build_config'] is None else sorted(entry['build_config'])
    if 'compile_config' in entry:
        out['compile_config'] = sorted(entry['compile_config'] or {})
    if 'inbound_nodes' in entry:
        out['calls'] = [{k: v for k, v in node['kwargs'].items() if v is None or isinstance(v, bool)}
                        for node in entry['inbound_nodes']]
    inner = entry.get('config')
    if isinstance(inner, dict) and isinstance(inner.get('layers'), list):
        out['layers'] = _skeleton(inner['layers'])
    return out


def _archive_config(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read('config.json'))


def test_keras_archive_config_matches_keras_entry_by_entry(tmp_path):
    _trained(tmp_path).save(tmp_path / 'm.keras')
    ours, theirs = _archive_config(tmp_path / 'm.keras'), _archive_config(STEM + '.keras')
    assert _skeleton(ours) == _skeleton(theirs)
    # Keras's own words for the functional model and the nested Sequential
    assert (ours['module'], ours['registered_name'], ours['build_config']) == \
        ('keras.src.models.functional', 'Functional', {'input_shape': None})
    nested = ours['config']['layers'][4]
    assert (nested['module'], nested['registered_name'], nested['compile_config']) == ('keras', None, {})
    assert ours['config']['layers'][2]['inbound_nodes'][0]['kwargs'] == {'mask': None}     # bn: call takes a mask


def test_keras_archive_members_are_stored_in_keras_order(tmp_path):
    _trained(tmp_path).save(tmp_path / 'm.keras')
    with zipfile.ZipFile(tmp_path / 'm.keras') as ours, zipfile.ZipFile(STEM + '.keras') as theirs:
        for archive in (ours, theirs):
            assert archive.namelist() == ['metadata.json', 'config.json', 'model.weights.h5']
            assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        assert sorted(json.loads(ours.read('metadata.json'))) == sorted(json.loads(theirs.read('metadata.json')))


def _h5_listing(f):
    out = []
    f.visititems(lambda name, obj: out.append((name, obj.shape, str(obj.dtype)) if isinstance(obj, h5py.Dataset)
                                              else (name, sorted(obj.attrs))))
    return out


def test_keras_archive_weights_member_has_keras_layout(tmp_path):
    _trained(tmp_path).save(tmp_path / 'm.keras')
    listings = []
    for path in (tmp_path / 'm.keras', STEM + '.keras'):
        with zipfile.ZipFile(path) as archive:
            with h5py.File(io.BytesIO(archive.read('model.weights.h5')), 'r') as f:
                listings.append(_h5_listing(f))
    assert listings[0] == listings[1]


def test_legacy_h5_model_config_matches_keras(tmp_path):
    _trained(tmp_path).save(tmp_path / 'm.h5')
    configs, training = [], []
    for path in (tmp_path / 'm.h5', STEM + '.h5'):
        with h5py.File(path, 'r') as f:
            configs.append(json.loads(f.attrs['model_config']))
            training.append(sorted(json.loads(f.attrs['training_config'])))
            assert sorted(f.attrs) == ['backend', 'keras_version', 'model_config', 'training_config']
    ours, theirs = configs
    assert _skeleton(ours) == _skeleton(theirs)
    # Keras's legacy form: no module / registered_name / build_config, at any depth
    assert sorted(ours) == ['class_name', 'config']
    assert [sorted(entry) for entry in ours['config']['layers']] == \
        [['class_name', 'config', 'inbound_nodes', 'name']] * 6
    assert sorted(ours['config']['layers'][4]['config']['layers'][0]) == ['class_name', 'config']
    assert training[0] == training[1]


def test_to_json_matches_keras_and_model_from_json_compiles(tmp_path):
    ours = json.loads(_trained(tmp_path).to_json())
    with open(STEM + '.json') as f:
        text = f.read()
    assert _skeleton(ours) == _skeleton(json.loads(text))
    model = keras.models.model_from_json(text)
    assert model.compiled
    assert len(model.optimizer.variables) == KERAS_OPTIMIZER_VARIABLES


def test_to_json_of_an_uncompiled_model_has_an_empty_compile_config():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    config = json.loads(model.to_json())
    # Keras 3.15: {'module', 'class_name', 'config', 'registered_name', 'build_config', 'compile_config': {}}
    assert config['compile_config'] == {} and config['build_config'] == {'input_shape': [None, 3]}
    assert not keras.models.model_from_json(model.to_json()).compiled


@pytest.mark.parametrize('suffix', ['.keras', '.h5'])
def test_keras_files_load_with_their_predictions_and_optimizer(suffix):
    model = keras.models.load_model(STEM + suffix)
    np.testing.assert_allclose(model.predict(_probe(), verbose=0), KERAS_PREDICTIONS, rtol=1e-6)
    assert int(model.optimizer.iterations.numpy()) == 2
    # Keras 3.15's .h5 loader builds the optimizer for the model's own variables (none): only iteration
    # and learning rate come back (TF 2.21: 2 variables from the .h5, 18 from the .keras)
    assert len(model.optimizer.variables) == (KERAS_OPTIMIZER_VARIABLES if suffix == '.keras' else 2)
