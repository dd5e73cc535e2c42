"""Packing a list whose first tensor is a Keras variable (tf.stack of layer kernels, tf.reduce_sum /
tf.norm of a list of them) fails in TF 2.21 / Keras 3: autopacking reads the first tensor's
dtype.base_dtype, and a Keras 3 variable's dtype is a string. Axis-1 stacks, concat, add_n and lists led
by a tf.Variable still work.

Golden results printed by TF 2.21 (notes/progs/seedvariants4/pack30.py):
    d = keras.layers.Dense(1); d.build((None, 2)); k = d.kernel; v = tf.Variable([[1.0], [2.0]])
    tf.stack([k, k])                 # AttributeError: 'str' object has no attribute 'base_dtype'
    tf.convert_to_tensor([k, k])     # the same
    tf.reduce_sum([k, k]); tf.norm([k, k])      # the same
    tf.stack([k, k], axis=1).shape   # (2, 2, 1)
    tf.stack([v, k]).shape           # (2, 2, 1)
    tf.concat([k, k], 0).shape       # (4, 1)
    tf.add_n([k, k]).shape           # (2, 1)
"""
import pytest

import framework as tf
from framework import keras

_TF_TEXT = "'str' object has no attribute 'base_dtype'"


def _kernel():
    dense = keras.layers.Dense(1)
    dense.build((None, 2))
    return dense.kernel


@pytest.mark.parametrize('call', [lambda k: tf.stack([k, k]), lambda k: tf.convert_to_tensor([k, k]),
                                  lambda k: tf.reduce_sum([k, k]), lambda k: tf.norm([k, k])])
def test_packing_led_by_a_keras_variable_fails_as_in_tf(call):
    with pytest.raises(AttributeError) as info:
        call(_kernel())
    assert str(info.value) == _TF_TEXT


def test_other_joins_of_keras_variables_still_work():
    k = _kernel()
    v = tf.Variable([[1.0], [2.0]])
    assert tf.stack([k, k], axis=1).shape == (2, 2, 1)
    assert tf.stack([v, k]).shape == (2, 2, 1)
    assert tf.concat([k, k], 0).shape == (4, 1)
    assert tf.add_n([k, k]).shape == (2, 1)
