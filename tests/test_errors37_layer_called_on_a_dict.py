"""A single-input layer called on a dict: Keras 3 flattens the inputs before its input-spec check, so a dict
of two tensors (or none) is a count error naming them, and a dict of one passes to build, where Dense reads
its input shape's [-1] (KeyError: -1). tapeflow checked the dict as one shapeless value ('expected
min_ndim=2, found ndim=0. Full shape received: ()'). Golden texts printed by TF 2.21 (misc.py
layer_call_dict and the snippet in this helper's report)."""
import pytest

import framework as tf
from framework import keras


def test_a_dict_of_two_is_counted():
    with pytest.raises(ValueError) as info:
        keras.layers.Dense(2, name='d')({'a': tf.ones([1, 2]), 'b': tf.ones([1, 3])})
    assert str(info.value).startswith('Layer "d" expects 1 input(s), but it received 2 input tensors. Inputs '
                                      'received: [<tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[1., 1.]], '
                                      'dtype=float32)>, <tf.Tensor: shape=(1, 3)')


def test_an_empty_dict_is_counted():
    with pytest.raises(ValueError) as info:
        keras.layers.Dense(2, name='e')({})
    assert str(info.value) == 'Layer "e" expects 1 input(s), but it received 0 input tensors. Inputs received: []'


def test_a_dict_of_one_reaches_build():
    with pytest.raises(KeyError) as info:
        keras.layers.Dense(2)({'a': tf.ones([1, 2])})
    assert info.value.args == (-1,)
