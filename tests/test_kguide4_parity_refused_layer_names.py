"""A refused Dense(-1) takes no name (Keras 3 checks units before Layer.__init__); a Dense refused for
its activation or initializer has taken one, as there. Goldens: /work/notes/progs/kguides4/g10.py
under Keras 3 (TF 2.21): dense, (units error), dense_1, (activation error), dense_3, ...
"""
import re

import pytest

from framework import keras


def number(layer):
    return int(re.fullmatch(r'dense(?:_(\d+))?', layer.name).group(1) or 0)


def test_names_after_refused_layers():
    first = number(keras.layers.Dense(1))
    with pytest.raises(ValueError, match='Received an invalid value for `units`'):
        keras.layers.Dense(-1)
    assert number(keras.layers.Dense(1)) == first + 1
    with pytest.raises(ValueError, match='Could not interpret activation function identifier: nope'):
        keras.layers.Dense(3, activation='nope')
    assert number(keras.layers.Dense(1)) == first + 3
