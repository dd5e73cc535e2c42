"""Global pooling layers keep keepdims as given, as Keras 3 on TF 2.21: get_config()['keepdims'] of 1 is 1 there
(tapeflow stored bool(keepdims): True), None stays None and 'a' stays 'a'; the layers reduce by its truth as before.
Probe: /work/notes/progs/layers21/gp.py (TF 2.21's configs and shapes)."""
import numpy as np
import pytest

from framework import keras

X = np.arange(24, dtype='float32').reshape(2, 3, 4)


@pytest.mark.parametrize('cls', ['GlobalAveragePooling1D', 'GlobalMaxPooling1D'])
@pytest.mark.parametrize('keepdims, shape', [(1, (2, 1, 4)), (0, (2, 4)), (None, (2, 4)), ('a', (2, 1, 4)),
                                             (True, (2, 1, 4))])
def test_keepdims_as_given(cls, keepdims, shape):
    layer = getattr(keras.layers, cls)(keepdims=keepdims)
    value = layer.get_config()['keepdims']
    assert type(value) is type(keepdims) and value == keepdims
    assert tuple(layer(X).shape) == shape
    assert tuple(layer.compute_output_shape((2, 3, 4))) == shape
    assert tuple(type(layer).from_config(layer.get_config())(keras.Input((3, 4))).shape) == (None,) + shape[1:]
