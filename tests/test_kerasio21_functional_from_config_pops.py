"""keras.Model.from_config(config) on a functional config takes its keys out of the caller's dict, as
Keras 3.15's functional_from_config pops 'layers', 'input_layers', 'output_layers' (and 'name',
'trainable' when present): keras.io's Functional API guide rebuilds a model from
model.get_config(), and a program then reading config['input_layers'] gets a KeyError under TF 2.21,
where tapeflow (which copied the dict) printed ['img', 0, 0].

Goldens: TF 2.21 + Keras 3.15 running progs/kerasio21/cfg3.py and funcapi.py: the config's keys
before, ['input_layers', 'layers', 'name', 'output_layers', 'trainable'], after [].
"""
import pytest

from framework import keras
from framework.keras import layers


def _model():
    inputs = keras.Input(shape=(3,), name='img')
    return keras.Model(inputs, layers.Dense(4)(inputs), name='toy')


def test_model_from_config_empties_the_functional_config():
    config = _model().get_config()
    assert sorted(config) == ['input_layers', 'layers', 'name', 'output_layers', 'trainable']
    rebuilt = keras.Model.from_config(config)
    assert rebuilt.name == 'toy' and [type(l).__name__ for l in rebuilt.layers] == ['InputLayer', 'Dense']
    assert config == {}
    with pytest.raises(KeyError) as caught:
        config['input_layers']
    assert str(caught.value) == "'input_layers'"


def test_with_custom_objects_too():
    config = _model().get_config()
    keras.models.Model.from_config(config, custom_objects={})
    assert config == {}


def test_a_second_from_config_of_the_emptied_dict_makes_an_empty_model():
    """TF 2.21 (progs/kerasio21/cfg4.py): the emptied dict is no functional config, so
    Model.from_config passes it to Model(**{}): a plain Model without layers."""
    config = _model().get_config()
    keras.Model.from_config(config)
    again = keras.Model.from_config(config)
    assert type(again).__name__ == 'Model' and again.layers == []
