"""A legacy .h5 file whose model class itself is an unregistered custom class (a Model subclass
with its own train_step, a subclassed or a Sequential subclass) fails in the words of Keras 3's
legacy loader, which names every unknown class the same way. TF 2.21 (notes progs/kerasio39/p7.py):
  ValueError: Unknown layer: 'TS'. Please ensure you are using a `keras.utils.custom_object_scope`
  and that this object is included in the scope. See https://www.tensorflow.org/guide/keras/
  save_and_serialize#registering_the_custom_object for details.
(compile=False the same); model_from_json of the same config keeps Keras 3's 'Could not locate
class' TypeError."""
import h5py
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras

L = keras.layers


class TS(keras.Model):
    def train_step(self, data):
        return super().train_step(data)


class Sub(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = L.Dense(2)

    def call(self, x):
        return self.d(x)


class MySeq(keras.Sequential):
    pass


def _models():
    inputs = keras.Input((3,))
    sub = Sub()
    sub(np.ones((1, 3), 'float32'))
    return {'TS': TS(inputs, L.Dense(2)(inputs)), 'Sub': sub, 'MySeq': MySeq([keras.Input((3,)), L.Dense(2)])}


@pytest.mark.parametrize('name', ['TS', 'Sub', 'MySeq'])
def test_legacy_h5_names_the_unknown_model_class_as_keras(tmp_path, name):
    path = tmp_path / 'm.h5'
    _models()[name].save(path)
    expected = ("Unknown layer: '%s'. Please ensure you are using a `keras.utils.custom_object_scope` and that this "
                'object is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize'
                '#registering_the_custom_object for details.' % name)
    for compile in (True, False):
        with pytest.raises(ValueError) as info:
            keras.models.load_model(path, compile=compile)
        assert str(info.value) == expected
    custom_objects = {name: {'TS': TS, 'Sub': Sub, 'MySeq': MySeq}[name]}
    if name == 'Sub':
        # a subclassed model's .h5 config holds no build config: Keras 3 loads the weights into the
        # unbuilt model, and TF 2.21 refuses them (kerasio54)
        with pytest.raises(ValueError) as info:
            keras.models.load_model(path, custom_objects=custom_objects)
        assert str(info.value) == ('Layer count mismatch when loading weights from file. Model expected 0 layers, '
                                   'found 1 saved layers.')
        return
    loaded = keras.models.load_model(path, custom_objects=custom_objects)
    assert type(loaded).__name__ == name


def test_model_from_json_keeps_could_not_locate(tmp_path):
    path = tmp_path / 'm.h5'
    _models()['TS'].save(path)
    with h5py.File(path, 'r') as f:
        config = f.attrs['model_config']
    with pytest.raises(TypeError, match="^Could not locate class 'TS'"):
        keras.models.model_from_json(config if isinstance(config, str) else config.decode())
