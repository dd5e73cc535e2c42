"""keras.saving.deserialize_keras_object and keras.layers.deserialize handed an object, not a config, raise
Keras 3's TypeError 'Could not parse config: <the object's str>' (serialization_lib), as TF 2.21: a legacy
.h5 loader hands a custom from_config its nested layer already made, and such a from_config calling
keras.layers.deserialize fails so there. tapeflow raised TypeError 'deserialize_keras_object: expected a
config dict, a list or a plain value, got Dense (...)' and ValueError '`keras.layers.deserialize` was passed
a `config` object that is not a `keras.layers.Layer`...' (probe /work/notes/progs/kerasio47/p5.py)."""
import re

import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('deserialize', [keras.saving.deserialize_keras_object, keras.layers.deserialize])
@pytest.mark.parametrize('make', [lambda: keras.layers.Dense(2, name='held'), lambda: np.array([1, 2]),
                                  lambda: np.float32(1.5)])
def test_an_object_is_not_parsed(deserialize, make):
    value = make()
    # TF 2.21: 'Could not parse config: <Dense name=held, built=False>', '... [1 2]', '... 1.5'
    with pytest.raises(TypeError, match='^%s$' % re.escape('Could not parse config: %s' % (value,))):
        deserialize(value)


@pytest.mark.parametrize('value', [3, 'abc', None, [1], {'class_name': 'Dense'}, 2.5])
def test_plain_values_are_no_layers(value):
    # TF 2.21: deserialize_keras_object gives them back, keras.layers.deserialize refuses them as no layer
    assert keras.saving.deserialize_keras_object(value) == value
    with pytest.raises(ValueError, match=re.escape('`keras.layers.deserialize` was passed a `config` object that is '
                                                   'not a `keras.layers.Layer`. Received: %s' % (value,))):
        keras.layers.deserialize(value)


def test_initializers_deserialize_hands_an_object_back():
    # TF 2.21: keras.initializers.deserialize(instance) returns it (its module table's preamble)
    zeros = keras.initializers.Zeros()
    assert keras.initializers.deserialize(zeros) is zeros
