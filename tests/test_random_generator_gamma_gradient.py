"""Gradients of gamma draws with respect to alpha and beta: TensorFlow's implicit reparameterization.

Golden values printed by TensorFlow 2.21 (tensorflow-cpu, Linux) for the same calls
(/work/notes/progs/random_gen/ggrad_tf.py). The draws are TensorFlow's bits; the alpha gradients
agree to rounding (TensorFlow sums its own series for dP/dalpha in float32).
"""
import numpy as np

import framework as tf


def _draws_and_gradients(draw):
    a, b = tf.Variable([0.5, 2.0]), tf.Variable(1.5)
    with tf.GradientTape(persistent=True) as tape:
        x = draw(a, b)
    return x.numpy().tolist(), tape.gradient(x, a).numpy(), float(tape.gradient(x, b).numpy())


def test_stateful_gamma_gradients():
    tf.random.set_seed(3)
    draws, grad_a, grad_b = _draws_and_gradients(lambda a, b: tf.random.gamma([3], alpha=a, beta=b))
    assert draws == [[0.005053122993558645, 1.1235829591751099], [0.0004503157688304782, 2.831822156906128],
                     [0.01737309992313385, 0.9733443260192871]]
    np.testing.assert_allclose(grad_a, [0.18726366758346558, 2.3099684715270996], rtol=1e-5)
    np.testing.assert_allclose(grad_b, -3.301084041595459, rtol=1e-6)


def test_stateless_gamma_gradients_float32_and_float64():
    draws, grad_a, grad_b = _draws_and_gradients(
        lambda a, b: tf.random.stateless_gamma([3, 2], seed=[1, 2], alpha=a, beta=b))
    assert draws == [[0.04463574290275574, 1.478853702545166], [0.41882362961769104, 1.5079950094223022],
                     [0.12091154605150223, 0.9967129826545715]]
    np.testing.assert_allclose(grad_a, [1.7595748901367188, 2.155580520629883], rtol=1e-5)
    np.testing.assert_allclose(grad_b, -3.0452880859375, rtol=1e-6)
    c = tf.Variable(3.0, dtype=tf.float64)
    with tf.GradientTape() as tape:
        z = tf.random.stateless_gamma([4], seed=[3, 4], alpha=c, dtype=tf.float64)
    assert z.numpy().tolist() == [2.7123424562670153, 2.0126030499194307, 3.8732994718293843, 1.0030024723887707]
    np.testing.assert_allclose(float(tape.gradient(z, c).numpy()), 3.6417445515500697, rtol=1e-9)
