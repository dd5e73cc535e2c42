"""tf.custom_gradient's refusal of a grad_fn without ``variables`` is TF 2.21's TypeError text (printed by /opt/tfref
for /tmp/ad13_cg.py), and a grad_fn taking **kwargs is accepted as TF's check (argspec varkw) accepts it."""
import numpy as np
import pytest

import framework as tf


def test_the_refusal_lists_the_variables_reprs():
    w = tf.Variable(2.0)
    w2 = tf.Variable([1.0, 3.0], name='kernel')

    @tf.custom_gradient
    def f(a):
        return a * w * w2, lambda dy: dy

    with pytest.raises(TypeError) as caught:
        f(tf.constant([1.0, 2.0]))
    assert str(caught.value) == (
        "@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function uses variables: "
        "[<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>, <tf.Variable 'kernel:0' shape=(2,) "
        "dtype=float32, numpy=array([1., 3.], dtype=float32)>]")


def test_a_grad_fn_with_kwargs_receives_the_variables():
    w = tf.Variable(2.0)

    @tf.custom_gradient
    def f(a):
        def grad(dy, **kwargs):
            return dy * 5.0, [tf.reduce_sum(dy) * 7.0 for _ in kwargs['variables']]
        return a * w, grad

    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    gx, gw = tape.gradient(y, [x, w])
    np.testing.assert_array_equal(gx.numpy(), [5.0, 5.0])
    assert gw.numpy() == 14.0
