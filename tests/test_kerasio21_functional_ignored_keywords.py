"""keras.Model(inputs, outputs, **kwargs) keeps only `name` and `trainable`: Keras 3.15's
Functional.__init__ pops trainable and ignores every other keyword (dtype, autocast,
activity_regularizer, input_shape, or a config's leftover key), so TF 2.21 builds the model where
tapeflow raised 'Unrecognized keyword arguments passed to Functional: ['extra']' or honoured dtype.

Goldens: TF 2.21 + Keras 3.15 running progs/kerasio21/extra.py and extra2.py
(dtype_policy.name, autocast, activity_regularizer, trainable printed as below).
"""
import warnings

import pytest

from framework import keras
from framework.keras import layers


def _ends():
    inputs = keras.Input(shape=(3,), name='img')
    return inputs, layers.Dense(4)(inputs)


@pytest.mark.parametrize('kwargs', [{'dtype': 'float64'}, {'dtype': 'mixed_float16'}, {'autocast': False},
                                    {'activity_regularizer': 'l2'}, {'extra': 1}, {'input_shape': (3,)}])
def test_other_keywords_are_ignored(kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter('error')          # (TF warns about none of them)
        model = keras.Model(*_ends(), **kwargs)
    assert type(model).__name__ == 'Functional'
    assert (model.dtype_policy.name, model.autocast, model.activity_regularizer, model.trainable) == \
        ('float32', True, None, True)


def test_name_and_trainable_are_kept():
    model = keras.Model(*_ends(), name='n', foo='x', trainable=False)
    assert model.name == 'n' and model.trainable is False


def test_from_config_with_a_leftover_key_builds_the_model():
    inputs, outputs = _ends()
    config = keras.Model(inputs, outputs).get_config()
    config['extra'] = 2
    assert type(keras.Model.from_config(config)).__name__ == 'Functional'
    assert config == {'extra': 2}
