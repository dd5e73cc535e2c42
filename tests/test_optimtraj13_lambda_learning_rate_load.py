"""A model compiled with a lambda learning rate loads back as in TF 2.21 / Keras 3.

Keras 3 saves SGD(learning_rate=lambda: 0.01) with the lambda's bytecode ({'class_name': '__lambda__', ...})
and load_model refuses it with its "Requested the deserialization of a Python lambda" ValueError unless
safe_mode=False, which rebuilds the optimizer with the lambda. tapeflow wrote the same entry but could not read
it back: TypeError "... could not be deserialized properly ... Unknown learning-rate schedule '__lambda__'",
even with safe_mode=False. Values printed by TF 2.21 (probes /work/notes/progs/optimtraj13/p8_lamde.py,
p9_lamde2.py).
"""
import json
import warnings
import zipfile

import numpy as np
import pytest

from framework import keras


def _saved_model(tmp_path, make_optimizer):
    keras.backend.clear_session()               # the optimizer's auto name is pinned ('adam')
    optimizer = make_optimizer()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer=optimizer, loss='mse')
    path = str(tmp_path / 'lambda_rate.keras')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')         # Keras's "includes a `lambda`. This is unsafe" warning
        model.save(path)
    return path


def test_safe_load_refuses_the_lambda_with_keras_error(tmp_path):
    path = _saved_model(tmp_path, lambda: keras.optimizers.Adam(learning_rate=lambda: 0.01))
    with pytest.raises(ValueError, match='^Requested the deserialization of a Python lambda. This carries a '
                                         'potential risk of arbitrary code execution'):
        keras.models.load_model(path)


def test_unsafe_load_rebuilds_the_optimizer_and_trains(tmp_path):
    path = _saved_model(tmp_path, lambda: keras.optimizers.Adam(learning_rate=lambda: 0.01))
    model = keras.models.load_model(path, safe_mode=False)
    # TF 2.21: ('Adam', 'adam', 0.01, 1e-07), then iterations 2 after two one-batch epochs
    optimizer = model.optimizer
    assert (type(optimizer).__name__, optimizer.name, optimizer.get_config()['epsilon']) == ('Adam', 'adam', 1e-07)
    assert float(optimizer.learning_rate) == pytest.approx(0.01)
    model.fit(np.ones((4, 2), 'float32'), np.zeros((4, 1), 'float32'), verbose=0, epochs=2)
    assert int(optimizer.iterations.numpy()) == 2


def _saved_optimizer_config(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read('config.json'))['compile_config']['optimizer']


def test_deserialize_of_the_saved_entry_follows_the_safe_mode_switch(tmp_path):
    config = _saved_optimizer_config(
        _saved_model(tmp_path, lambda: keras.optimizers.RMSprop(learning_rate=lambda: 0.25, rho=0.8)))
    assert config['config']['learning_rate']['class_name'] == '__lambda__'
    with pytest.raises(ValueError, match='^Requested the deserialization of a Python lambda'):
        keras.optimizers.deserialize(config)
    keras.config.enable_unsafe_deserialization()
    try:
        optimizer = keras.optimizers.deserialize(config)
        weight = keras.Variable(np.ones(2, 'float32'))
        optimizer.apply([np.ones(2, 'float32')], [weight])
    finally:
        keras.backend.clear_session()           # sets safe mode back to unset, as Keras's clear_session
    # TF 2.21: ('RMSprop', 0.25, 0.8), w.numpy().view('uint32') -> [1054984332 1054984332]
    assert (type(optimizer).__name__, float(optimizer.learning_rate), optimizer.rho) == ('RMSprop', 0.25, 0.8)
    assert weight.numpy().view(np.uint32).tolist() == [1054984332, 1054984332]
