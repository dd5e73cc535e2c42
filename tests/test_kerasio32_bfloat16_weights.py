"""bfloat16 weights in Keras 3's weights files. HDF5 has no bfloat16, so h5py stores it as 2-byte
opaque data ('|V2'); Keras 3.15's store marks each such dataset with the attribute dtype='bfloat16'
and its reader turns marked data back into bfloat16. tapeflow wrote no mark, and could not load its
own .keras file of a bfloat16 model ('No cast function available'). A legacy .h5 file has no mark in
Keras either, and TF 2.21 fails to load it with that ValueError."""
import io
import json
import zipfile

import h5py
import ml_dtypes
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, dtype='bfloat16', name='bf'),
                              keras.layers.Dense(1, name='f32')])
    model.compile('sgd', 'mse')
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    return model


def _marks(h5file):
    found = {}
    h5file.visititems(lambda name, obj: found.__setitem__(name, (obj.dtype.str, dict(obj.attrs)))
                      if isinstance(obj, h5py.Dataset) else None)
    return found


def test_weights_file_marks_bfloat16_datasets_as_keras(tmp_path):
    _model().save_weights(tmp_path / 'm.weights.h5')
    with h5py.File(tmp_path / 'm.weights.h5', 'r') as f:
        marks = _marks(f)
    # Keras 3.15's file: only the bfloat16 datasets carry the attribute
    assert marks['layers/dense/vars/0'] == ('|V2', {'dtype': 'bfloat16'})
    assert marks['layers/dense/vars/1'] == ('|V2', {'dtype': 'bfloat16'})
    assert marks['layers/dense_1/vars/0'] == ('<f4', {})
    assert marks['optimizer/vars/0'] == ('<i8', {})


def test_keras_archive_round_trip_keeps_bfloat16(tmp_path):
    model = _model()
    model.save(tmp_path / 'm.keras')
    with h5py.File(io.BytesIO(zipfile.ZipFile(tmp_path / 'm.keras').read('model.weights.h5')), 'r') as f:
        assert _marks(f)['layers/dense/vars/0'] == ('|V2', {'dtype': 'bfloat16'})
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert [str(w.dtype) for w in loaded.weights] == ['bfloat16', 'bfloat16', 'float32', 'float32']
    for mine, theirs in zip(model.weights, loaded.weights):
        assert np.array_equal(np.asarray(mine.numpy()).astype(np.float32), np.asarray(theirs.numpy()).astype(np.float32))


def test_load_weights_reads_bfloat16_back(tmp_path):
    model = _model()
    model.save_weights(tmp_path / 'm.weights.h5')
    fresh = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, dtype='bfloat16', name='bf'),
                              keras.layers.Dense(1, name='f32')])
    fresh.load_weights(tmp_path / 'm.weights.h5')
    assert all(np.array_equal(a.astype(np.float32), b.astype(np.float32))
               for a, b in zip(model.get_weights(), fresh.get_weights()))


def test_sharded_weights_keep_the_mark(tmp_path):
    model = _model()
    model.save_weights(tmp_path / 's.weights.json', max_shard_size=1e-7)
    with open(tmp_path / 's.weights.json') as f:
        assert json.load(f) == {'metadata': {'total_size': 46.0}, 'weight_map': {       # TF 2.21's map
            '/layers/dense/vars': ['s_00000.weights.h5'], '/layers/dense_1/vars': ['s_00000.weights.h5'],
            '/optimizer/vars': ['s_00000.weights.h5']}}
        shard = 's_00000.weights.h5'
    with h5py.File(tmp_path / shard, 'r') as f:
        assert f['layers/dense/vars/0'].attrs['dtype'] == 'bfloat16'
    fresh = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, dtype='bfloat16', name='bf'),
                              keras.layers.Dense(1, name='f32')])
    fresh.load_weights(tmp_path / 's.weights.json')
    assert all(np.array_equal(a.astype(np.float32), b.astype(np.float32))
               for a, b in zip(model.get_weights(), fresh.get_weights()))


def test_keras_files_value_reads_as_bfloat16(tmp_path):
    # a file as Keras 3.15 writes it: the bits 0x3F80 are 1.0 in bfloat16
    with h5py.File(tmp_path / 'k.weights.h5', 'w') as f:
        f.create_group('layers')
        group = f.create_group('layers/dense/vars')
        group.attrs['name'] = 'bf'
        group.create_dataset('0', data=np.full((2, 3), 1.0, ml_dtypes.bfloat16)).attrs['dtype'] = 'bfloat16'
        group.create_dataset('1', data=np.full((3,), -2.0, ml_dtypes.bfloat16)).attrs['dtype'] = 'bfloat16'
        f.create_group('vars')
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, dtype='bfloat16', name='bf')])
    model.load_weights(tmp_path / 'k.weights.h5')
    kernel, bias = model.get_weights()
    assert kernel.dtype == ml_dtypes.bfloat16 and kernel.astype(np.float32).tolist() == [[1.0] * 3] * 2
    assert bias.astype(np.float32).tolist() == [-2.0] * 3


def test_legacy_h5_of_bfloat16_fails_as_on_tensorflow(tmp_path):
    model = _model()
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        marks = _marks(f['model_weights/bf'])
    assert sorted((name.split('/')[-1], mark) for name, mark in marks.items()) == [
        ('bias', ('|V2', {})), ('kernel', ('|V2', {}))]      # Keras's legacy writer marks nothing
    with pytest.raises(ValueError, match='^No cast function available.$'):
        keras.models.load_model(tmp_path / 'm.h5', compile=False)
