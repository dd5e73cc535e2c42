"""model.save('m.h5') of a subclassed model writes Keras 3's legacy root, as TF 2.21 does
(legacy saving_utils.model_metadata): {'class_name': <the Python class name>, 'config': get_config()}, with
no 'registered_name' and no 'build_config' (tapeflow added both), and a Sequential subclass lists its
layers in the legacy form ({'class_name', 'config'} entries; tapeflow kept the .keras entries with 'module'
and 'registered_name'). Loading such a file then fails as there: a registered class is not found under its
bare name ("Unknown layer: 'Net'. ..."), and with custom_objects the unbuilt model refuses the weights
('Layer count mismatch ...'; tapeflow built it from the first Dense kernel). Probe:
notes progs/kerasio54/p5.py."""
import json

import h5py
import numpy as np
import pytest

from framework import keras

L = keras.layers

UNKNOWN = ("Unknown layer: '%s'. Please ensure you are using a `keras.utils.custom_object_scope` and that this "
           'object is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize'
           '#registering_the_custom_object for details.')


@keras.saving.register_keras_serializable(package='k54')
class K54Net(keras.Model):
    def __init__(self, u=2, **kwargs):
        super().__init__(**kwargs)
        self.u = u
        self.d = L.Dense(u)

    def call(self, x):
        return self.d(x)

    def get_config(self):
        return {**super().get_config(), 'u': self.u}


@keras.saving.register_keras_serializable(package='k54')
class K54Seq(keras.Sequential):
    pass


class K54RefusesBuildConfig(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = L.Dense(2)

    def call(self, x):
        return self.d(x)

    def get_build_config(self):
        raise RuntimeError('no build config')


def _model_config(path):
    with h5py.File(path, 'r') as f:
        return json.loads(f.attrs['model_config'])


def _built(model):
    model(np.ones((2, 4), 'float32'))
    return model


def test_subclassed_root_is_class_name_and_config_alone(tmp_path):
    path = str(tmp_path / 'net.h5')
    _built(K54Net(3)).save(path)
    # TF 2.21: {"class_name": "K54Net", "config": {"name": "k54_net", "trainable": true, "dtype": {...}, "u": 3}}
    config = _model_config(path)
    assert sorted(config) == ['class_name', 'config']
    assert config['class_name'] == 'K54Net'
    assert config['config']['u'] == 3 and config['config']['name'] == 'k54_net'


def test_root_build_config_is_not_asked(tmp_path):
    # TF 2.21 saves: the legacy writer never calls the root's get_build_config
    path = str(tmp_path / 'r.h5')
    _built(K54RefusesBuildConfig()).save(path)
    assert sorted(_model_config(path)) == ['class_name', 'config']


def test_sequential_subclass_lists_legacy_entries(tmp_path):
    path = str(tmp_path / 'seq.h5')
    K54Seq([keras.Input((4,)), L.Dense(2, name='d')]).save(path)
    config = _model_config(path)
    assert sorted(config) == ['class_name', 'config'] and config['class_name'] == 'K54Seq'
    # TF 2.21: [{'class_name': 'InputLayer', 'config': {...}}, {'class_name': 'Dense', 'config': {...}}]
    entries = config['config']['layers']
    assert [sorted(entry) for entry in entries] == [['class_name', 'config'], ['class_name', 'config']]
    assert [entry['class_name'] for entry in entries] == ['InputLayer', 'Dense']
    assert config['config']['build_input_shape'] == [None, 4]


@pytest.mark.parametrize('compile', [True, False])
def test_registered_class_is_unknown_by_its_bare_name(tmp_path, compile):
    path = str(tmp_path / 'net.h5')
    _built(K54Net(3)).save(path)
    with pytest.raises(ValueError) as info:
        keras.saving.load_model(path, compile=compile)
    assert str(info.value) == UNKNOWN % 'K54Net'
    seq = str(tmp_path / 'seq.h5')
    K54Seq([keras.Input((4,)), L.Dense(2)]).save(seq)
    with pytest.raises(ValueError) as info:
        keras.saving.load_model(seq, compile=compile)
    assert str(info.value) == UNKNOWN % 'K54Seq'


def test_custom_objects_leave_the_subclassed_model_unbuilt(tmp_path):
    path = str(tmp_path / 'net.h5')
    _built(K54Net(3)).save(path)
    with pytest.raises(ValueError) as info:
        keras.saving.load_model(path, custom_objects={'K54Net': K54Net})
    assert str(info.value) == ('Layer count mismatch when loading weights from file. Model expected 0 layers, '
                               'found 1 saved layers.')


def test_custom_objects_load_a_sequential_subclass(tmp_path):
    path = str(tmp_path / 'seq.h5')
    model = K54Seq([keras.Input((4,)), L.Dense(2)])
    for i, v in enumerate(model.weights):
        v.assign(np.arange(np.prod(v.shape), dtype='float32').reshape(v.shape) / 10 + i)
    model.save(path)
    loaded = keras.saving.load_model(path, custom_objects={'K54Seq': K54Seq})
    assert type(loaded) is K54Seq
    x = np.ones((2, 4), 'float32')
    # x @ kernel + bias: [1.2 + 1, 1.6 + 1.1]
    np.testing.assert_allclose(loaded.predict(x, verbose=0), [[2.2, 2.7], [2.2, 2.7]], rtol=1e-6)
