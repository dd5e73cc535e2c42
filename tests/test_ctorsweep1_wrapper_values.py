"""Bidirectional / TimeDistributed given a value that is no Layer say so in Keras 3's words (TF 2.21) for every
value, unhashable ones too: Bidirectional([1, 2]) is ValueError 'Please initialize `Bidirectional` layer with a
`keras.layers.Layer` instance. Received: [1, 2]'; tapeflow raised TypeError "unhashable type: 'list'" while
it formatted the text (layers/serialization.py's _keras_class_text looked the value up in a dict)."""
import re

import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('cls', [L.Bidirectional, L.TimeDistributed], ids=['Bidirectional', 'TimeDistributed'])
@pytest.mark.parametrize('value,shown', [([1, 2], '[1, 2]'), ({'a': 1}, "{'a': 1}"), (None, 'None'), ('abc', 'abc'),
                                         (np.ones(2), '[1. 1.]'),
                                         (L.Dense, "<class 'keras.src.layers.core.dense.Dense'>")])
def test_not_a_layer(cls, value, shown):
    # TF 2.21's texts
    text = 'Please initialize `%s` layer with a `keras.layers.Layer` instance. Received: %s' % (cls.__name__, shown)
    with pytest.raises(ValueError, match='^%s$' % re.escape(text)):
        cls(value)
