"""A Python lambda saves as Keras 3.15 files it, its bytecode, and loads only with safe mode off.

TF 2.21 saves ``Sequential([Input((3,)), Lambda(lambda t: t + 1.0)])`` to .keras and .h5, a model
compiled with ``loss=lambda yt, yp: ...`` too (warning that the object includes a lambda), and
load_model refuses them ('Requested the deserialization of a `Lambda` layer whose `function` is a
Python lambda...') unless safe_mode=False or keras.config.enable_unsafe_deserialization(). tapeflow
refused to save them at all ('tapeflow writes no bytecode') and to load TF's files whatever the flag.
Expected values: TF 2.21 / Keras 3.15 running /work/notes/progs/kerasio26/p11_lambda.py,
p12_lambda_more.py, p13_lambda_cross.py and p14_unsafe_global.py (tapeflow's bytecode is TF's byte
for byte but for the source path it names).
"""
import json
import sys
import warnings
import zipfile

import numpy as np
import pytest

from framework import keras
from framework.keras.global_switches import safe_mode_scope

X = np.random.RandomState(0).rand(4, 3).astype('float32')

# Lambda(lambda t: t + 1.0)'s function entry in the config.json TF 2.21 wrote (Python 3.11 bytecode)
TF_LAMBDA_ENTRY = {'class_name': '__lambda__', 'config': {
    'code': '4wEAAAAAAAAAAAAAAAIAAAADAAAA8wwAAACXAHwAZAF6AAAAUwApAk7nAAAAAAAA8D+pAKkB2gF0\n'
            'cwEAAAAg+j0vd29yay9ub3Rlcy9wcm9ncy9rZXJhc2lvMjYvb3V0L3RmX3AxMV9sYW1iZGEvd29y\n'
            'ay8uLi9wcm9nLnB5+gg8bGFtYmRhPnIHAAAACgAAAHMKAAAAgAC4IbhjuSeAAPMAAAAA\n',
    'defaults': None, 'closure': None}}
REFUSED_LAYER = 'Requested the deserialization of a `Lambda` layer whose `function` is a Python lambda'
REFUSED = 'Requested the deserialization of a Python lambda. This carries a potential risk'


def _lambda_model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Lambda(lambda t: t * 2.0 + 1.0)])


def test_lambda_config_holds_code_defaults_and_closure_as_keras_writes_them():
    scale = 3.0
    layer = keras.layers.Lambda(lambda t, off=1.0: t * scale + off)
    entry = layer.get_config()['function']
    assert entry['class_name'] == '__lambda__' and sorted(entry['config']) == ['closure', 'code', 'defaults']
    assert entry['config']['closure'] == (3.0,) and entry['config']['defaults'] == (1.0,)   # TF: [3.0] (1.0,)


@pytest.mark.parametrize('suffix', ['.keras', '.h5'])
def test_a_lambda_model_saves_and_loads_only_with_safe_mode_off(tmp_path, suffix):
    path = tmp_path / ('m' + suffix)
    _lambda_model().save(path)
    with pytest.raises(ValueError, match=REFUSED_LAYER):
        keras.models.load_model(path)
    loaded = keras.models.load_model(path, safe_mode=False)
    np.testing.assert_array_equal(np.asarray(loaded(np.arange(6, dtype='float32').reshape(2, 3))),
                                  [[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]])


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="TF 2.21's file holds Python 3.11 bytecode")
def test_tf_written_lambda_loads_with_safe_mode_off(tmp_path):
    keras.Sequential([keras.Input((3,)), keras.layers.Lambda(lambda t: t)]).save(tmp_path / 'm.keras')
    with zipfile.ZipFile(tmp_path / 'm.keras') as z:
        members = {name: z.read(name) for name in z.namelist()}
    config = json.loads(members['config.json'])
    config['config']['layers'][1]['config']['function'] = TF_LAMBDA_ENTRY
    members['config.json'] = json.dumps(config).encode()
    with zipfile.ZipFile(tmp_path / 'tf.keras', 'w') as z:
        for name, data in members.items():
            z.writestr(name, data)
    loaded = keras.models.load_model(tmp_path / 'tf.keras', safe_mode=False)
    np.testing.assert_allclose(np.asarray(loaded(X))[0], [1.5488136, 1.7151893, 1.6027634], rtol=1e-7)


def test_enable_unsafe_deserialization_reaches_keras_files_and_json_not_legacy_h5(tmp_path):
    model = _lambda_model()
    model.save(tmp_path / 'm.keras')
    model.save(tmp_path / 'm.h5')
    text = model.to_json()
    with pytest.raises(ValueError, match=REFUSED_LAYER):
        keras.models.model_from_json(text)
    with safe_mode_scope(None):        # (restores the global switch for the tests that follow)
        keras.config.enable_unsafe_deserialization()
        x = np.arange(6, dtype='float32').reshape(2, 3)
        expected = [[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]]
        np.testing.assert_array_equal(np.asarray(keras.models.load_model(tmp_path / 'm.keras', safe_mode=True)(x)),
                                      expected)
        np.testing.assert_array_equal(np.asarray(keras.models.model_from_json(text)(x)), expected)
        # Keras's legacy loader sets its own scope from the argument, which is True by default
        with pytest.raises(ValueError, match=REFUSED_LAYER):
            keras.models.load_model(tmp_path / 'm.h5')
        with pytest.raises(ValueError, match=REFUSED_LAYER):
            keras.layers.Lambda.from_config(model.layers[0].get_config(), safe_mode=True)


def test_a_lambda_loss_is_filed_as_bytecode_with_keras_warning(tmp_path):
    x, y = np.ones((8, 3), 'float32'), np.zeros((8, 1), 'float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile('sgd', loss=lambda yt, yp: keras.ops.mean(keras.ops.abs(yt - yp)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.save(tmp_path / 'loss.keras')
    texts = [str(w.message) for w in caught if w.category is UserWarning]
    assert len(texts) == 1 and texts[0].startswith('The object being serialized includes a `lambda`. This is unsafe. '
                                                   'In order to reload the object, you will have to pass `safe_mode=False`')
    with zipfile.ZipFile(tmp_path / 'loss.keras') as z:
        entry = json.loads(z.read('config.json'))['compile_config']['loss']
    assert entry['class_name'] == '__lambda__' and sorted(entry['config']) == ['value']
    assert isinstance(entry['config']['value'], list) and len(entry['config']['value']) == 3
    with pytest.raises(ValueError, match=REFUSED):
        keras.models.load_model(tmp_path / 'loss.keras')
    loaded = keras.models.load_model(tmp_path / 'loss.keras', safe_mode=False)
    # the loaded lambda's globals are not the saving module's: it cannot see `keras`, as on TF 2.21
    with pytest.raises(NameError, match="name 'keras' is not defined"):
        loaded.evaluate(x, y, verbose=0)


def test_deserialize_keras_object_runs_a_lambda_only_when_allowed():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        entry = keras.saving.serialize_keras_object(lambda a: a + 5)
    with pytest.raises(ValueError, match=REFUSED):
        keras.saving.deserialize_keras_object(entry)
    assert keras.saving.deserialize_keras_object(entry, safe_mode=False)(1) == 6      # TF: 6
