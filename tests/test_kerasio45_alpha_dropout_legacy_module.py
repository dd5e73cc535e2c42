"""tf.keras's AlphaDropout is Keras 3's legacy class: it serializes under 'keras._legacy.layers'.

TF 2.21 (`from tensorflow import keras`; progs/kerasio45/p19.py, p20.py):
    keras.layers.serialize(keras.layers.AlphaDropout(0.2, seed=1))['module']     # 'keras._legacy.layers'
and a .keras file's config.json names that module; the .keras file reloads (predictions equal) and so does a
legacy .h5 file (Keras 3's keras.layers has an AlphaDropout too, unlike ThresholdedReLU / RandomHeight /
RandomWidth, whose .h5 files it refuses). tapeflow wrote 'keras.layers'.
"""
import json
import zipfile

import numpy as np

from framework import keras

X = np.linspace(-1, 1, 8, dtype='float32').reshape(2, 4)


def _model():
    keras.utils.set_random_seed(3)
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), keras.layers.AlphaDropout(0.2, seed=1),
                             keras.layers.Dense(2)])


def test_serialized_under_keras_legacy_layers():
    config = keras.layers.serialize(keras.layers.AlphaDropout(0.2, seed=1))
    assert config['module'] == 'keras._legacy.layers' and config['registered_name'] is None
    assert config['config']['rate'] == 0.2 and config['config']['seed'] == 1


def test_keras_and_h5_files_reload(tmp_path):
    model = _model()
    model.save(str(tmp_path / 'a.keras'))
    with zipfile.ZipFile(str(tmp_path / 'a.keras')) as archive:
        entries = json.loads(archive.read('config.json'))['config']['layers']
    assert [(e['class_name'], e['module']) for e in entries][2] == ('AlphaDropout', 'keras._legacy.layers')
    for name in ('a.keras', 'a.h5'):
        if name == 'a.h5':
            model.save(str(tmp_path / name))
        again = keras.models.load_model(str(tmp_path / name))
        assert type(again.layers[1]).__name__ == 'AlphaDropout'
        np.testing.assert_array_equal(again.predict(X, verbose=0), model.predict(X, verbose=0))
