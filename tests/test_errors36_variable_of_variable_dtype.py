"""tf.Variable(initial_value=a variable of another dtype, dtype=...) is refused in the variable's own conversion
words, as TF 2.21 (tapeflow gave the 'initial_value: Tensor conversion requested' text of a plain tensor).
Printed by TF 2.21 (progs/errors36/more.py var_from_var_dtype):

    tf.Variable(tf.Variable(1.), dtype=tf.int32)
    # ValueError: Incompatible type conversion requested to type int32 for `tf.Variable of type float32.
    #   (Variable: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>)
"""
import re

import pytest

import framework as tf


def test_variable_initial_value_of_another_dtype():
    source = tf.Variable(1.)
    with pytest.raises(ValueError) as caught:
        tf.Variable(source, dtype=tf.int32)
    assert str(caught.value).split('\n')[0] == (
        "Incompatible type conversion requested to type int32 for `tf.Variable of type float32. "
        "(Variable: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>)")
    with pytest.raises(ValueError, match=re.escape(
            "Incompatible type conversion requested to type float64 for `tf.Variable of type int32. (Variable: "
            "<tf.Variable 'Variable:0' shape=(2,) dtype=int32, numpy=array([1, 2], dtype=int32)>)")):
        tf.Variable(tf.Variable([1, 2]), dtype=tf.float64)
    assert float(source.numpy()) == 1.0


def test_tensor_initial_value_keeps_the_tensor_text():
    with pytest.raises(ValueError, match=re.escape(
            'initial_value: Tensor conversion requested dtype int32 for Tensor with dtype float32: '
            '<tf.Tensor: shape=(), dtype=float32, numpy=1.0>')):
        tf.Variable(tf.constant(1.), dtype=tf.int32)
    assert tf.Variable(tf.Variable(2.), dtype=tf.float32).numpy() == 2.0
