"""``save_model(model, 'dir', zipped=False)`` writes the .keras archive's members as files of a
directory and ``load_model('dir')`` reads it back, as Keras 3.15 does (layout printed by TF 2.21 for
the same program: /work/notes/progs/kfiles/unz.py; TF and tapeflow load each other's directories)."""
import json
import os

import numpy as np
import pytest

from framework import keras


def _model():
    keras.backend.clear_session()
    vectorize = keras.layers.TextVectorization(max_tokens=8)
    vectorize.adapt(['a b c', 'b c d'])
    inp = keras.Input((1,), dtype='string')
    model = keras.Model(inp, keras.layers.Dense(1)(keras.layers.Embedding(8, 2)(vectorize(inp))))
    model.compile('adam', 'mse')
    return model


def test_an_unzipped_archive_is_a_directory_of_the_members_and_loads_back(tmp_path):
    model = _model()
    path = str(tmp_path / 'model_dir')
    keras.saving.save_model(model, path, zipped=False)
    found = sorted(os.path.relpath(os.path.join(root, name), path).replace(os.sep, '/')
                   for root, _, names in os.walk(path) for name in names)
    assert found == ['assets/layers/text_vectorization/_lookup_layer/vocabulary.txt',
                     'assets/layers/text_vectorization/vocabulary.txt', 'config.json', 'metadata.json',
                     'model.weights.h5']
    with open(os.path.join(path, 'metadata.json')) as f:
        assert sorted(json.load(f)) == ['date_saved', 'keras_version']
    with pytest.warns(UserWarning, match="Skipping variable loading for optimizer 'adam'"):
        loaded = keras.models.load_model(path)
    assert loaded.layers[1].get_vocabulary() == ['', '[UNK]', 'c', 'b', 'd', 'a']
    x = keras.ops.convert_to_tensor([['a b'], ['c d']])
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))


def test_zipped_false_refuses_a_keras_suffix(tmp_path):
    with pytest.raises(ValueError, match=r'^When using `zipped=False`, the `filepath` argument should not end in '
                                         r'`.keras`. Received: filepath=.*m.keras$'):
        _model().save(str(tmp_path / 'm.keras'), zipped=False)
