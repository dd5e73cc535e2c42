"""Python's errors name a Keras variable's class 'Variable', as under TF 2.21 + Keras 3, where a layer's
weight is ``keras.src.backend.Variable`` (a tf.Variable stays 'ResourceVariable').

Printed by TF 2.21 (/work/notes/progs/modelfuzz14/p01.py):
    d = keras.layers.Dense(2); d.build((None, 3)); d.kernel.size
    -> AttributeError "'Variable' object has no attribute 'size'"   (tf.Variable(1.).size: 'ResourceVariable')
    d.kernel[0] = 1 -> TypeError "'Variable' object does not support item assignment"
"""
import pytest

import framework as tf
from framework import keras


def _kernel():
    layer = keras.layers.Dense(2)
    layer.build((None, 3))
    return layer.kernel


@pytest.mark.parametrize('name', ['size', 'T', 'tolist', 'astype', 'data', 'grad'])
def test_missing_member_of_keras_variable_names_keras_class(name):
    with pytest.raises(AttributeError) as info:
        getattr(_kernel(), name)
    assert str(info.value) == "'Variable' object has no attribute '%s'" % name


@pytest.mark.parametrize('name', ['size', 'grad'])
def test_tf_variable_keeps_resource_variable(name):
    with pytest.raises(AttributeError) as info:
        getattr(tf.Variable(1.0), name)
    assert str(info.value) == "'ResourceVariable' object has no attribute '%s'" % name


def test_item_assignment_and_deletion_name_keras_class():
    kernel = _kernel()
    with pytest.raises(TypeError, match=r"^'Variable' object does not support item assignment"):
        kernel[0] = 1.0
    with pytest.raises(TypeError, match=r"^'Variable' object doesn't support item deletion"):
        del kernel[0]
