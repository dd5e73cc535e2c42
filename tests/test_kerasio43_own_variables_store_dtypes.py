"""A layer's save_own_variables puts a value Keras 3's weights store cannot file (progs/kerasio43/p15.py,
p17.py). TF 2.21 (Keras's H5IOStore.__setitem__: np.array(value), then standardize_dtype of its dtype
name) raises ValueError 'Invalid dtype: str96' for 'abc', 'str64' for np.array(['x', 'yy']), 'bytes16'
for b'ab', 'object' for None, a dict or a string tensor; numbers, lists and tensors are filed as numpy
arrays. tapeflow before: the string and bytes were filed (loaded back as b'abc'), None and dicts raised
h5py's TypeError ('One of data, shape or dtype must be specified', 'Object dtype dtype('O') has no native
HDF5 equivalent'). As before, nothing is written when the save fails (tapeflow's atomic saves)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

STORED = {}


class Own(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(2,), initializer='ones', name='w')

    def call(self, x):
        return x * self.w

    def save_own_variables(self, store):
        super().save_own_variables(store)
        store['v'] = STORED['v']

    def load_own_variables(self, store):
        STORED['loaded'] = store['v']
        self.w.assign(store['0'])


def _model():
    i = keras.Input((2,))
    return keras.Model(i, Own(name='own')(i))


@pytest.mark.parametrize('value, name', [('abc', 'str96'), (np.array(['x', 'yy']), 'str64'), (b'ab', 'bytes16'),
                                         (None, 'object'), ({'a': 1}, 'object'), (tf.constant(['a', 'b']), 'object')])
@pytest.mark.parametrize('suffix', ['keras', 'weights.h5'])
def test_values_keras_cannot_file_are_refused_by_dtype_name(tmp_path, value, name, suffix):
    STORED['v'] = value
    model, path = _model(), str(tmp_path / ('o.' + suffix))
    with pytest.raises(ValueError, match='^Invalid dtype: %s$' % name):
        model.save(path) if suffix == 'keras' else model.save_weights(path)
    assert not (tmp_path / ('o.' + suffix)).exists()


@pytest.mark.parametrize('value, dtype', [([1, 2], 'int64'), (3.5, 'float64'), (True, 'bool'),
                                          (tf.constant([1., 2.]), 'float32'), (np.array([1, 2], 'int8'), 'int8')])
def test_numbers_are_filed_as_numpy_arrays(tmp_path, value, dtype):
    STORED['v'] = value
    model = _model()
    model.save_weights(str(tmp_path / 'o.weights.h5'))
    model.load_weights(str(tmp_path / 'o.weights.h5'))
    loaded = STORED.pop('loaded')
    assert isinstance(loaded, np.ndarray) and str(loaded.dtype) == dtype
    np.testing.assert_array_equal(loaded, np.array(value))
