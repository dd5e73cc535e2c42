"""Objects a custom layer's get_config returns, in a legacy .h5 file, as Keras 3's legacy serializer on
TF 2.21 writes and reads them: an object becomes {'class_name', 'config', '__passive_serialization__': True}
(no module, no build config), a function its registered name; the loader makes each passive entry an
object again before from_config, looking it up in the registry, custom_objects and keras.layers only, so
an initializer or regularizer entry is "Unknown config_item: 'Constant'" and a layer entry arrives made.
tapeflow wrote serialization_lib's {'module', 'class_name', 'config', 'registered_name'} entries and read
them back as dicts (probes /work/notes/progs/kerasio47/p4.py, p8.py)."""
import json
import re

import h5py
import numpy as np
import pytest

from framework import keras

L = keras.layers


@keras.saving.register_keras_serializable('kio47')
def kio47_twice(x):
    return 2 * x


@keras.saving.register_keras_serializable('kio47')
class Kio47Scale(L.Layer):
    """Keeps what it was given, as a user's layer often does, and returns the objects from get_config."""

    def __init__(self, init='ones', fn=None, inner=None, **kwargs):
        super().__init__(**kwargs)
        self.init, self.fn, self.inner = keras.initializers.get(init), fn, inner

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1],), initializer=self.init)

    def call(self, x):
        return self.w * x

    def get_config(self):
        return {**super().get_config(), 'init': self.init, 'fn': self.fn, 'inner': self.inner}


@keras.saving.register_keras_serializable('kio47')
class Kio47Holder(L.Layer):
    """A from_config written for .keras files: it deserializes its nested layer itself."""

    def __init__(self, inner=None, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner if inner is not None else L.Dense(2, name='held')

    def call(self, x):
        return self.inner(x)

    def compute_output_shape(self, shape):
        return shape[:-1] + (2,)

    def get_config(self):
        return {**super().get_config(), 'inner': self.inner}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config['inner'] = keras.layers.deserialize(config['inner'])
        return cls(**config)


def _saved_entry(tmp_path, layer):
    path = str(tmp_path / 'a.h5')
    keras.Sequential([keras.Input((2,)), layer]).save(path)
    with h5py.File(path, 'r') as f:
        return path, json.loads(f.attrs['model_config'])['config']['layers'][1]


def test_objects_are_written_passive(tmp_path):
    _, entry = _saved_entry(tmp_path, Kio47Scale(init=keras.initializers.Constant(0.5), fn=kio47_twice,
                                                 inner=keras.regularizers.L2(0.1), name='sc'))
    config = entry['config']
    # TF 2.21's model_config entry
    assert entry['class_name'] == 'kio47>Kio47Scale'
    assert config['init'] == {'class_name': 'Constant', 'config': {'value': 0.5}, '__passive_serialization__': True}
    assert config['fn'] == 'kio47>kio47_twice'
    assert config['inner'] == {'class_name': 'L2', 'config': {'l2': 0.1}, '__passive_serialization__': True}
    assert config['dtype'] == {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'},
                               'registered_name': None}


def test_a_built_in_function_is_written_by_name(tmp_path):
    _, entry = _saved_entry(tmp_path, Kio47Scale(fn=keras.activations.relu, name='sc'))
    assert entry['config']['fn'] == 'relu'
    assert entry['config']['init'] == {'class_name': 'Ones', 'config': {}, '__passive_serialization__': True}


def test_an_initializer_entry_is_an_unknown_config_item(tmp_path):
    path, _ = _saved_entry(tmp_path, Kio47Scale(fn=kio47_twice, name='sc'))
    # TF 2.21: the legacy loader looks 'Ones' up in keras.layers, not keras.initializers
    with pytest.raises(ValueError, match=re.escape(
            "Unknown config_item: 'Ones'. Please ensure you are using a `keras.utils.custom_object_scope` and that "
            "this object is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
            "#registering_the_custom_object for details.")):
        keras.models.load_model(path)


def test_an_initializer_entry_loads_when_custom_objects_name_it(tmp_path):
    path, _ = _saved_entry(tmp_path, Kio47Scale(init=keras.initializers.Constant(0.5), fn=kio47_twice, name='sc'))
    loaded = keras.models.load_model(path, custom_objects={'Constant': keras.initializers.Constant})
    layer = loaded.layers[0]
    # TF 2.21: the layer gets the made initializer and the registered function back
    assert isinstance(layer.init, keras.initializers.Constant) and layer.fn is kio47_twice
    np.testing.assert_array_equal(loaded.predict(np.array([[1.0, 2.0]]), verbose=0), [[0.5, 1.0]])


def test_a_layer_entry_reaches_from_config_made(tmp_path):
    path, entry = _saved_entry(tmp_path, Kio47Holder(name='h'))
    assert sorted(entry['config']['inner']) == ['__passive_serialization__', 'class_name', 'config']
    # TF 2.21: keras.layers.deserialize is handed the Dense the loader made
    with pytest.raises(TypeError, match=re.escape('Could not parse config: <Dense name=held, built=False>')):
        keras.models.load_model(path)
