"""guide/variable: a tf.Variable made with shape=tf.TensorShape([None]) reports that declared shape from
get_shape() as from .shape, before and after an assign of another length: TF 2.21 prints (None,) for both
(tapeflow's get_shape gave the value's (2,)). Values: TF 2.21 (notes progs/tutorials33/v1_variable_variants.py)."""
import pytest

import framework as tf
from framework import keras


def test_get_shape_is_the_declared_open_shape():
    v = tf.Variable([1.0, 2.0], shape=tf.TensorShape([None]))
    assert (str(v.shape), str(v.get_shape())) == ('(None,)', '(None,)')
    v.assign([1.0, 2.0, 3.0])
    assert str(v.get_shape()) == '(None,)'
    assert v.numpy().tolist() == [1.0, 2.0, 3.0]


def test_a_plain_variable_keeps_its_value_shape_and_keras_variables_still_lack_get_shape():
    assert str(tf.Variable([[1.0, 2.0]]).get_shape()) == '(1, 2)'
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    with pytest.raises(AttributeError, match="'Variable' object has no attribute 'get_shape'"):
        layer.kernel.get_shape()
