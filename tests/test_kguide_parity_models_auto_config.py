"""Keras 3's automatic get_config for layer subclasses without one (the subclassing guide's
serialization section; Operation.__new__ records the constructor arguments).

Golden configs printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for the same classes.
"""
import numpy as np
import pytest

from framework import keras

_FLOAT32 = {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'}, 'registered_name': None}


class WithKwargs(keras.layers.Layer):
    def __init__(self, units=3, act='relu', **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units)

    def call(self, x):
        return self.dense(x)


class NoNameParameter(keras.layers.Layer):
    def __init__(self, units=3):
        super().__init__()
        self.units = units


class TakesAnObject(keras.layers.Layer):
    def __init__(self, units, obj):
        super().__init__()


class PositionalOnly(keras.layers.Layer):
    def __init__(self, a, /, b=2):
        super().__init__()


class SubclassedModel(keras.Model):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units)

    def call(self, x):
        return self.dense(x)


def test_recorded_arguments_with_defaults_follow_the_name():
    assert WithKwargs(name='a').get_config() == {'name': 'a', 'units': 3, 'act': 'relu', 'trainable': True,
                                                 'dtype': _FLOAT32}
    config = WithKwargs(5, name='x', trainable=False).get_config()
    assert list(config) == ['name', 'units', 'act', 'trainable', 'dtype']
    assert config['units'] == 5 and config['trainable'] is False


def test_name_is_left_out_when_init_cannot_take_it():
    assert NoNameParameter(units=7).get_config() == {'units': 7, 'trainable': True, 'dtype': _FLOAT32}


def test_plain_layer_lists_keras_init_arguments_in_keras_order():
    config = keras.layers.Layer(name='q', dtype='float64', autocast=False).get_config()
    # TF: {'name': 'q', 'activity_regularizer': None, 'trainable': True, 'dtype': {... 'float64'}, 'autocast': False}
    assert list(config) == ['name', 'activity_regularizer', 'trainable', 'dtype', 'autocast']
    assert config['autocast'] is False and config['dtype']['config']['name'] == 'float64'
    assert keras.layers.Layer.from_config(config).dtype == 'float64'


@pytest.mark.parametrize('make, first_line', [
    (lambda: TakesAnObject(2, object()), 'Object TakesAnObject was created by passing'),
    (lambda: PositionalOnly(1), 'Object PositionalOnly was created by passing'),
])
def test_no_automatic_config_raises_keras_not_implemented_error(make, first_line):
    with pytest.raises(NotImplementedError) as info:
        make().get_config()
    assert str(info.value).strip().splitlines()[0] == first_line
    assert 'get_config()' in str(info.value)


def test_subclassed_model_records_only_its_defaults_as_keras_does():
    # Keras's Model.__new__ passes no arguments on: TF prints units 2 for SubclassedModel(5)
    config = SubclassedModel(5, name='mm', trainable=False).get_config()
    assert config == {'name': 'mm', 'units': 2, 'trainable': False, 'dtype': _FLOAT32}


def test_functional_model_with_an_automatic_config_layer_round_trips(tmp_path):
    inputs = keras.Input((2,))
    model = keras.Model(inputs, WithKwargs(4)(inputs))
    assert model.get_config()['layers'][1]['config']['units'] == 4
    rebuilt = keras.Model.from_config(model.get_config(), custom_objects={'WithKwargs': WithKwargs})
    assert rebuilt.layers[1].units == 4
    path = str(tmp_path / 'auto.keras')
    model.save(path)
    loaded = keras.models.load_model(path, custom_objects={'WithKwargs': WithKwargs})
    x = np.ones((1, 2), 'float32')
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
