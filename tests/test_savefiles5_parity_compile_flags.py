"""compile's run_eagerly and jit_compile are kept, saved and restored as Keras 3 keeps them.

Expected: TF 2.21 / Keras 3.15 (CPU) for compile('sgd', 'mse', **kw) on a one-Dense model:
(get_compile_config()['run_eagerly'], ['jit_compile'], model.run_eagerly, model.jit_compile, and the same
two attributes of the model load_model gives back from a .keras file):
  run_eagerly=True, jit_compile=True -> True False True False True False, warning 'If `run_eagerly` is True,
      then `jit_compile` cannot also be True. Disabling `jit_compile`.'
  jit_compile=True -> False True False True False True;  {} -> all False;
  run_eagerly=None -> None False None False None False.
A legacy .h5 training_config carries them too ("run_eagerly": true, "steps_per_execution": 2).
"""
import json
import warnings

import h5py
import pytest

from framework import keras


@pytest.mark.parametrize('kwargs, expected, warned', [
    ({'run_eagerly': True, 'jit_compile': True}, (True, False, True, False, True, False), True),
    ({'jit_compile': True}, (False, True, False, True, False, True), False),
    ({}, (False, False, False, False, False, False), False),
    ({'run_eagerly': None}, (None, False, None, False, None, False), False),
])
def test_flags_saved_and_restored_as_keras(tmp_path, kwargs, expected, warned):
    x = keras.Input((3,))
    model = keras.Model(x, keras.layers.Dense(1)(x))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.compile('sgd', 'mse', **kwargs)
    texts = [str(w.message) for w in caught]
    assert ('If `run_eagerly` is True, then `jit_compile` cannot also be True. Disabling `jit_compile`.' in texts) \
        == warned
    config = model.get_compile_config()
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert (config['run_eagerly'], config['jit_compile'], model.run_eagerly, model.jit_compile,
            loaded.run_eagerly, loaded.jit_compile) == expected


def test_legacy_training_config_carries_them(tmp_path):
    x = keras.Input((3,))
    model = keras.Model(x, keras.layers.Dense(1)(x))
    model.compile('sgd', 'mse', run_eagerly=True, steps_per_execution=2)
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        config = json.loads(f.attrs['training_config'])
    assert list(config)[:7] == ['loss', 'loss_weights', 'metrics', 'weighted_metrics', 'run_eagerly',
                                'steps_per_execution', 'jit_compile']
    assert (config['run_eagerly'], config['steps_per_execution'], config['jit_compile']) == (True, 2, False)
