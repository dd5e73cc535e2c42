"""``layer(inputs=...)`` is a keyword argument, as in Keras 3: it binds to call()'s own parameter of that name.

Keras 3's Layer.__call__ takes ``*args, **kwargs``, so a first argument given as ``inputs=`` is converted and
checked as any keyword argument (a Python value passes as it is) and reaches a call() whose first parameter
has another name as an unknown argument. Values and texts: TF 2.21 with Keras 3 (probe lead48/named.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


class _Inputs(keras.layers.Layer):
    def call(self, inputs):
        return inputs


class _X(keras.layers.Layer):
    def call(self, x):
        return x


def test_a_dense_layer_takes_its_inputs_by_keyword():
    dense = keras.layers.Dense(1, kernel_initializer='ones')
    assert dense(inputs=tf.constant([[1., 2.]])).numpy().tolist() == [[3.0]]
    out = dense(inputs=np.array([[3., 4.]]))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [[7.0]]
    model = keras.Sequential([keras.layers.Dense(1, kernel_initializer='ones')])
    assert model(inputs=np.array([[3., 4.]])).numpy().tolist() == [[7.0]]


def test_python_values_given_by_keyword_reach_call_as_they_are():
    # TF 2.21: 1.5 and None pass (a positional 1.5 is refused: 'Only input tensors may be passed ...')
    assert _Inputs()(inputs=1.5) == 1.5
    assert _Inputs()(inputs=None) is None
    assert _X()(x=1.5) == 1.5
    with pytest.raises(ValueError, match='Only input tensors may be passed as positional arguments'):
        _Inputs()(1.5)


def test_inputs_by_keyword_to_a_call_without_that_parameter_is_missing_its_first_argument():
    with pytest.raises(TypeError, match="^missing a required argument: 'x'"):
        _X()(inputs=np.array([[3., 4.]]))
