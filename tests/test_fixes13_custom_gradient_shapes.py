"""A custom_gradient grad_fn that returns a gradient of another shape than its input's: TensorFlow passes it
on unchanged (its gradient functions reduce by the forward shapes, never to fit an upstream gradient), and
adding it to another gradient of the input fails in AddN. tapeflow summed every mismatched gradient down to
the input's shape (numpy's 'cannot reshape array of size 1 into shape (2,)').

Expected values and texts are TF 2.21's, printed by the same program under tensorflow-cpu 2.21 (autodiff12's
x_misc case, extended: plain / chained / through a Mul / Variable / aggregated / tf.function).
"""
import numpy as np
import pytest

import framework as tf


@tf.custom_gradient
def _scalar_grad(x):
    return x * 2.0, lambda dy: tf.constant(3.0)


@tf.custom_gradient
def _bigger_grad(x):
    return x * 2.0, lambda dy: tf.ones((3,))


@tf.custom_gradient
def _broadcast_grad(x):
    return x * 2.0, lambda dy: tf.ones((2, 2))


@tf.custom_gradient
def _reduced(x):
    return tf.reduce_sum(x * 2.0), lambda dy: tf.reduce_sum(dy)


def _plain(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x)


def _chained(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x) * 3.0)
    return tape.gradient(y, x)


def _through_mul(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x * 1.0))      # Mul did not broadcast x: TF's Mul gradient leaves the shape
    return tape.gradient(y, x)


def _variable(f, x):
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        y = f(v)
    return tape.gradient(y, v)


def _traced(f, x):
    @tf.function
    def step():
        return _plain(f, x)
    return step()


def _persistent_recording(f, x):
    # an outer tape recording the sweep: the tensor sweep (tape._sweep), not the array one
    with tf.GradientTape() as outer:
        outer.watch(x)
        grad = _plain(f, x)
    return grad


@pytest.mark.parametrize('how', [_plain, _chained, _through_mul, _variable, _traced, _persistent_recording])
@pytest.mark.parametrize('f, shape, values, chained', [
    (_scalar_grad, (), 3.0, 3.0),
    (_bigger_grad, (3,), [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]),
    (_broadcast_grad, (2, 2), [[1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]),
    (_reduced, (), 1.0, 3.0),
])
def test_grad_fn_gradient_passes_on_in_its_own_shape(f, shape, values, chained, how):
    grad = how(f, tf.constant([1.0, 2.0]))
    assert tuple(grad.shape) == shape
    expected = chained if how is _chained else values
    np.testing.assert_array_equal(grad.numpy(), np.array(expected, np.float32))


@pytest.mark.parametrize('f, shape', [(_scalar_grad, ''), (_bigger_grad, '3'), (_broadcast_grad, '2,2'),
                                      (_reduced, '')])
def test_foreign_shaped_gradient_added_to_another_is_addn_error(f, shape):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x) + x
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tape.gradient(y, x)
    assert str(info.value) == ('{{function_node __wrapped__AddN_N_2_device_/job:localhost/replica:0/task:0/device:'
                               'CPU:0}} Inputs to operation AddN of type AddN must have the same size and shape.  '
                               'Input 0: [2] != input 1: [%s] [Op:AddN] name: ' % shape)


def test_broadcasting_ops_still_sum_their_gradients():
    x = tf.constant([[1.0], [2.0]])      # (2, 1) broadcast against (2, 3): its gradient sums over the columns
    b = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, b])
        y = tf.reduce_sum((x + b) * b)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[6.0], [6.0]])
    np.testing.assert_array_equal(tape.gradient(y, b).numpy(), [7.0, 11.0, 15.0])
