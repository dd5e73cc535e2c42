"""``save_model(model, 'dir', zipped=False)`` makes the directories Keras 3 makes.

Expected: TF 2.21 / Keras 3.15, os.walk of the directory: ``assets/`` always, and one directory
per layer that has ``save_assets`` (lookups, TextVectorization and its ``_lookup_layer``), empty
when the layer was given its vocabulary and so writes no file.
"""
import os

from framework import keras


def _walk(path):
    return [(os.path.relpath(root, path), sorted(dirs), sorted(files)) for root, dirs, files in sorted(os.walk(path))]


def test_a_model_without_assets_still_gets_an_assets_directory(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    keras.saving.save_model(model, tmp_path / 'm', zipped=False)
    assert _walk(tmp_path / 'm') == [('.', ['assets'], ['config.json', 'metadata.json', 'model.weights.h5']),
                                     ('assets', [], [])]


def test_layers_with_save_assets_get_their_directory_even_empty(tmp_path):
    vectorizer = keras.layers.TextVectorization(vocabulary=['a', 'b'])
    text = keras.Input((1,), dtype='string')
    model = keras.Model(text, vectorizer(text))
    keras.saving.save_model(model, tmp_path / 'm', zipped=False)
    assert _walk(tmp_path / 'm') == [
        ('.', ['assets'], ['config.json', 'metadata.json', 'model.weights.h5']),
        ('assets', ['layers'], []), ('assets/layers', ['text_vectorization'], []),
        ('assets/layers/text_vectorization', ['_lookup_layer'], []),
        ('assets/layers/text_vectorization/_lookup_layer', [], [])]
    assert keras.models.load_model(tmp_path / 'm').get_config() == model.get_config()
