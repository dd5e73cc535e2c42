"""load_model on .keras archives: the members Keras 3 needs, and its words for an unknown optimizer.

- Keras 3.15 reads config.json and the weights member only: an archive without metadata.json
  loads (tapeflow raised "There is no item named 'metadata.json' in the archive").
- Without model.weights.h5 Keras raises ValueError 'Expected a model.weights.h5 or
  model.weights.npz file.' (tapeflow: zipfile's KeyError words).
- A compile config naming an optimizer class Keras cannot find raises serialization_lib's
  TypeError "Could not locate class 'MyOpt'..." (a user's unregistered class) or ValueError
  "Could not deserialize 'keras.optimizers.Nope' because it is not a KerasSaveable subclass";
  tapeflow said "cannot restore the compile arguments (Unknown optimizer ...)".

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t11_failed_loads.py, t12_missing_custom.py).
"""
import json
import zipfile

import numpy as np
import pytest

from framework import keras


def _saved(tmp_path, optimizer='adam'):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name='a'), keras.layers.Dense(1, name='b')],
                             name='s')
    model.compile(optimizer, 'mse')
    model.fit(np.ones((4, 4)), np.ones((4, 1)), verbose=0)
    path = tmp_path / 'good.keras'
    model.save(path)
    return model, path


def _rezip(source, target, drop=None, replace=None):
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, 'w') as dst:
        for info in src.infolist():
            if info.filename == drop:
                continue
            dst.writestr(info, (replace or {}).get(info.filename, src.read(info.filename)))
    return target


def test_archive_without_metadata_loads(tmp_path):
    model, path = _saved(tmp_path)
    back = keras.models.load_model(_rezip(path, tmp_path / 'nometa.keras', drop='metadata.json'))
    assert back.name == 's'
    np.testing.assert_array_equal(back.predict(np.ones((2, 4)), verbose=0), model.predict(np.ones((2, 4)), verbose=0))
    assert int(back.optimizer.iterations.numpy()) == 1


def test_archive_without_weights_member(tmp_path):
    _, path = _saved(tmp_path)
    with pytest.raises(ValueError) as info:
        keras.models.load_model(_rezip(path, tmp_path / 'now.keras', drop='model.weights.h5'))
    assert str(info.value) == 'Expected a model.weights.h5 or model.weights.npz file.'


def test_unknown_keras_optimizer_class(tmp_path):
    _, path = _saved(tmp_path)
    config = json.loads(zipfile.ZipFile(path).read('config.json'))
    config['compile_config']['optimizer']['class_name'] = 'Nope'
    bad = _rezip(path, tmp_path / 'badopt.keras', replace={'config.json': json.dumps(config).encode()})
    with pytest.raises(ValueError) as info:
        keras.models.load_model(bad)
    assert str(info.value) == "Could not deserialize 'keras.optimizers.Nope' because it is not a KerasSaveable subclass"
    assert keras.models.load_model(bad, compile=False).name == 's'


class MyOpt(keras.optimizers.SGD):
    pass


def test_unregistered_custom_optimizer(tmp_path):
    _, path = _saved(tmp_path, MyOpt(0.1))
    saved = json.loads(zipfile.ZipFile(path).read('config.json'))['compile_config']['optimizer']
    assert (saved['class_name'], saved['registered_name']) == ('MyOpt', 'MyOpt')
    with pytest.raises(TypeError) as info:
        keras.models.load_model(path)
    assert str(info.value).startswith(
        "Could not locate class 'MyOpt'. Make sure custom classes and functions are decorated with "
        '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all '
        "imported so that the decorator is run before trying to load them. Full object config: {'module': ")
    back = keras.models.load_model(path, custom_objects={'MyOpt': MyOpt})
    assert type(back.optimizer) is MyOpt and int(back.optimizer.iterations.numpy()) == 1
