"""Keras 3's CallSpec refuses a nested call() argument that mixes tensors with other values.

A functional model converts nothing, so a list of a tensor and an array reaches the check as given; other
layers convert arrays first, so there only Python values (strings) mix. Texts: TF 2.21 with Keras 3 (probe
lead48/mixed.py in the team's notes).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

T_REPR = '<tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[1., 2.]], dtype=float32)>'
N_REPR = 'array([[3., 4.]], dtype=float32)'
PREFIX = 'In a nested call() argument, you cannot mix tensors and non-tensors. Received invalid mixed argument: '


def _model():
    a, b = keras.Input((2,)), keras.Input((2,))
    return keras.Model([a, b], keras.layers.Add()([a, b]))


class _Passing(keras.layers.Layer):
    def call(self, x, extra=None):
        return x[0] if isinstance(x, (list, tuple)) else x


def _values():
    return tf.constant([[1., 2.]]), np.array([[3., 4.]], 'float32')


@pytest.mark.parametrize('make_inputs, shown', [
    (lambda t, n: [t, n], '[%s, %s]' % (T_REPR, N_REPR)),
    (lambda t, n: (t, 1.0), '(%s, 1.0)' % T_REPR),
    # (before the model's own check of the dict's keys)
    (lambda t, n: {'a': t, 'b': n}, "{'a': %s, 'b': %s}" % (T_REPR, N_REPR)),
])
def test_a_functional_model_refuses_tensors_mixed_with_other_values(make_inputs, shown):
    model = _model()
    with pytest.raises(ValueError) as caught:
        model(make_inputs(*_values()))
    assert str(caught.value) == PREFIX + 'inputs=' + shown


def test_a_functional_model_takes_all_arrays_or_all_tensors():
    model = _model()
    t, n = _values()
    assert model([n, n]).numpy().tolist() == [[6.0, 8.0]]
    assert model([t, t]).numpy().tolist() == [[2.0, 4.0]]


def test_a_layer_keyword_argument_mixing_a_tensor_and_a_string_is_refused_by_its_name():
    t, n = _values()
    with pytest.raises(ValueError) as caught:
        _Passing()(t, extra=[t, 'a'])
    assert str(caught.value) == PREFIX + "extra=[%s, 'a']" % T_REPR


def test_a_layer_converts_arrays_before_the_check():
    t, n = _values()
    assert _Passing()([t, n]).numpy().tolist() == [[1.0, 2.0]]
    assert _Passing()(t, extra=[t, n]).numpy().tolist() == [[1.0, 2.0]]
    assert _Passing()([t, None]).numpy().tolist() == [[1.0, 2.0]]
    assert keras.layers.Concatenate()([t, n]).numpy().tolist() == [[1.0, 2.0, 3.0, 4.0]]
