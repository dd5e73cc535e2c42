"""tf.autodiff.ForwardAccumulator, tf.recompute_grad and batch_jacobian's unconnected
targets, pinned to what the same programs print under TensorFlow 2.21 (/opt/tfref)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_jvps_of_a_sum_a_sqrt_a_constant_and_the_primal_itself():
    # TF 2.21: 16.5, [1. 0. 0.28867513], None, [1. 0. 0.5]; with ZERO: 0.0
    x = tf.constant([1.0, 2.0, 3.0])
    tangent = tf.constant([1.0, 0.0, 0.5])
    with tf.autodiff.ForwardAccumulator(primals=x, tangents=tangent) as acc:
        y = tf.reduce_sum(x * x * x)
        z = tf.sqrt(x) * 2.0
        w = tf.constant(4.0) * 2.0
    assert float(acc.jvp(y)) == 16.5
    np.testing.assert_array_equal(acc.jvp(z).numpy(), np.float32([1.0, 0.0, 0.28867513]))
    assert acc.jvp(w) is None
    assert acc.jvp(x) is tangent
    assert float(acc.jvp(w, unconnected_gradients=tf.UnconnectedGradients.ZERO)) == 0.0
    structured = acc.jvp([y, {'z': z}])
    assert float(structured[0]) == 16.5 and list(structured[1]) == ['z']


def test_jvp_with_two_variable_primals():
    # TF 2.21: [[17.5 24.5] [35.5 50.5]]
    v, u = tf.Variable([[1.0, 2.0], [3.0, 4.0]]), tf.Variable(0.5)
    with tf.autodiff.ForwardAccumulator([v, u], [tf.ones([2, 2]), tf.constant(2.0)]) as acc:
        out = tf.matmul(v, v) * u
    assert acc.jvp(out).numpy().tolist() == [[17.5, 24.5], [35.5, 50.5]]


def test_forward_over_backward_gives_a_hessian_vector_product():
    # TF 2.21: g = [3. 12.], jvp(g) = [6. 0.]
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0])) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(x ** 3)
        g = tape.gradient(y, x)
    assert g.numpy().tolist() == [3.0, 12.0] and acc.jvp(g).numpy().tolist() == [6.0, 0.0]


def test_tangents_must_match_the_primals():
    # TF 2.21 maps the two structures together: nest's ValueError
    with pytest.raises(ValueError, match="The two structures don't have the same nested structure"):
        tf.autodiff.ForwardAccumulator(tf.constant([1.0]), [tf.constant([1.0]), tf.constant(1.0)])
    with pytest.raises(ValueError, match=r'tangent of shape \(3,\) for a primal of shape \(2,\)'):
        tf.autodiff.ForwardAccumulator(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0]))


def test_recompute_grad_gives_the_plain_blocks_gradients_for_inputs_and_variables():
    # TF 2.21: 24.0, [[4. 4. 4.]], [[2. 2.] [4. 4.] [6. 6.]], [2. 2.]
    layer = keras.layers.Dense(2, kernel_initializer='ones')
    layer.build((None, 3))
    block = tf.recompute_grad(lambda x: tf.nn.relu(layer(x)) * 2.0)
    x = tf.constant([[1.0, 2.0, 3.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(block(x))
    dx, dkernel, dbias = tape.gradient(y, [x] + layer.trainable_variables)
    assert float(y) == 24.0
    assert dx.numpy().tolist() == [[4.0, 4.0, 4.0]]
    assert dkernel.numpy().tolist() == [[2.0, 2.0], [4.0, 4.0], [6.0, 6.0]] and dbias.numpy().tolist() == [2.0, 2.0]


def test_recompute_grad_without_variables_and_under_a_second_tape():
    square = tf.recompute_grad(lambda z: z * z)
    a = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(a)
        with tf.GradientTape() as inner:
            inner.watch(a)
            y = square(a)
        g = inner.gradient(y, a)
    assert float(g) == 4.0 and float(outer.gradient(g, a)) == 2.0


@pytest.mark.parametrize('mode', ['none', 'zero'])
def test_batch_jacobian_of_an_unconnected_target_is_zeros_whatever_the_mode(mode):
    # TF 2.21 prints zeros of shape (2, 1, 2) for both modes (its code ignores the mode there).
    xb = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(xb)
        constant = tf.constant([[1.0], [2.0]])
    j = tape.batch_jacobian(constant, xb, unconnected_gradients=mode)
    assert j.shape == (2, 1, 2) and not j.numpy().any()
