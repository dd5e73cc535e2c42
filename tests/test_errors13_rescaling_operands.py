"""Rescaling(scale/offset = a string or None): Keras 3.15 casts both with backend.cast in the call, so a string is
TF's Cast UnimplementedError and None its conversion ValueError, inside the layer's call message.

Golden texts: /work/notes/progs/errors13/rs1.py under TF 2.21 + Keras 3.15; the sed port prints the same."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[1., 2., 3.], [4., 5., 6.]], 'float32')
CAST = ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast string to %s is '
        'not supported [Op:Cast] name: ')


@pytest.mark.parametrize('kwargs, kernel_dtype', [(dict(scale='a'), 'float'), (dict(scale=2., offset='a'), 'float'),
                                                  (dict(scale=b'a'), 'float'), (dict(scale='a', dtype='float64'), 'double')])
def test_string_scale_or_offset_is_tf_cast_error(kwargs, kernel_dtype):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        keras.layers.Rescaling(**kwargs)(X)
    assert str(info.value).startswith('Exception encountered when calling Rescaling.call().\n\n\x1b[1m'
                                      + CAST % kernel_dtype + '\x1b[0m')


@pytest.mark.parametrize('kwargs', [dict(scale=None), dict(scale=2., offset=None)])
def test_none_scale_or_offset_is_tf_conversion_error(kwargs):
    with pytest.raises(ValueError) as info:
        keras.layers.Rescaling(**kwargs)(X)
    assert ("\x1b[1mAttempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.\x1b[0m"
            in str(info.value))


def test_numbers_still_rescale():
    assert keras.layers.Rescaling(2., offset=1.)(X).numpy().tolist() == [[3., 5., 7.], [9., 11., 13.]]
