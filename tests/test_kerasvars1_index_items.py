"""A variable as an item of ``x[...]``, as TF 2.21's Tensor.__getitem__ checks it: a variable is no tf.Tensor to its
mask check, so a bool one (a tf.Variable's or a Keras one) is refused as an item, and an integer Keras variable
passes the item check and then fails on its str dtype. TF 2.21 gave every text below
(notes/progs/kerasvars1/p2.py and the brief probes in the report)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ITEM_TEXT = ('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 '
             'tensors are valid indices, got ')


@pytest.mark.parametrize('x', [lambda: tf.constant([1., 2.]), lambda: keras.Variable(np.array([1., 2.], 'float32'))],
                         ids=['tensor', 'keras_variable'])
def test_a_bool_keras_variable_is_no_mask(x):
    mask = keras.Variable(np.array([True, False]), name='mask')
    with pytest.raises(TypeError) as raised:
        x()[mask]
    assert str(raised.value) == ITEM_TEXT + '<Variable path=mask, shape=(2,), dtype=bool, value=[ True False]>'


def test_a_bool_tf_variable_is_no_mask():
    with pytest.raises(TypeError) as raised:
        tf.constant([1., 2.])[tf.Variable([True, False], name='m')]
    assert str(raised.value) == ITEM_TEXT + "<tf.Variable 'm:0' shape=(2,) dtype=bool, numpy=array([ True, False])>"


@pytest.mark.parametrize('index', [lambda k: k, lambda k: slice(1, k)], ids=['item', 'slice_bound'])
def test_an_integer_keras_variable_fails_on_its_dtype(index):
    step = keras.Variable(np.int32(1))
    with pytest.raises(AttributeError) as raised:
        tf.constant([1., 2.])[index(step)]
    assert str(raised.value) == "'str' object has no attribute 'base_dtype'"


def test_masks_and_tf_variable_items_still_index():
    t = tf.constant([1., 2.])
    assert t[tf.constant([True, False])].numpy().tolist() == [1.0]
    assert t[np.array([True, False])].numpy().tolist() == [1.0]
    assert t[tf.Variable(1)].numpy().tolist() == 2.0
    assert t[tf.constant(1)].numpy().tolist() == 2.0
