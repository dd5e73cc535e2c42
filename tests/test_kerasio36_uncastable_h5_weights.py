"""A legacy .h5 file whose weights cannot take the model's dtype fails before load_model's compile step.

Keras 3 stores bfloat16 weights in a .h5 file as raw 2-byte records (h5py dtype '|V2'), which numpy
cannot cast back. TF 2.21 raises while assigning the weights, which its legacy loader does before it
looks at the training config, so no absl warning precedes the error:

    from tensorflow import keras
    m = keras.Sequential([keras.Input((3,), dtype='bfloat16'), keras.layers.Dense(2, dtype='bfloat16')])
    m.save('b.h5')                  # WARNING:absl:You are saving your model as an HDF5 file ...
    keras.models.load_model('b.h5')     # ValueError: No cast function available.

tapeflow gave 'WARNING:absl:No training configuration found in the save file, ...' before the error.
"""
import logging

import h5py
import numpy as np
import pytest

from framework import keras


def test_uncastable_weights_fail_before_the_training_config_warning(tmp_path, caplog):
    path = str(tmp_path / 'b.h5')
    keras.utils.set_random_seed(0)
    keras.Sequential([keras.Input((3,), dtype='bfloat16'), keras.layers.Dense(2, dtype='bfloat16', name='d')]).save(path)
    with h5py.File(path, 'r') as f:
        dtypes = []
        f['model_weights'].visititems(lambda name, obj: dtypes.append(obj.dtype.str) if isinstance(obj, h5py.Dataset) else None)
    assert dtypes == ['|V2', '|V2']          # as Keras 3 writes them: bias, kernel
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        with pytest.raises(ValueError, match='^No cast function available.$'):
            keras.models.load_model(path)
    assert [r.getMessage() for r in caplog.records if r.name == 'absl'] == []


def test_castable_weights_still_load_and_warn_after(tmp_path, caplog):
    path = str(tmp_path / 'f.h5')
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,), dtype='float64'), keras.layers.Dense(2, dtype='float64', name='d')])
    model.save(path)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        loaded = keras.models.load_model(path)
    np.testing.assert_array_equal(loaded.get_weights()[0], model.get_weights()[0])
    assert [r.getMessage() for r in caplog.records if r.name == 'absl'] == [
        'No training configuration found in the save file, so the model was *not* compiled. Compile it manually.']
