"""A weights file saved from a model never compiled has no 'optimizer' group. Loading it into a
compiled model: Keras 3's store reads the missing group as 0 entries, so its optimizer warns that it
skips loading (TF 2.21 / Keras 3.15 texts below); tapeflow used to load it silently."""
import warnings

import h5py
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras


def _model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')])


def _warnings_of(load):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        load()
    return [str(w.message) for w in caught]


@pytest.fixture
def uncompiled_files(tmp_path):
    keras.backend.clear_session()       # the warnings name the optimizers 'adam', 'adam_1'
    model = _model()
    model.save_weights(tmp_path / 'u.weights.h5')
    model.save(tmp_path / 'u.keras')
    return tmp_path


def test_the_uncompiled_file_has_no_optimizer_group(uncompiled_files):
    with h5py.File(uncompiled_files / 'u.weights.h5', 'r') as f:
        names = []
        f.visit(names.append)
    assert names == ['layers', 'layers/dense', 'layers/dense/vars', 'layers/dense/vars/0', 'layers/dense/vars/1',
                     'vars']


def test_trained_model_warns_and_keeps_its_optimizer_state(uncompiled_files):
    trained = _model()
    trained.compile('adam', 'mse')
    trained.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    slots = [v.numpy().copy() for v in trained.optimizer.variables]
    for name in ('u.weights.h5', 'u.keras'):
        assert _warnings_of(lambda: trained.load_weights(uncompiled_files / name)) == [
            "Skipping variable loading for optimizer 'adam', because it has 6 variables whereas the saved optimizer "
            "has 0 variables. "]
    assert int(trained.optimizer.iterations.numpy()) == 1
    assert all(np.array_equal(a, v.numpy()) for a, v in zip(slots, trained.optimizer.variables))


def test_compiled_unbuilt_model_warns_with_its_two_variables(uncompiled_files):
    first = _model()
    first.compile('adam', 'mse')          # 'adam'
    model = _model()
    model.compile('adam', 'mse')          # 'adam_1'
    assert _warnings_of(lambda: model.load_weights(uncompiled_files / 'u.weights.h5')) == [
        "Skipping variable loading for optimizer 'adam_1', because it has 2 variables whereas the saved optimizer "
        "has 0 variables. "]


def test_the_layers_still_load(uncompiled_files):
    source = _model()
    source.load_weights(uncompiled_files / 'u.weights.h5')
    model = _model()
    model.compile('sgd', 'mse')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        model.load_weights(uncompiled_files / 'u.weights.h5')
    assert all(np.array_equal(a, b) for a, b in zip(source.get_weights(), model.get_weights()))


def test_uncompiled_model_loads_silently(uncompiled_files):
    assert _warnings_of(lambda: _model().load_weights(uncompiled_files / 'u.weights.h5')) == []
