"""Adapted preprocessing state survives model.save / load_model, as in Keras 3.

A .keras archive keeps a lookup layer's adapted vocabulary as an asset
(assets/<layer path>/vocabulary.txt), Discretization's boundaries in its config and
Normalization's mean and variance as weights; .h5 keeps the last two (and, like Keras,
not the vocabulary). The Keras-made files come from tests/data/make_keras_adapted_files.py
(keras 3.15, /opt/tfref), which printed the predictions held here.
"""
import os
import warnings
import zipfile

import numpy as np
import pytest

from framework import keras
from layers.saving import SavedFileError

DATA = os.path.join(os.path.dirname(__file__), 'data')
L = keras.layers
TEXTS = np.array(['the cat sat on the mat', 'the dog ran', 'a cat ran far away', 'the end'])


def text_vectorization():
    layer = L.TextVectorization(max_tokens=10, output_sequence_length=4)
    layer.adapt(TEXTS)
    text = keras.Input((1,), dtype='string')
    x = L.GlobalAveragePooling1D()(L.Embedding(10, 2)(layer(text)))
    return keras.Model(text, L.Dense(1)(x)), np.array([['the cat ran'], ['zebra on a mat']])


def string_lookup():
    layer = L.StringLookup(num_oov_indices=2, mask_token='')
    layer.adapt(np.array(['a', 'b', 'b', 'c']))
    inputs = keras.Input((2,), dtype='string')
    return keras.Model(inputs, layer(inputs)), np.array([['b', 'c'], ['z', '']])


def integer_lookup():
    layer = L.IntegerLookup(output_mode='multi_hot')
    layer.adapt(np.array([5, 7, 7, 9]))
    inputs = keras.Input((2,), dtype='int64')
    return keras.Model(inputs, layer(inputs)), np.array([[7, 9], [1, 5]])


def normalization():
    layer = L.Normalization()
    layer.adapt(np.array([[1.0, 2.0], [3.0, 6.0]], 'float32'))
    inputs = keras.Input((2,))
    return keras.Model(inputs, layer(inputs)), np.array([[1.0, 1.0]], 'float32')


def discretization():
    layer = L.Discretization(num_bins=3)
    layer.adapt(np.arange(12, dtype='float32'))
    inputs = keras.Input((2,))
    return keras.Model(inputs, layer(inputs)), np.array([[1.0, 7.0], [11.0, 4.0]], 'float32')


MODELS = {f.__name__: f for f in (text_vectorization, string_lookup, integer_lookup, normalization, discretization)}


def round_trip(make, tmp_path, suffix):
    model, probe = make()
    # predict_on_batch: Keras 3's predict refuses numpy str arrays (ValueError: Invalid dtype: str32)
    expected = model.predict_on_batch(probe)
    path = str(tmp_path / ('model' + suffix))
    model.save(path)
    return expected, keras.models.load_model(path).predict_on_batch(probe)


@pytest.mark.parametrize('name', sorted(MODELS))
def test_keras_archive_keeps_the_adapted_state(name, tmp_path):
    expected, loaded = round_trip(MODELS[name], tmp_path, '.keras')
    assert expected.any()
    np.testing.assert_array_equal(loaded, expected)


@pytest.mark.parametrize('name', ['normalization', 'discretization'])
def test_h5_keeps_boundaries_and_moments(name, tmp_path):
    expected, loaded = round_trip(MODELS[name], tmp_path, '.h5')
    np.testing.assert_array_equal(loaded, expected)


def test_h5_warns_that_it_drops_the_vocabulary_and_the_string_model_reloads(tmp_path):
    model, probe = string_lookup()
    with pytest.warns(UserWarning, match=r"adapted vocabulary of layer.*'string_lookup(_\d+)?'.*save as .keras"):
        model.save(str(tmp_path / 'm.h5'))
    loaded = keras.models.load_model(str(tmp_path / 'm.h5'))
    assert loaded.layers[0].get_config()['dtype'] == 'string'


def test_archive_layout_is_keras_3s(tmp_path):
    model, _ = text_vectorization()
    path = str(tmp_path / 'm.keras')
    with warnings.catch_warnings():
        warnings.simplefilter('error')          # the .keras format keeps the vocabulary: no warning
        model.save(path)
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        vocabulary = archive.read('assets/layers/text_vectorization/vocabulary.txt').decode()
        config = archive.read('config.json').decode()
    assert 'assets/layers/text_vectorization/_lookup_layer/vocabulary.txt' in names
    # Keras's file: the mask token '' and '[UNK]' first, then the tokens, most frequent first, one a line.
    assert vocabulary.split('\n')[:3] == ['', '[UNK]', 'the']
    assert vocabulary.split('\n') == model.layers[1].get_vocabulary()
    assert '"dtype": "string"' in config and '"dtype": "object"' not in config


def test_a_constructor_vocabulary_stays_in_the_config(tmp_path):
    layer = L.StringLookup(vocabulary=['x', 'y'])
    inputs = keras.Input((1,), dtype='string')
    path = str(tmp_path / 'm.keras')
    keras.Model(inputs, layer(inputs)).save(path)
    with zipfile.ZipFile(path) as archive:
        assert not [n for n in archive.namelist() if n.startswith('assets/')]
    loaded = keras.models.load_model(path)
    np.testing.assert_array_equal(loaded.predict_on_batch(np.array([['y'], ['q']])), [[2], [0]])


def test_a_missing_vocabulary_file_names_the_layer(tmp_path):
    model, _ = string_lookup()
    path, damaged = str(tmp_path / 'm.keras'), str(tmp_path / 'damaged.keras')
    model.save(path)
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(damaged, 'w') as target:
        for name in source.namelist():
            if not name.startswith('assets/'):
                target.writestr(name, source.read(name))
    with pytest.raises(SavedFileError, match=r"assets of layer 'string_lookup(_\d+)?'.*vocabulary.txt"):
        keras.models.load_model(damaged)


@pytest.mark.parametrize('make, probe', [
    (lambda: L.StringLookup(output_mode='tf_idf'), np.array([['a', 'z'], ['c', 'b']])),
    (lambda: L.StringLookup(output_mode='tf_idf', max_tokens=8, pad_to_max_tokens=True), np.array([['a', 'c']])),
    (lambda: L.TextVectorization(output_mode='tf_idf'), np.array([['a c'], ['b b z']])),
], ids=['string_lookup', 'padded', 'text_vectorization'])
def test_tf_idf_weights_are_saved_beside_the_variables(make, probe, tmp_path):
    layer = make()
    if isinstance(layer, L.TextVectorization):
        layer.adapt(np.array(['a b', 'b c', 'b']))
    else:
        layer.adapt(np.array([['a', 'b'], ['b', 'c'], ['b', 'b']]))
    inputs = keras.Input(probe.shape[1:], dtype='string')
    model = keras.Model(inputs, layer(inputs))
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with zipfile.ZipFile(path) as archive:
        assert 'idf_weights' in archive.read('model.weights.h5').decode('latin-1')     # vars/idf_weights, as Keras
    np.testing.assert_array_equal(keras.models.load_model(path).predict_on_batch(probe),
                                  model.predict_on_batch(probe))


def test_tf_idf_without_its_weights_names_the_layer(tmp_path):
    layer = L.StringLookup(output_mode='tf_idf')
    layer.adapt(np.array([['a', 'b'], ['b', 'c']]))
    inputs = keras.Input((2,), dtype='string')
    model = keras.Model(inputs, layer(inputs))
    layer.saved_arrays = dict            # as an archive written without them
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with pytest.raises(SavedFileError, match=r"tf_idf.*idf weights.*missing"):
        keras.models.load_model(path)


def test_keras_tf_idf_archive_loads():
    # StringLookup(output_mode='tf_idf', max_tokens=6, pad_to_max_tokens=True) adapted by Keras 3.15, whose
    # file holds 6 idf weights for 5 indices (Keras 3.15 itself refuses to reload it; here they are cut).
    model = keras.models.load_model(os.path.join(DATA, 'keras3_tf_idf.keras'))
    np.testing.assert_allclose(model.predict_on_batch(np.array([['a', 'z'], ['c', 'b']])),
                               [[0.9344174265861511, 0.0, 0.8472978472709656, 0.0, 0.0, 0.0],
                                [0.0, 0.6931471824645996, 0.0, 0.0, 1.0986123085021973, 0.0]], rtol=1e-6)


def test_keras_text_vectorization_archive_loads():
    # Printed by make_keras_adapted_files.py: the model's output and the vectorized probe.
    model = keras.models.load_model(os.path.join(DATA, 'keras3_text_vectorization.keras'))
    probe = np.array([['the cat ran'], ['a dog sat on a mat'], ['zebra']])
    np.testing.assert_allclose(model.predict_on_batch(probe).ravel(), [
        -0.6594142317771912, 0.007428038865327835, -0.516912579536438, -0.15600140392780304,
        -0.6442235708236694, -0.011887971311807632], rtol=1e-6, atol=1e-7)
    np.testing.assert_array_equal(model.layers[1](probe).numpy(), [[2, 4, 3, 0, 0], [1, 10, 5, 6, 1], [1, 0, 0, 0, 0]])


def test_keras_adapted_numeric_archive_loads():
    model = keras.models.load_model(os.path.join(DATA, 'keras3_adapted_numeric.keras'))
    outputs = model.predict([np.array([[2.0, 2.0, 25.0], [8.0, 0.0, 5.0]], 'float32'),
                             np.array([[7, 9], [5, 3]], 'int64')], verbose=0)
    np.testing.assert_allclose(outputs[0], [[-0.8944271802902222, -0.5345224738121033, 0.0],
                                            [1.7888543605804443, -1.603567361831665, -1.7888543605804443]],
                               rtol=1e-6)
    np.testing.assert_array_equal(outputs[1], [[0, 0, 1], [0, 0, 0]])
    np.testing.assert_array_equal(outputs[2], [[2, 1], [4, 0]])
