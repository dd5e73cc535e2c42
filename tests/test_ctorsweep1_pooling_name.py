"""Pooling layers take `name` as their fifth positional argument, as Keras 3 (TF 2.21):
MaxPooling2D(2, None, 'valid', None, 'pp') is named 'pp'; tapeflow had no such parameter
(the sixth positional argument was a TypeError, the signature lacked it)."""
import inspect

import numpy as np
import pytest

from framework import keras

L = keras.layers
CLASSES = [(L.MaxPooling1D, 3), (L.AveragePooling1D, 3), (L.MaxPooling2D, 4), (L.AveragePooling2D, 4),
           (L.MaxPooling3D, 5), (L.AveragePooling3D, 5), (L.MaxPool2D, 4), (L.AvgPool3D, 5)]


@pytest.mark.parametrize('cls,rank', CLASSES, ids=[c.__name__ + str(r) for c, r in CLASSES])
def test_positional_name(cls, rank):
    layer = cls(2, None, 'valid', None, 'pp')
    # TF 2.21 gives name 'pp', config name 'pp', output (1, 2, ..., 4)
    assert layer.name == 'pp' and layer.get_config()['name'] == 'pp'
    assert tuple(layer(np.ones((1,) + (4,) * (rank - 1), 'float32')).shape) == (1,) + (2,) * (rank - 2) + (4,)
    params = list(inspect.signature(cls.__init__).parameters)
    assert params[1:] == ['pool_size', 'strides', 'padding', 'data_format', 'name', 'kwargs']


@pytest.mark.parametrize('cls', [L.MaxPooling1D, L.AveragePooling2D, L.MaxPooling3D])
def test_name_twice(cls):
    # TF 2.21: TypeError "MaxPooling1D.__init__() got multiple values for argument 'name'"
    with pytest.raises(TypeError, match=r"^%s.__init__\(\) got multiple values for argument 'name'$" % cls.__name__):
        cls(2, None, 'valid', None, 'pp', name='q')
