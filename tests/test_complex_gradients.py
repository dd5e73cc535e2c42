"""Gradients through complex values follow TensorFlow's convention: g * conj(f'(z)).

``tape.gradient(z * z, z)`` is 2 * conj(z) in TF 2.21, as for every holomorphic op; non-holomorphic
ones (conj, real, abs) follow TF's rules. The literals are TF 2.21's gradients (rounded to 4
places) of each function of z = [1+2j, 3-1j] (complex64), printed by the same program there.
"""
import numpy as np
import pytest

import framework as tf

Z = np.array([1 + 2j, 3 - 1j], np.complex64)
TF_GRADIENTS = {
    'mul': ([(2 - 4j), (6 + 2j)], lambda z: z * z),
    'square': ([(2 - 4j), (6 + 2j)], tf.square),
    'pow': ([(-9 - 12j), (24 + 18j)], lambda z: z ** 3),
    'exp': ([(-1.1312 - 2.4717j), (10.8523 + 16.9014j)], tf.exp),
    'abs': ([(0.4472 + 0.8944j), (0.9487 - 0.3162j)], tf.abs),
    'sin': ([(2.0327 + 3.0519j), (-1.5276 - 0.1658j)], tf.sin),
    'real': ([(2 - 4j), (6 + 2j)], lambda z: tf.math.real(z * z)),
    'div': ([(0.12 - 0.16j), (-0.08 + 0.06j)], lambda z: 1 / z),
    'log': ([(0.2 + 0.4j), (0.3 - 0.1j)], tf.math.log),
    'conj': ([(2 + 4j), (6 - 2j)], lambda z: tf.math.conj(z) * z),
    'matmul': ([(2 - 4j), (6 + 2j)], lambda z: tf.matmul(tf.reshape(z, (1, 2)), tf.reshape(z, (2, 1)))),
    'sqrt': ([(0.2844 + 0.1758j), (0.2775 - 0.045j)], tf.sqrt),
    'tanh': ([(-0.302 - 0.5681j), (-0.0041 - 0.0091j)], tf.tanh),
    'reduce_sum': ([(2 - 1j), (2 - 1j)], lambda z: tf.reduce_sum(z * (2 + 1j))),
    'sigmoid': ([(0.1409 + 0.4207j), (0.0286 - 0.0375j)], tf.sigmoid),
}


@pytest.mark.parametrize('name', sorted(TF_GRADIENTS))
def test_complex_gradients_are_tensorflows(name):
    expected, fn = TF_GRADIENTS[name]
    z = tf.Variable(Z)
    with tf.GradientTape() as tape:
        y = fn(z)
    np.testing.assert_allclose(tape.gradient(y, z).numpy(), expected, atol=1e-4)


@pytest.mark.parametrize('name', ['mul', 'exp', 'abs', 'conj', 'matmul'])
def test_a_recording_tape_sees_the_same_gradient(name):
    # With an outer tape recording, the sweep runs the rules on tensors instead of raw arrays.
    expected, fn = TF_GRADIENTS[name]
    z = tf.Variable(Z)
    with tf.GradientTape():
        with tf.GradientTape() as tape:
            y = fn(z)
        grad = tape.gradient(y, z)
    np.testing.assert_allclose(grad.numpy(), expected, atol=1e-4)


def test_gradient_descent_on_a_real_loss_of_complex_values_descends():
    # TF's convention makes z -= lr * grad a descent step for a real loss such as |z - target|^2.
    target = np.array([0.5 - 1j, -2 + 0.5j], np.complex64)
    z = tf.Variable(Z)
    losses = []
    for _ in range(20):
        with tf.GradientTape() as tape:
            diff = z - target
            loss = tf.reduce_sum(tf.math.real(diff * tf.math.conj(diff)))
        z.assign_sub(0.1 * tape.gradient(loss, z))
        losses.append(float(loss))
    assert losses[-1] < 1e-3 * losses[0]


def test_gradients_reach_the_real_parts_a_complex_was_built_from():
    # TF 2.21: [[2.0, 4.0], [9.0, -5.0]] (d/da |c|^2 = 2a, d/db = 2b + 3).
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0, -4.0])
    with tf.GradientTape() as tape:
        c = tf.complex(a, b)
        y = tf.math.real(c * tf.math.conj(c)) + tf.math.imag(c) * 3
    assert [g.numpy().tolist() for g in tape.gradient(y, [a, b])] == [[2.0, 4.0], [9.0, -5.0]]
