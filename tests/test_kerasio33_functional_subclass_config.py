"""get_config / from_config of Model subclasses built from inputs and outputs, as Keras 3.15's
Functional (functional_like_constructor): a constructor that takes no graph (``__init__(self,
units=2, **kwargs)`` building its own) gets only the base layer config; one that takes the graph
gets the graph. tapeflow wrote the graph for both, so its .keras file held 'layers', 'input_layers'
... that TF 2.21 passes on to such a constructor. Expected values printed by TF
(progs/kerasio33/r31_functional_subclass.py and the same cases run under TF)."""
import json
import zipfile

import numpy as np

import framework as tf  # noqa: F401
from framework import keras

FLOAT32 = {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'}, 'registered_name': None}


class BuildsItsOwn(keras.Model):
    def __init__(self, units=2, **kwargs):
        inputs = keras.Input((3,))
        super().__init__(inputs, keras.layers.Dense(units)(inputs), **kwargs)
        self.units = units


class TakesTheGraph(keras.Model):
    def __init__(self, inputs, outputs, name=None, **kwargs):
        super().__init__(inputs, outputs, name=name, **kwargs)


class NoInit(keras.Model):
    pass


def _graph(cls):
    inputs = keras.Input((3,), name='x')
    return cls(inputs, keras.layers.Dense(2, name='d')(inputs), name='g')


def test_a_constructor_without_a_graph_gets_the_base_config(tmp_path):
    model = BuildsItsOwn(units=5, name='own')
    assert model.get_config() == {'name': 'own', 'trainable': True, 'dtype': FLOAT32}
    model.save(tmp_path / 'own.keras')
    config = json.loads(zipfile.ZipFile(tmp_path / 'own.keras').read('config.json'))
    assert config['config'] == {'name': 'own', 'trainable': True, 'dtype': FLOAT32}
    again = BuildsItsOwn.from_config(model.get_config())       # the whole config to the constructor
    assert type(again) is type(model) and again.name == 'own' and again.units == 2
    assert [w.shape for w in again.weights] == [(3, 2), (2,)]


def test_constructors_taking_the_graph_get_the_graph():
    for cls in (TakesTheGraph, NoInit):
        config = _graph(cls).get_config()
        assert sorted(config) == ['input_layers', 'layers', 'name', 'output_layers', 'trainable']
        assert config['input_layers'] == ['x', 0, 0] and config['output_layers'] == ['d', 0, 0]
        again = cls.from_config(config)
        assert isinstance(again, cls) and [layer.name for layer in again.layers] == ['x', 'd']


def test_plain_functional_model_round_trips():
    inputs = keras.Input((3,), name='x')
    model = keras.Model(inputs, keras.layers.Dense(2, name='d')(inputs), name='plain')
    again = keras.Model.from_config(model.get_config())
    x = np.ones((1, 3), 'float32')
    assert again.name == 'plain' and again(x).shape == (1, 2)
