"""guide/advanced_autodiff, custom gradients: TF 2.21's eager @tf.custom_gradient runs its body recorded by
the active tapes and gives the outputs only the user's rule. A grad_fn that uses a tensor the body made
(log1pexp's e = tf.exp(x)) therefore stays connected to x, and nested tapes give the second derivative
(TF 0.23500372 at 0.5); tapeflow ran the body unrecorded and gave None. Variables the body reads are watched
by the outer tapes too. Values: TF 2.21 (notes progs/tutorials33/g3_custom_second.py)."""
import numpy as np

import framework as tf


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


def test_second_derivative_through_a_tensor_the_body_made():
    x = tf.Variable([0.5, -1.0, 3.0])
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = log1pexp(x)
        dy = t1.gradient(y, x)
    np.testing.assert_array_equal(dy.numpy(), np.float32([0.6224593, 0.2689414, 0.95257413]))
    np.testing.assert_array_equal(t2.gradient(dy, x).numpy(), np.float32([0.23500372, 0.19661194, 0.04517666]))


def test_second_derivative_of_a_watched_constant():
    c = tf.constant(0.25)
    with tf.GradientTape() as t2:
        t2.watch(c)
        with tf.GradientTape() as t1:
            t1.watch(c)
            y = log1pexp(c)
        d = t1.gradient(y, c)
    assert t2.gradient(d, c).numpy() == np.float32(0.24613409)


def test_variables_the_body_reads_reach_the_outer_tape():
    scale = tf.Variable(3.0, name='scale')

    @tf.custom_gradient
    def scaled(x):
        s = x * scale

        def grad(dy, variables=None):
            return dy * s, [tf.reduce_sum(dy * x * s)]
        return s * s, grad
    a = tf.Variable(2.0, name='a')
    with tf.GradientTape(persistent=True) as outer:
        with tf.GradientTape() as inner:
            z = scaled(a)
        ga, gs = inner.gradient(z, [a, scale])
    assert (float(ga), float(gs)) == (6.0, 12.0)
    assert [float(g) for g in outer.gradient(ga, [a, scale])] == [3.0, 2.0]
    assert [float(g) for g in outer.gradient(gs, [a, scale])] == [12.0, 4.0]
    assert [v.name for v in outer.watched_variables()] == ['scale:0', 'a:0']
