"""tf.keras's legacy layers (ThresholdedReLU, RandomHeight, RandomWidth) in saved files, as TF 2.21.

`from tensorflow import keras` gives Keras 3's keras._legacy.layers classes for these three
(keras.layers has none of them). TF 2.21 serializes them under that module, and its legacy .h5
loader, which looks names up in keras.layers, cannot load a .h5 file holding one:

    from tensorflow import keras
    L = keras.layers
    print(keras.layers.serialize(L.ThresholdedReLU(0.5))['module'])   # keras._legacy.layers
    m = keras.Sequential([keras.Input((4,)), L.Dense(3), L.ThresholdedReLU(0.1)])
    m.save('m.h5'); keras.models.load_model('m.h5')
    # ValueError: Unknown layer: 'ThresholdedReLU'. Please ensure you are using a
    # `keras.utils.custom_object_scope` and that this object is included in the scope. See ...
    keras.models.load_model('m.h5', custom_objects={'ThresholdedReLU': L.ThresholdedReLU})   # loads

tapeflow wrote 'keras.layers' and loaded the .h5 file.
"""
import json
import zipfile

import numpy as np
import pytest

from framework import keras

L = keras.layers
UNKNOWN = ("Unknown layer: '%s'. Please ensure you are using a `keras.utils.custom_object_scope` and that this "
           "object is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
           "#registering_the_custom_object for details.")
LEGACY = {'ThresholdedReLU': ((4,), lambda: L.ThresholdedReLU(0.1), L.Identity),
          'RandomHeight': ((4, 4, 1), lambda: L.RandomHeight(0.2, seed=1), L.GlobalAveragePooling2D),
          'RandomWidth': ((4, 4, 1), lambda: L.RandomWidth((-0.2, 0.1), seed=1), L.GlobalAveragePooling2D)}


def _model(name):
    shape, make, then = LEGACY[name]
    keras.utils.set_random_seed(3)
    return keras.Sequential([keras.Input(shape), make(), then(), L.Dense(2)])


@pytest.mark.parametrize('name', sorted(LEGACY))
def test_legacy_layers_serialize_under_keras_legacy_module(tmp_path, name):
    model = _model(name)
    assert keras.layers.serialize(model.layers[0])['module'] == 'keras._legacy.layers'
    model.save(str(tmp_path / 'm.keras'))
    with zipfile.ZipFile(str(tmp_path / 'm.keras')) as archive:
        entries = json.loads(archive.read('config.json'))['config']['layers']
    assert [(e['class_name'], e['module']) for e in entries] == [
        ('InputLayer', 'keras.layers'), (name, 'keras._legacy.layers'), (LEGACY[name][2].__name__, 'keras.layers'),
        ('Dense', 'keras.layers')]
    x = np.linspace(-1, 1, 2 * int(np.prod(LEGACY[name][0])), dtype='float32').reshape((2,) + LEGACY[name][0])
    again = keras.models.load_model(str(tmp_path / 'm.keras'))     # the .keras format finds them, as TF 2.21
    assert type(again.layers[0]) is type(model.layers[0])
    np.testing.assert_array_equal(again.predict(x, verbose=0), model.predict(x, verbose=0))


@pytest.mark.parametrize('name', sorted(LEGACY))
def test_legacy_h5_file_holding_one_is_refused_as_keras_does(tmp_path, name):
    path = str(tmp_path / 'm.h5')
    _model(name).save(path)
    for kwargs in ({}, {'compile': False}):
        with pytest.raises(ValueError) as caught:
            keras.models.load_model(path, **kwargs)
        assert str(caught.value) == UNKNOWN % name
        assert "pass custom_objects={'%s': keras.layers.%s}" % (name, name) in '\n'.join(caught.value.__notes__)


def test_legacy_h5_loads_when_custom_objects_or_a_scope_names_the_class(tmp_path):
    path = str(tmp_path / 'f.h5')
    inputs = keras.Input((4,))
    model = keras.Model(inputs, L.ThresholdedReLU(0.1, name='thr')(L.Dense(3, name='d')(inputs)))
    model.save(path)
    x = np.linspace(-1, 1, 8, dtype='float32').reshape(2, 4)
    loaded = keras.models.load_model(path, custom_objects={'ThresholdedReLU': L.ThresholdedReLU})
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    with keras.utils.custom_object_scope({'ThresholdedReLU': L.ThresholdedReLU}):
        loaded = keras.models.load_model(path)
    assert type(loaded.layers[-1]) is L.ThresholdedReLU


def test_other_layers_keep_keras_layers_module_and_load_from_h5(tmp_path):
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((4,)), L.ReLU(max_value=2.0), L.Dense(2)])
    assert keras.layers.serialize(model.layers[0])['module'] == 'keras.layers'
    model.save(str(tmp_path / 'r.h5'))
    assert type(keras.models.load_model(str(tmp_path / 'r.h5')).layers[0]) is L.ReLU


@pytest.mark.parametrize('name', sorted(LEGACY))
def test_deserialize_keras_object_finds_them_under_keras_legacy_module(name):
    # TF 2.21: keras.utils.deserialize_keras_object(keras.layers.serialize(layer)) gives the layer back
    layer = LEGACY[name][1]()
    again = keras.utils.deserialize_keras_object(keras.layers.serialize(layer))
    assert type(again) is type(layer) and again.get_config() == layer.get_config()
    assert type(keras.layers.deserialize(keras.layers.serialize(layer))) is type(layer)
