"""Keras 3's top-level names: keras.dtype_policies / FloatDTypePolicy, RematScope / remat, SymbolicScope.

Expected values: printed by Keras 3.15 under TF 2.21 for the same calls
(/work/notes/progs/kbackend/dp.py; the remat gradient by tf.GradientTape over keras.remat).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_dtype_policies_get_serialize_deserialize():
    policy = keras.dtype_policies.get('float16')
    assert repr(policy) == '<DTypePolicy "float16">'
    assert keras.dtype_policies.serialize(policy) == {'module': 'keras', 'class_name': 'DTypePolicy',
                                                      'config': {'name': 'float16'}, 'registered_name': None}
    assert keras.dtype_policies.get(policy) is policy
    assert repr(keras.dtype_policies.get(None)) == '<DTypePolicy "float32">'
    assert repr(keras.dtype_policies.get(np.float64)) == '<DTypePolicy "float64">'
    assert keras.dtype_policies.get({'class_name': 'DTypePolicy', 'config': {'name': 'float16'}}) == policy
    again = keras.dtype_policies.deserialize({'module': 'keras', 'class_name': 'FloatDTypePolicy',
                                              'config': {'name': 'float64'}, 'registered_name': None})
    assert type(again) is keras.FloatDTypePolicy and again == keras.DTypePolicy('float64')
    assert keras.saving.deserialize_keras_object(keras.dtype_policies.serialize(policy)) == policy
    with pytest.raises(ValueError, match='Cannot interpret `dtype` argument.*dtype=3'):
        keras.dtype_policies.get(3)


def test_float_dtype_policy_is_an_equal_alias():
    assert keras.FloatDTypePolicy('float16') == keras.DTypePolicy('float16')
    assert repr(keras.FloatDTypePolicy('float16')) == '<DTypePolicy "float16">'
    layer = keras.layers.Dense(2, dtype=keras.FloatDTypePolicy('float64'))
    assert layer.compute_dtype == 'float64' and layer.dtype_policy == keras.DTypePolicy('float64')


def test_remat_keeps_values_and_scopes_nest():
    from framework.keras.scopes import get_current_remat_mode, in_symbolic_scope
    x = tf.Variable([0.5, 1.0])
    f = keras.remat(lambda v: tf.sin(v) * v)
    with keras.RematScope(mode='activations'):
        assert get_current_remat_mode().mode == 'activations'
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(f(x))
    assert get_current_remat_mode() is None
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.array([0.9182168, 1.3817732], 'float32'))
    with pytest.raises(ValueError, match="Invalid mode 'x'"):
        keras.RematScope(mode='x')
    with keras.SymbolicScope():
        assert in_symbolic_scope()
    assert not in_symbolic_scope()
