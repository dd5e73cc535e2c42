"""``save_weights(path, max_shard_size=GB)`` writes Keras 3's sharded weights and ``load_weights``
reads them.

Goldens: TF 2.21 / Keras 3.15 on the model below (Embedding(100, 8), Flatten, Dense(4) on int32
(3,) inputs, not compiled) with ``max_shard_size=3.3e-6`` GB (3543 bytes): the embedding's 3200
bytes fill the first shard, the dense kernel opens the second; every saveable's group, with its
name, is made in the shard being filled, and the dense group goes on in the second without it.
A group of one value is mapped to its shard by a string, of more by a list.
"""
import json
import os

import h5py
import numpy as np
import pytest

from framework import keras

KERAS_MAP = {'metadata': {'total_size': 3600.0},
             'weight_map': {'/layers/embedding/vars': 'e_00000.weights.h5',
                            '/layers/dense/vars': ['e_00001.weights.h5']}}
KERAS_SHARDS = {
    'e_00000.weights.h5': ['G layers', 'G layers/dense', "G layers/dense/vars name='dense'", 'G layers/embedding',
                           "G layers/embedding/vars name='embedding'", 'D layers/embedding/vars/0 (100, 8) float32',
                           'G layers/flatten', "G layers/flatten/vars name='flatten'", "G vars name='sequential'"],
    'e_00001.weights.h5': ['G layers', 'G layers/dense', 'G layers/dense/vars',
                           'D layers/dense/vars/0 (24, 4) float32', 'D layers/dense/vars/1 (4,) float32'],
}


def _model():
    # named as Keras names them in a fresh session (the file keeps the names)
    return keras.Sequential([keras.Input((3,), dtype='int32'), keras.layers.Embedding(100, 8, name='embedding'),
                             keras.layers.Flatten(name='flatten'), keras.layers.Dense(4, name='dense')],
                            name='sequential')


def _tree(path):
    lines = []

    def visit(name, obj):
        if isinstance(obj, h5py.Dataset):
            lines.append('D %s %s %s' % (name, obj.shape, obj.dtype))
        else:
            lines.append('G %s' % name + ''.join(" %s='%s'" % kv for kv in obj.attrs.items()))
    with h5py.File(path, 'r') as f:
        f.visititems(visit)
    return lines


def test_shards_and_map_are_kerass(tmp_path):
    model = _model()
    model.save_weights(tmp_path / 'e.weights.json', max_shard_size=3.3e-6)
    assert sorted(os.listdir(tmp_path)) == ['e.weights.json', 'e_00000.weights.h5', 'e_00001.weights.h5']
    text = (tmp_path / 'e.weights.json').read_text()
    assert json.loads(text) == KERAS_MAP and text == json.dumps(KERAS_MAP, indent=4)
    assert {name: _tree(tmp_path / name) for name in KERAS_SHARDS} == KERAS_SHARDS
    other = _model()
    other.load_weights(tmp_path / 'e.weights.json')
    for a, b in zip(model.get_weights(), other.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_a_weights_h5_name_is_written_as_json_with_kerass_warning(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('adam', 'mse')
    model.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    with pytest.warns(UserWarning, match=r'Saving sharded weights requires `\*\.json` as the extension\. The '
                                         r'original path: .*w\.weights\.h5 will be renamed to .*w\.weights\.json\.'):
        model.save_weights(str(tmp_path / 'w.weights.h5'), max_shard_size=1)
    assert sorted(os.listdir(tmp_path)) == ['w.weights.json', 'w_00000.weights.h5']
    restored = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    restored.compile('adam', 'mse')
    restored.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    restored.load_weights(str(tmp_path / 'w.weights.json'))
    for a, b in zip(model.optimizer.variables, restored.optimizer.variables):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


def test_kerass_refusals(tmp_path):
    model = _model()
    with pytest.raises(ValueError, match=r'^The size of 0 is 3\.12 KB which exceeds the maximum shard size 1\.05 KB\. '
                                         r'You can increase the `max_shard_size` parameter'):
        model.save_weights(tmp_path / 'big.weights.json', max_shard_size=1e-6)
    assert os.listdir(tmp_path) == []           # all or nothing (Keras leaves its first shard behind)
    with pytest.raises(ValueError, match=r'^The filename must end in `\.weights\.json` when `max_shard_size` is '
                                         r'specified\. Received: filepath=.*bad\.h5$'):
        model.save_weights(tmp_path / 'bad.h5', max_shard_size=1)
    with pytest.raises(FileNotFoundError):
        model.load_weights(tmp_path / 'none.weights.json')
