"""Saving to and loading from a legacy '.h5' file print Keras 3's absl warnings.

Expected text: TF 2.21's stderr for the same program (model.save('m.h5'), then
keras.models.load_model('m.h5')), where Keras logs them with absl.logging.warning.
"""
import logging
import os
import subprocess
import sys

import numpy as np
import pytest

from framework import keras

LEGACY_SAVE = ("You are saving your model as an HDF5 file via `model.save()` or `keras.saving.save_model(model)`. "
               "This file format is considered legacy. We recommend using instead the native Keras format, e.g. "
               "`model.save('my_model.keras')` or `keras.saving.save_model(model, 'my_model.keras')`. ")
COMPILED_LOAD = ('Compiled the loaded model, but the compiled metrics have yet to be built. '
                 '`model.compile_metrics` will be empty until you train or evaluate the model.')
NOT_COMPILED = 'No training configuration found in the save file, so the model was *not* compiled. Compile it manually.'


@pytest.fixture(autouse=True)
def _fresh_names():
    yield
    keras.backend.clear_session()


def _absl_messages(caplog):
    return [r.getMessage() for r in caplog.records if r.name == 'absl' and r.levelno == logging.WARNING]


def _model(compiled):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    if compiled:
        # (not 'mse': Keras 3.15 cannot load a legacy .h5 compiled with 'mse', see test_kfiles_legacy_h5)
        model.compile(optimizer='adam', loss='mean_squared_error', metrics=['mae'])
    return model


def test_h5_save_and_compiled_load_warn(caplog, tmp_path):
    path = str(tmp_path / 'm.h5')
    model = _model(compiled=True)
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    with caplog.at_level(logging.WARNING):
        model.save(path)
        assert _absl_messages(caplog) == [LEGACY_SAVE]
        caplog.clear()
        keras.models.load_model(path)
        assert _absl_messages(caplog) == [COMPILED_LOAD]


def test_uncompiled_h5_load_says_so_and_keras_files_are_quiet(caplog, tmp_path):
    model = _model(compiled=False)
    with caplog.at_level(logging.WARNING):
        model.save(str(tmp_path / 'm.hdf5'))
        keras.models.load_model(str(tmp_path / 'm.hdf5'))
        assert _absl_messages(caplog) == [LEGACY_SAVE, NOT_COMPILED]
        caplog.clear()
        model.save(str(tmp_path / 'm.keras'))
        keras.models.load_model(str(tmp_path / 'm.keras'))
        assert _absl_messages(caplog) == []


def test_stderr_reads_as_absl_prints_it(tmp_path):
    program = ("from framework import keras\n"
               "m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])\n"
               "m.save(%r)\n" % str(tmp_path / 'm.h5'))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    run = subprocess.run([sys.executable, '-c', program], cwd=root, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stderr == 'WARNING:absl:' + LEGACY_SAVE + '\n'


def test_loaded_models_loss_prints_as_keras_does():
    # TF 2.21: print(keras.losses.MeanSquaredError()) and a compiled Huber read
    # '<LossFunctionWrapper(<function mean_squared_error at 0x...>, kwargs={})>' (tapeflow wrote the bare name)
    mse = keras.losses.MeanSquaredError()
    assert repr(mse) == '<LossFunctionWrapper(%s, kwargs={})>' % (keras.losses.mean_squared_error,)
    assert repr(mse).startswith('<LossFunctionWrapper(<function mean_squared_error at 0x')
    assert str(keras.losses.Huber()).startswith('<LossFunctionWrapper(<function huber at 0x')
