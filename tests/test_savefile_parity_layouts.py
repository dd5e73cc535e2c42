"""Saved-file details pinned to files Keras 3.15 wrote (tests/data/keras3_*, made by the
make_keras_*.py scripts beside them): a Discretization's config, the string attributes of a
legacy .h5 file and the zip headers and asset order of a .keras archive.

Found by saving one small model per layer class in Keras and in tapeflow and diffing the files
(every config key, HDF5 attribute type and zip member): Keras refused tapeflow's Discretization
config (``__init__() got an unexpected keyword argument 'trainable'``).
"""
import json
import os
import zipfile

import h5py
import numpy as np

from framework import keras

L = keras.layers
DATA = os.path.join(os.path.dirname(__file__), 'data')


def _keras_layer_config(archive, class_name):
    with zipfile.ZipFile(os.path.join(DATA, archive)) as z:
        layers = json.loads(z.read('config.json'))['config']['layers']
    return next(layer['config'] for layer in layers if layer['class_name'] == class_name)


def test_discretization_config_has_keras_keys_and_dtype_name():
    keras_config = _keras_layer_config('keras3_adapted_numeric.keras', 'Discretization')
    layer = L.Discretization(num_bins=3)
    layer.adapt(np.array([[1.0], [10.0], [20.0], [40.0], [30.0]], 'float32'))
    config = layer.get_config()
    assert list(config) == list(keras_config)        # no 'trainable'; Keras's key order
    assert config['dtype'] == keras_config['dtype'] == 'float32'
    restored = L.Discretization.from_config(config)
    probe = np.array([[0.0], [15.0], [35.0]], 'float32')
    np.testing.assert_array_equal(np.asarray(restored(probe)), np.asarray(layer(probe)))


def _attribute_types(group):
    """{attribute path: (numpy dtype kind, values)} of the string-list attributes under a legacy root."""
    out = {'layer_names': (group.attrs['layer_names'].dtype.kind, list(group.attrs['layer_names']))}
    for name in group:
        attr = group[name].attrs['weight_names']
        out[name] = (attr.dtype.kind, len(attr))
    return out


def test_legacy_h5_names_are_variable_length_strings_as_keras_writes(tmp_path):
    with h5py.File(os.path.join(DATA, 'keras3_dense.h5'), 'r') as f:
        keras_types = _attribute_types(f['model_weights'])
    # Keras's file: layer 'hidden' (3 -> 4, relu) and 'out' (4 -> 2); see make_keras_reference_files.py
    model = keras.Sequential([keras.Input((3,)), L.Dense(4, activation='relu', name='hidden'), L.Dense(2, name='out')])
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        ours = _attribute_types(f['model_weights'])
    # object: h5py's variable-length str; an empty list is Keras's empty float64 array
    assert keras_types == {'layer_names': ('O', ['hidden', 'out']), 'hidden': ('O', 2), 'out': ('O', 2),
                           'top_level_model_weights': ('f', 0)}
    assert ours == keras_types


def _zip_headers(path):
    with zipfile.ZipFile(path) as z:
        return [(info.filename, info.date_time[:3] == (1980, 1, 1), oct(info.external_attr), info.compress_type)
                for info in z.infolist()]


def test_keras_archive_members_headers_and_asset_order(tmp_path):
    keras_headers = _zip_headers(os.path.join(DATA, 'keras3_text_vectorization.keras'))
    vectorize = L.TextVectorization(max_tokens=12, output_sequence_length=5)
    vectorize.adapt(['the cat sat on the mat', 'the dog ran', 'a cat ran far away', 'the end'])
    text = keras.Input((1,), dtype='string')
    h = L.GlobalAveragePooling1D()(L.Embedding(12, 3)(vectorize(text)))
    keras.Model(text, L.Dense(2)(h)).save(tmp_path / 'm.keras')
    assert keras_headers == [
        ('metadata.json', True, '0o140000000', zipfile.ZIP_STORED),
        ('config.json', True, '0o140000000', zipfile.ZIP_STORED),
        ('model.weights.h5', False, '0o140000000', zipfile.ZIP_STORED),
        ('assets/layers/text_vectorization/_lookup_layer/vocabulary.txt', False, '0o20151000000', zipfile.ZIP_STORED),
        ('assets/layers/text_vectorization/vocabulary.txt', False, '0o20151000000', zipfile.ZIP_STORED)]
    assert _zip_headers(tmp_path / 'm.keras') == keras_headers


# get_config()'s factor entries that Keras 3.15 printed for these layers (ints stay ints: RandomContrast(0.1)
# saves [0, 0.1] from Keras's int bounds (0, 1))
KERAS_FACTORS = [
    (lambda: L.RandomContrast(0.1), {'factor': (0, 0.1)}),
    (lambda: L.RandomContrast((0, 1)), {'factor': (0, 1)}),
    (lambda: L.RandomBrightness(1), {'factor': (-1, 1)}),
    (lambda: L.RandomRotation((0, 1)), {'factor': (0, 1)}),
]


def test_image_layer_factors_keep_keras_number_types():
    for make, expected in KERAS_FACTORS:
        config = make().get_config()
        got = {key: tuple(config[key]) for key in expected}
        assert got == expected
        assert [type(v) for v in got['factor']] == [type(v) for v in expected['factor']]
