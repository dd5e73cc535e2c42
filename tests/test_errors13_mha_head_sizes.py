"""MultiHeadAttention's num_heads / key_dim / value_dim checked as Keras 3.15 checks them (isinstance(v, int) and
v > 0): True is taken (one head), numpy integers and tensors are refused with Keras's ValueError, whose f-string shows
a tensor's value.

Golden lines: /work/notes/progs/errors13/mh1.py under TF 2.21 + Keras 3.15 (Keras keeps True as the attribute;
tapeflow stores 1)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

Q = np.ones((2, 3, 4), 'float32')


@pytest.mark.parametrize('kwargs', [dict(num_heads=True, key_dim=2), dict(num_heads=2, key_dim=True),
                                    dict(num_heads=2, key_dim=2, value_dim=True)])
def test_true_is_a_size_of_one(kwargs):
    assert keras.layers.MultiHeadAttention(**kwargs)(Q, Q).shape == (2, 3, 4)


@pytest.mark.parametrize('kwargs, text', [
    (dict(num_heads=np.int64(2), key_dim=2), 'argument `num_heads`, expected a positive integer. Received: num_heads=2'),
    (dict(num_heads=2, key_dim=np.int32(2)), 'argument `key_dim`, expected a positive integer. Received: key_dim=2'),
    (dict(num_heads=2, key_dim=2, value_dim=np.int64(3)),
     'argument `value_dim`, expected a positive integer or `None`. Received: value_dim=3'),
    (dict(num_heads=tf.constant(2), key_dim=2), 'argument `num_heads`, expected a positive integer. Received: num_heads=2'),
])
def test_numpy_integers_and_tensors_are_refused(kwargs, text):
    with pytest.raises(ValueError) as info:
        keras.layers.MultiHeadAttention(**kwargs)
    assert str(info.value) == 'Received an invalid value for ' + text
