"""Embedding's signature is Keras 3's (TF 2.21): it ends at quantization_config, **kwargs; activity_regularizer
goes to the Layer through **kwargs. tapeflow listed activity_regularizer as an 11th positional parameter."""
import inspect
import re

import numpy as np
import pytest

from framework import keras

E = keras.layers.Embedding


def test_signature_and_positional_count():
    assert list(inspect.signature(E.__init__).parameters)[-3:] == ['lora_alpha', 'quantization_config', 'kwargs']
    # TF 2.21's text
    with pytest.raises(TypeError, match='^%s$' % re.escape(
            'Embedding.__init__() takes from 3 to 11 positional arguments but 12 were given')):
        E(10, 2, 'uniform', None, None, False, None, None, None, None, 'l2')


def test_activity_regularizer_keyword():
    layer = E(10, 2, embeddings_initializer='ones', activity_regularizer=keras.regularizers.L2(0.5))
    layer(np.array([[1, 2]]))
    # TF 2.21: the L2 config and losses [2.0]
    assert layer.get_config()['activity_regularizer']['class_name'] == 'L2'
    assert [float(v) for v in layer.losses] == [2.0]
