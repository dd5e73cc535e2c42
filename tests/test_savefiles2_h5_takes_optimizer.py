"""Keras 3.15's .h5 saving pops 'optimizer' from the model's compile arguments, so a .keras
file saved afterwards has no optimizer in its compile_config and loads with the default
RMSprop (TF 2.21 warns that it skips the saved optimizer's 6 variables); a second .h5
still carries the optimizer, and compiling again brings it back.

Expected behaviour and history: TF 2.21 running /work/notes/progs/savefiles2/p12.py
(the resumed history {'loss': [0.7826, 0.74635], 'mae': [0.72834, 0.70877]} is TF's).
"""
import json
import zipfile

import h5py
import numpy as np
import pytest

from framework import keras


def _trained():
    keras.utils.set_random_seed(4)
    x = np.random.RandomState(0).rand(32, 3).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.01), 'mse', metrics=['mae'])
    model.fit(x, x[:, :1] * 2, epochs=2, batch_size=8, verbose=0)
    return model, x


def test_keras_file_saved_after_an_h5_file_has_no_optimizer(tmp_path):
    keras.backend.clear_session()                 # the warning names the optimizer 'rm_sprop'
    model, x = _trained()
    assert 'optimizer' in model.get_compile_config()
    model.save(tmp_path / 'a.h5')
    assert 'optimizer' not in model.get_compile_config()
    model.save(tmp_path / 'a.keras')
    model.save(tmp_path / 'b.h5')
    compiled = json.loads(zipfile.ZipFile(tmp_path / 'a.keras').read('config.json'))['compile_config']
    assert 'optimizer' not in compiled
    with h5py.File(tmp_path / 'b.h5', 'r') as f:
        assert json.loads(f.attrs['training_config'])['optimizer_config']['class_name'] == 'Adam'

    with pytest.warns(UserWarning, match="Skipping variable loading for optimizer 'rm_sprop', because it has 6 "
                                         "variables whereas the saved optimizer has"):
        loaded = keras.models.load_model(tmp_path / 'a.keras')
    assert type(loaded.optimizer).__name__ == 'RMSprop' and int(loaded.optimizer.iterations.numpy()) == 0
    history = loaded.fit(x, x[:, :1] * 2, epochs=2, batch_size=8, verbose=0, shuffle=False).history
    np.testing.assert_allclose(history['loss'], [0.7826, 0.74635], atol=1e-5)
    np.testing.assert_allclose(history['mae'], [0.72834, 0.70877], atol=1e-5)

    # b.h5 was compiled with 'mse', which Keras 3.15's .h5 loader cannot resolve (test_kfiles_legacy_h5)
    with pytest.raises(ValueError, match=r"^Could not deserialize 'keras.metrics.mse'"):
        keras.models.load_model(tmp_path / 'b.h5')

    model.compile(keras.optimizers.Adam(0.01), 'mse', metrics=['mae'])
    assert 'optimizer' in model.get_compile_config()


def test_saving_without_the_optimizer_keeps_it(tmp_path):
    model, _ = _trained()
    model.save(tmp_path / 'a.h5', include_optimizer=False)
    assert 'optimizer' in model.get_compile_config()
