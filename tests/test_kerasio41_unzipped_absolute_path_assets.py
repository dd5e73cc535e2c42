"""``save_model(model, '/abs/dir', zipped=False)`` makes the ``assets/`` directories Keras 3.15.1 makes.

Keras's DiskIOStore joins its temporary directory with ``<dir>/assets``; an absolute ``<dir>`` wins
that join, so ``assets/`` is made in place, with a directory per layer that has ``save_assets``
(empty where the layer writes no file). os.walk listings printed by TF 2.21 with
/work/notes/progs/kerasio41/p12.py, e.g.::

    saving.save_model(keras.Sequential([keras.Input((3,)), L.Dense(1)]), os.path.abspath('d'), zipped=False)
    # [('.', ['assets'], ['config.json', 'metadata.json', 'model.weights.h5']), ('assets', [], [])]
"""
import os

import numpy as np

from framework import keras

L = keras.layers
FILES = ['config.json', 'metadata.json', 'model.weights.h5']


def _walk(path):
    return [(os.path.relpath(root, path), sorted(dirs), sorted(files)) for root, dirs, files in sorted(os.walk(path))]


def test_a_model_without_assets_gets_an_empty_assets_directory(tmp_path):
    model = keras.Sequential([keras.Input((3,)), L.Dense(1)])
    keras.saving.save_model(model, str(tmp_path / 'd'), zipped=False)
    assert _walk(tmp_path / 'd') == [('.', ['assets'], FILES), ('assets', [], [])]
    x = np.ones((2, 3), 'float32')
    np.testing.assert_array_equal(keras.models.load_model(tmp_path / 'd').predict(x, verbose=0),
                                  model.predict(x, verbose=0))


def test_a_layer_given_its_vocabulary_gets_empty_directories(tmp_path):
    keras.backend.clear_session()       # (the layer's name: earlier tests made TextVectorizations too)
    vectorizer = L.TextVectorization(vocabulary=['a', 'b'])
    text = keras.Input((1,), dtype='string')
    keras.saving.save_model(keras.Model(text, vectorizer(text)), tmp_path / 'tv', zipped=False)
    assert _walk(tmp_path / 'tv') == [
        ('.', ['assets'], FILES), ('assets', ['layers'], []), ('assets/layers', ['text_vectorization'], []),
        ('assets/layers/text_vectorization', ['_lookup_layer'], []),
        ('assets/layers/text_vectorization/_lookup_layer', [], [])]
    back = keras.models.load_model(tmp_path / 'tv').layers[1]
    assert back.get_vocabulary() == ['', '[UNK]', 'a', 'b']


def test_an_adapted_vocabulary_is_written_in_place(tmp_path):
    keras.backend.clear_session()
    lookup = L.StringLookup()
    lookup.adapt(np.array([['a'], ['b'], ['a']]))
    text = keras.Input((1,), dtype='string')
    keras.saving.save_model(keras.Model(text, lookup(text)), tmp_path / 'lk', zipped=False)
    assert _walk(tmp_path / 'lk') == [
        ('.', ['assets'], FILES), ('assets', ['layers'], []), ('assets/layers', ['string_lookup'], []),
        ('assets/layers/string_lookup', [], ['vocabulary.txt'])]
    assert keras.models.load_model(tmp_path / 'lk').layers[1].get_vocabulary() == ['[UNK]', 'a', 'b']
