"""A tf.custom_gradient grad_fn returning the wrong number of gradients raises TensorFlow 2.21's
ValueError and words (progs/tfcore5/x_cg.py under /opt/tfref), the variables' count checked first."""
import pytest

import framework as tf

w = tf.Variable(3.0)


@tf.custom_gradient
def scale(x):
    def grad(dy, variables=None):
        return dy * w, []
    return x * w, grad


@tf.custom_gradient
def two(x, y):
    def grad(dy):
        return dy
    return x * y, grad


@tf.custom_gradient
def bad(x):
    def grad(dy):
        return dy, dy
    return x * 2.0, grad


@pytest.mark.parametrize('call, message', [
    (lambda x: scale(x), 'Must return gradient for each variable from @custom_gradient grad_fn.'),
    (lambda x: two(x, x), 'custom_gradient function expected to return 2 gradients, but returned 1 instead.'),
    (lambda x: bad(x), 'custom_gradient function expected to return 1 gradients, but returned 2 instead.'),
])
def test_wrong_gradient_counts(call, message):
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = call(x)
    with pytest.raises(ValueError) as err:
        tape.gradient(y, x)
    assert str(err.value) == message
