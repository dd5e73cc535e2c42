"""A user's get_config that serializes a sublayer gets TF 2.21's 'shared_object_id' marks in config.json.

Keras 3.15 marks the global dtype policy's first config too when the policy is serialized again
before the get_config that made that config has returned: the Keras guide's
``{**super().get_config(), 'sublayer': serialize_keras_object(self.sublayer)}`` then carries the
id on every layer, where tapeflow left the sublayer's policy unmarked. Serialized in the other
order (sublayer first) the sublayer's stays unmarked, as for Keras's own wrappers.

Values: the config.json of the files TF 2.21 wrote for the same models
(/work/notes/progs/kerasio27/q11_shared_ids.py, read with marks_of.py there).
"""
import json
import zipfile

import numpy as np

from framework import keras
from tests.helpers_policy_marks import policy_marks as _marks


@keras.saving.register_keras_serializable(package='K27')
class SuperFirst(keras.layers.Layer):
    """The Keras serialization guide's CustomLayer: its own config first, then the sublayer's."""

    def __init__(self, sublayer, **kwargs):
        super().__init__(**kwargs)
        self.sublayer = sublayer

    def call(self, x):
        return self.sublayer(x)

    def get_config(self):
        base_config = super().get_config()
        return {**base_config, 'sublayer': keras.saving.serialize_keras_object(self.sublayer)}

    @classmethod
    def from_config(cls, config):
        sublayer = keras.saving.deserialize_keras_object(config.pop('sublayer'))
        return cls(sublayer, **config)


@keras.saving.register_keras_serializable(package='K27')
class SublayerFirst(SuperFirst):
    def get_config(self):
        config = {'sublayer': keras.saving.serialize_keras_object(self.sublayer)}
        return {**super(SuperFirst, self).get_config(), **config}


@keras.saving.register_keras_serializable(package='K27')
class Between(keras.layers.Layer):
    """One sublayer serialized before its own config, one after."""

    def __init__(self, a=None, b=None, **kwargs):
        super().__init__(**kwargs)
        self.a = a or keras.layers.Dense(2, name='a')
        self.b = b or keras.layers.Dense(2, name='b')

    def call(self, x):
        return self.b(self.a(x))

    def get_config(self):
        config = {'a': keras.saving.serialize_keras_object(self.a)}
        config.update(super().get_config())
        config['b'] = keras.saving.serialize_keras_object(self.b)
        return config

    @classmethod
    def from_config(cls, config):
        config['a'] = keras.saving.deserialize_keras_object(config['a'])
        config['b'] = keras.saving.deserialize_keras_object(config['b'])
        return cls(**config)


@keras.saving.register_keras_serializable(package='K27')
class SubModel(keras.Model):
    def __init__(self, block=None, **kwargs):
        super().__init__(**kwargs)
        self.block = block or keras.layers.Dense(3, name='block')
        self.head = keras.layers.Dense(1, name='head')

    def call(self, x):
        return self.head(self.block(x))

    def get_config(self):
        return {**super().get_config(), 'block': keras.saving.serialize_keras_object(self.block)}

    @classmethod
    def from_config(cls, config):
        config['block'] = keras.saving.deserialize_keras_object(config['block'])
        return cls(**config)


def _saved_marks(model, tmp_path):
    model(np.ones((2, 3), 'float32'))
    model.save(tmp_path / 'm.keras')
    marks = _marks(json.loads(zipfile.ZipFile(tmp_path / 'm.keras').read('config.json')))
    keras.models.load_model(tmp_path / 'm.keras')        # the marks read back
    return marks


def _sequential(layer):
    return keras.Sequential([keras.Input((3,)), layer], name='seq')


def test_the_guides_pattern_marks_the_sublayer_too(tmp_path):
    model = _sequential(SuperFirst(keras.layers.Dense(2, name='d'), name='sf'))
    assert _saved_marks(model, tmp_path) == [('/seq', True), ('/seq/sf', True), ('/seq/sf/d', True)]


def test_a_sublayer_serialized_first_stays_unmarked(tmp_path):
    model = _sequential(SublayerFirst(keras.layers.Dense(2, name='d'), name='nf'))
    assert _saved_marks(model, tmp_path) == [('/seq', True), ('/seq/nf', True), ('/seq/nf/d', False)]


def test_a_layer_before_the_custom_one_keeps_the_first_config(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, name='first'),
                              SuperFirst(keras.layers.Dense(2, name='d'), name='sf')], name='seq')
    assert _saved_marks(model, tmp_path) == [('/seq', True), ('/seq/first', False), ('/seq/sf', True),
                                             ('/seq/sf/d', True)]


def test_sublayers_serialized_before_and_after_the_own_config(tmp_path):
    model = _sequential(Between(name='two'))
    assert _saved_marks(model, tmp_path) == [('/seq', True), ('/seq/two', True), ('/seq/two/a', False),
                                             ('/seq/two/b', True)]


def test_custom_layers_nested_in_each_other(tmp_path):
    model = _sequential(SuperFirst(SuperFirst(keras.layers.Dense(2, name='d'), name='inner'), name='outer'))
    assert _saved_marks(model, tmp_path) == [('/seq', True), ('/seq/outer', True), ('/seq/outer/inner', True),
                                             ('/seq/outer/inner/d', True)]


def test_a_subclassed_models_own_get_config(tmp_path):
    assert _saved_marks(SubModel(name='sub'), tmp_path) == [('/sub', True), ('/sub/block', True)]


def test_a_functional_model(tmp_path):
    inputs = keras.Input((3,))
    model = keras.Model(inputs, SuperFirst(keras.layers.Dense(2, name='d'), name='sf')(inputs), name='fn')
    assert _saved_marks(model, tmp_path) == [('/fn/sf', True), ('/fn/sf/d', True)]


def test_an_own_dtype_is_not_shared(tmp_path):
    model = _sequential(SuperFirst(keras.layers.Dense(2, name='d'), name='sf', dtype='float64'))
    assert _saved_marks(model, tmp_path) == [('/seq', True), ('/seq/sf', False), ('/seq/sf/d', False)]


def test_a_model_the_custom_layer_serializes(tmp_path):
    inner = keras.Sequential([keras.layers.Dense(2, name='d1'), keras.layers.Dense(2, name='d2')], name='inner')
    model = _sequential(SuperFirst(inner, name='sf'))
    assert _saved_marks(model, tmp_path) == [('/seq', True), ('/seq/sf', True), ('/seq/sf/inner', True),
                                             ('/seq/sf/inner/d1', True), ('/seq/sf/inner/d2', True)]
