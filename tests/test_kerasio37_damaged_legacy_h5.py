"""Damaged legacy .h5 files fail as in TF 2.21 (Keras 3's legacy loader lets json's and dict
lookups' errors through). Golden texts printed by TF 2.21 (/work/notes/progs/kerasio37/p38.py):
a saved model's attributes / groups edited with h5py, then keras.models.load_model(path).
"""
import json
import shutil

import h5py
import numpy as np
import pytest

from framework import keras


@pytest.fixture
def saved(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')])
    model.compile('adam', 'mse')
    model.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    model.save(tmp_path / 'a.h5')
    return tmp_path / 'a.h5'


def _variant(saved, name, edit):
    path = saved.parent / name
    shutil.copy(saved, path)
    with h5py.File(path, 'r+') as f:
        edit(f)
    return path


def test_a_model_config_that_is_not_json(saved):
    path = _variant(saved, 'bad.h5', lambda f: f.attrs.__setitem__('model_config', b'{"class_name": '))
    with pytest.raises(json.JSONDecodeError) as error:
        keras.models.load_model(path)
    assert str(error.value) == 'Expecting value: line 1 column 16 (char 15)'


def test_a_file_without_model_weights(saved):
    path = _variant(saved, 'noweights.h5', lambda f: f.__delitem__('model_weights'))
    with pytest.raises(KeyError) as error:
        keras.models.load_model(path)
    assert str(error.value) == "'model_weights'"


@pytest.mark.parametrize('by_name', [False, True])
def test_layer_names_listing_a_missing_group(saved, by_name):
    path = _variant(saved, 'extra.h5', lambda f: f['model_weights'].attrs.__setitem__('layer_names',
                                                                                       np.array([b'd', b'zz'])))
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')])
    with pytest.raises(KeyError) as error:
        model.load_weights(path, by_name=by_name)
    assert str(error.value) == "'zz'"
    with pytest.raises(KeyError) as error:
        keras.models.load_model(path)
    assert str(error.value) == "'zz'"


def test_a_training_config_without_optimizer_config(saved):
    path = _variant(saved, 'noopt.h5', lambda f: f.attrs.__setitem__('training_config', b'{"loss": "mse"}'))
    with pytest.raises(KeyError) as error:
        keras.models.load_model(path)
    assert str(error.value) == "'optimizer_config'"
    assert not keras.models.load_model(path, compile=False).compiled      # compile=False reads no training config
