"""tf.gradients inside a tf.function given Python numbers, numpy values or None among ys / xs: TF 2.21's graph
makes each number a constant of its own (its gradient None, zeros when unconnected ones are asked) and reads each
entry's .op, so a None (a helper that returned nothing) is an AttributeError; tapeflow raised its own errors.

Goldens: TF 2.21 running notes/progs/blogs36/p15.py and p16.py.
"""
import numpy as np
import pytest

import framework as tf


def _values(result):
    return [None if t is None else np.asarray(t).tolist() for t in result]


def test_numbers_and_arrays_are_constants_of_their_own():
    x = tf.constant(3.)
    assert _values(tf.function(lambda x: tf.gradients(x * 2, 3.0))(x)) == [None]
    assert _values(tf.function(lambda x: tf.gradients(
        x * x, [x, 2.0, np.float32(1.), np.ones(2, 'float32')]))(x)) == [6.0, None, None, None]
    assert _values(tf.function(lambda x: tf.gradients(2.0, x))(x)) == [None]
    x = tf.constant(2.)
    assert _values(tf.function(lambda x: tf.gradients(
        x * x, [x, 3.0], unconnected_gradients=tf.UnconnectedGradients.ZERO))(x)) == [4.0, 0.0]
    assert _values(tf.function(lambda x: tf.gradients(
        [x * x, 5.0], [x, 3.0], grad_ys=[tf.constant(2.), tf.constant(7.)]))(x)) == [8.0, None]


@pytest.mark.parametrize('call', [
    lambda x: tf.gradients(None, x),
    lambda x: tf.gradients([x * 2, None], x),
    lambda x: tf.gradients(x * 2, None),
    lambda x: tf.gradients(x * 2, [x, None]),
], ids=['ys', 'ys-entry', 'xs', 'xs-entry'])
def test_a_none_is_tfs_attribute_error(call):
    with pytest.raises(AttributeError, match=r"'NoneType' object has no attribute 'op'"):
        tf.function(call)(tf.constant(1.))


def test_eagerly_still_the_runtime_error():
    with pytest.raises(RuntimeError, match='tf.gradients is not supported when eager execution is enabled'):
        tf.gradients(None, tf.constant(1.))
