"""Dense / Embedding / EinsumDense.from_config add Keras 3's ``quantization_config`` entry before
construction, and EinsumDense keeps its output_shape entries as given (one that is no size fails at
build, in add_weight's shape check), as in TF 2.21 / Keras 3.

Golden texts printed by TF 2.21 (progs/errors38/lead.py, ed.py), e.g.
    keras.layers.Dense.from_config({'units': 'a'})
    -> TypeError: Error when deserializing class 'Dense' using config={'units': 'a', 'quantization_config': None}.
       ... Exception encountered: Received an invalid value for `units`, expected a positive integer. Received: units=a
    l = keras.layers.EinsumDense('ab,bc->ac', output_shape='a'); l(tf.ones([1, 2]))
    -> ValueError: Cannot convert '(2, 'a')' to a shape. Found invalid dimension 'a' of type '<class 'str'>'.
"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('cls, config, shown, cause', [
    (keras.layers.Dense, {'units': 'a'}, "{'units': 'a', 'quantization_config': None}",
     'Received an invalid value for `units`, expected a positive integer. Received: units=a'),
    (keras.layers.Dense, {'units': 2, 'foo': 1}, "{'units': 2, 'foo': 1, 'quantization_config': None}",
     "Unrecognized keyword arguments passed to Dense: {'foo': 1}"),
    (keras.layers.Embedding, {'input_dim': 'a', 'output_dim': 2},
     "{'input_dim': 'a', 'output_dim': 2, 'quantization_config': None}",
     '`input_dim` must be a positive integer. Received: input_dim=a (of type str).'),
])
def test_from_config_error_shows_the_quantization_entry(cls, config, shown, cause):
    with pytest.raises(TypeError) as info:
        cls.from_config(config)
    assert str(info.value) == ("Error when deserializing class '%s' using config=%s.\n\nException encountered: %s"
                               % (cls.__name__, shown, cause))


def test_from_config_keeps_a_given_entry_in_place_and_leaves_the_config_alone():
    config = {'units': 'a', 'quantization_config': None, 'use_bias': False}
    with pytest.raises(TypeError) as info:
        keras.layers.Dense.from_config(config)
    assert "config={'units': 'a', 'quantization_config': None, 'use_bias': False}." in str(info.value)
    assert config == {'units': 'a', 'quantization_config': None, 'use_bias': False}
    layer = keras.layers.Dense.from_config({'units': 3})
    assert layer.units == 3 and layer.get_config()['quantization_config'] is None


@pytest.mark.parametrize('output_shape, input_shape, text', [
    ('a', (1, 2), "Cannot convert '(2, 'a')' to a shape. Found invalid dimension 'a' of type '<class 'str'>'."),
    (['2'], (1, 2), "Cannot convert '(2, '2')' to a shape. Found invalid dimension '2' of type '<class 'str'>'."),
    ([2.0], (1, 2), "Cannot convert '(2, 2.0)' to a shape. Found invalid dimension '2.0' of type '<class 'float'>'."),
])
def test_einsum_dense_output_shape_entries_fail_at_build(output_shape, input_shape, text):
    layer = keras.layers.EinsumDense('ab,bc->ac', output_shape=output_shape)
    assert layer.get_config()['output_shape'] == tuple(output_shape)      # made, as Keras 3 makes it
    with pytest.raises(ValueError) as info:
        layer(tf.ones(input_shape))
    assert str(info.value).strip() == text
    assert not layer.built


def test_einsum_dense_from_config_of_a_string_output_shape_builds_nothing_yet():
    layer = keras.layers.EinsumDense.from_config({'equation': 'ab,bc->ac', 'output_shape': 'a'})
    assert layer.partial_output_shape == ('a',)
