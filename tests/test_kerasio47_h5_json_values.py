"""Values of a layer's config that are no JSON, in a legacy .h5 file, as Keras 3's legacy writer on TF 2.21
writes them: objects nested in lists and dicts are passive entries, a TensorShape its list, bytes
{'class_name': '__bytes__', 'value': ...}, a class its name's get_config() call fails, and what it cannot
encode is TF's TypeError 'Unable to serialize ... to JSON. Unrecognized type ...'. A built-in layer's
functions are written by registered name too (TextVectorization's standardize 'Package>fn'), which its
from_config then refuses ('Could not parse config: <function ...>'), as Keras does, and so does a
clone_model of it. tapeflow wrote serialization_lib entries or its own 'Cannot save the model: ...'
errors (probes /work/notes/progs/kerasio47/p21.py, p22.py)."""
import json
import re

import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


@keras.saving.register_keras_serializable('kio47j')
class Kio47Holds(L.Layer):
    def __init__(self, v=None, **kwargs):
        super().__init__(**kwargs)
        self.v = v

    def call(self, x):
        return x

    def get_config(self):
        return {**super().get_config(), 'v': self.v}


class Kio47Plain:
    pass


def _written(tmp_path, value):
    path = str(tmp_path / 'a.h5')
    keras.Sequential([keras.Input((2,)), Kio47Holds(value, name='v')]).save(path)
    with h5py.File(path, 'r') as f:
        return json.loads(f.attrs['model_config'])['config']['layers'][1]['config']['v']


@pytest.mark.parametrize('value, expected', [
    # TF 2.21's model_config values
    ({'a': keras.initializers.Ones(), 'b': [keras.regularizers.L2(0.1)]},
     {'a': {'class_name': 'Ones', 'config': {}, '__passive_serialization__': True},
      'b': [{'class_name': 'L2', 'config': {'l2': 0.1}, '__passive_serialization__': True}]}),
    ([keras.initializers.Zeros()], [{'class_name': 'Zeros', 'config': {}, '__passive_serialization__': True}]),
    (tf.TensorShape([None, 3]), [None, 3]),
    (b'ab', {'class_name': '__bytes__', 'value': 'ab'}),
    (Kio47Plain, 'Kio47Plain'),
    (np.array([1.5, 2.0]), [1.5, 2.0]),
    ((1, (2, 3)), [1, [2, 3]]),
])
def test_values_are_written_as_keras_legacy_writer(tmp_path, value, expected):
    assert _written(tmp_path, value) == expected


@pytest.mark.parametrize('value, error, text', [
    (tf.constant([1.0, 2.0]), TypeError,
     "Unable to serialize [1. 2.] to JSON. Unrecognized type <class 'tensorflow.python.framework.ops.EagerTensor'>."),
    (Kio47Plain(), TypeError, None),
    (keras.layers.Dense, TypeError, "Dense.get_config() missing 1 required positional argument: 'self'"),
])
def test_what_it_cannot_encode_fails_as_on_tf(tmp_path, value, error, text):
    # (Keras deep-copies the layer configs, so TF names a copy of the object: any address)
    pattern = '^%s$' % re.escape(text) if text else (
        "^Unable to serialize <%s object at 0x[0-9a-f]+> to JSON. Unrecognized type %s.$"
        % (re.escape(Kio47Plain.__module__ + '.Kio47Plain'), re.escape(str(Kio47Plain))))
    with pytest.raises(error, match=pattern):
        _written(tmp_path, value)


@keras.saving.register_keras_serializable('kio47j')
def kio47_lower(x):
    return tf.strings.lower(x)


def test_text_vectorization_function_by_name(tmp_path):
    tv = L.TextVectorization(max_tokens=5, standardize=kio47_lower, name='tv')
    tv.adapt(['A b', 'c D'])
    model = keras.Sequential([keras.Input((1,), dtype='string'), tv])
    path = str(tmp_path / 'a.h5')
    with pytest.warns(UserWarning):         # (tapeflow's note that .h5 keeps no vocabulary)
        model.save(path)
    with h5py.File(path, 'r') as f:
        config = json.loads(f.attrs['model_config'])['config']['layers'][1]['config']
    assert config['standardize'] == 'kio47j>kio47_lower' and config['split'] == 'whitespace'
    refused = re.escape('Could not parse config: %s' % (kio47_lower,))
    with pytest.raises(TypeError, match='^%s$' % refused):
        keras.models.load_model(path)
    with pytest.raises(TypeError, match='^%s$' % refused):      # Keras's from_config(get_config()) too
        keras.models.clone_model(model)
