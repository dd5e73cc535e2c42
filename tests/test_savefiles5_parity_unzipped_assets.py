"""``save_model(model, 'dir', zipped=False)`` makes the directories Keras 3 makes.

Expected: TF 2.21 / Keras 3.15.1, os.walk of the directory (/work/notes/progs/kerasio27/
q17_unzipped_assets.py): for a relative path, config.json, metadata.json and model.weights.h5
only. Keras 3.15.1 writes the asset files into a temporary directory it deletes, so no ``assets/``
is left, not even for a layer given its vocabulary. An adapted vocabulary Keras loses that way;
tapeflow keeps its files under ``assets/``, which Keras's loader reads. (An absolute path gives
Keras's ``assets/`` directories: tests/test_kerasio41_unzipped_absolute_path_assets.py.)
"""
import os

import numpy as np

from framework import keras


def _walk(path):
    return [(os.path.relpath(root, path), sorted(dirs), sorted(files)) for root, dirs, files in sorted(os.walk(path))]


def test_a_model_without_assets_gets_no_assets_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)     # a relative path: Keras's asset directory goes to its temporary one
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    keras.saving.save_model(model, 'm', zipped=False)
    assert _walk(tmp_path / 'm') == [('.', [], ['config.json', 'metadata.json', 'model.weights.h5'])]


def test_layers_given_their_vocabulary_write_no_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    keras.backend.clear_session()       # (the layer's name below: earlier tests made TextVectorizations too)
    vectorizer = keras.layers.TextVectorization(vocabulary=['a', 'b'])
    text = keras.Input((1,), dtype='string')
    model = keras.Model(text, vectorizer(text))
    keras.saving.save_model(model, 'm', zipped=False)
    assert _walk(tmp_path / 'm') == [('.', [], ['config.json', 'metadata.json', 'model.weights.h5'])]
    # as in TF 2.21, the reloaded layer's build config is the saved JSON list: the only difference
    # (/work/notes/progs/kerasio35/t_tvcfg.py)
    back = keras.models.load_model(tmp_path / 'm').get_config()['layers']
    changed = [(x['name'], x.get('build_config'), y.get('build_config'))
               for x, y in zip(back, model.get_config()['layers']) if x != y]
    assert repr(changed) == "[('text_vectorization', {'input_shape': [None, 1]}, {'input_shape': (None, 1)})]"


def test_an_adapted_vocabulary_is_kept(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lookup = keras.layers.StringLookup()
    lookup.adapt(np.array([['a'], ['b'], ['a']]))
    text = keras.Input((1,), dtype='string')
    keras.saving.save_model(keras.Model(text, lookup(text)), 'm', zipped=False)
    assert _walk(tmp_path / 'm') == [
        ('.', ['assets'], ['config.json', 'metadata.json', 'model.weights.h5']),
        ('assets', ['layers'], []), ('assets/layers', ['string_lookup'], []),
        ('assets/layers/string_lookup', [], ['vocabulary.txt'])]
    assert keras.models.load_model(tmp_path / 'm').layers[1].get_vocabulary() == ['[UNK]', 'a', 'b']
