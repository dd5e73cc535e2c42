"""A user's get_config returning a layer object: Keras 3 serializes it after get_config returns.

TF 2.21 (printed with /work/notes/progs/kerasio40/p17.py and p18.py):
- a subclassed model whose get_config returns ``{**super().get_config(), 'h': self.h}`` saves to .keras
  (config 'h' is the Dense's config) and loads with a from_config that deserializes it;
- in config.json the user's layer's own dtype policy (made in super().get_config()) comes first, so
  only the sublayer's policy carries 'shared_object_id'.
"""
import json
import zipfile

import numpy as np

from framework import keras
from helpers_policy_marks import policy_marks

L = keras.layers


class Holder(keras.Model):
    def __init__(self, h=None, **kwargs):
        super().__init__(**kwargs)
        self.h = h or L.Dense(3)

    def call(self, x):
        return self.h(x)

    def get_config(self):
        return {**super().get_config(), 'h': self.h}

    @classmethod
    def from_config(cls, config):
        return cls(**dict(config, h=keras.layers.deserialize(config['h'])))


class RawSub(L.Layer):
    def __init__(self, sub=None, **kwargs):
        super().__init__(**kwargs)
        self.sub = sub or L.Dense(2)

    def call(self, x):
        return self.sub(x)

    def get_config(self):
        return {**super().get_config(), 'sub': self.sub}

    @classmethod
    def from_config(cls, config):
        return cls(**dict(config, sub=keras.layers.deserialize(config['sub'])))


def _config_json(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read('config.json'))


def test_a_subclassed_model_returning_a_layer_in_get_config_saves_and_loads(tmp_path):
    keras.backend.clear_session()
    model = Holder(name='holder')
    x = np.ones((2, 3), 'float32')
    model(x)
    path = str(tmp_path / 'holder.keras')
    model.save(path)         # tapeflow before: TypeError "Cannot save the model: Holder.config.h is the Python object"
    config = _config_json(path)['config']
    assert config['h']['class_name'] == 'Dense' and config['h']['config']['units'] == 3
    # TF 2.21: the model's own policy first (no mark), the Dense's marked
    assert policy_marks(config) == [('', False), ('/dense', True)]
    loaded = keras.models.load_model(path, custom_objects={'Holder': Holder})
    np.testing.assert_array_equal(loaded(x).numpy(), model(x).numpy())
    assert keras.saving.serialize_keras_object(model)['config']['h']['class_name'] == 'Dense'


def test_a_users_layer_policy_is_met_before_the_sublayer_it_returns(tmp_path):
    keras.backend.clear_session()
    inputs = keras.Input((3,))
    model = keras.Model(inputs, RawSub(name='raw')(inputs))
    path = str(tmp_path / 'raw.keras')
    model.save(path)
    # TF 2.21: 'raw' carries no mark, its 'sub' Dense does (tapeflow before: the reverse)
    assert policy_marks(_config_json(path)['config']['layers']) == [('/raw', False), ('/raw/dense', True)]
    loaded = keras.models.load_model(path, custom_objects={'RawSub': RawSub})
    assert loaded.layers[1].sub.units == 2
