"""The gradient of softmax_cross_entropy_with_logits' logits-gradient towards the labels is zeros in TF 2.21,
not None: TF's rule for the Xent op hands its labels grad_loss * -log_softmax(logits), grad_loss being zeros
on the backprop path (dataset distillation differentiates a weight update towards soft labels this way).
tapeflow returned None there."""
import numpy as np

import framework as tf


def test_labels_get_zeros_through_the_logits_gradient():
    logits = tf.constant([[1.0, -0.5, 2.0], [0.25, 0.0, -1.0]])
    labels = tf.constant([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]])
    with tf.GradientTape(persistent=True) as outer:
        outer.watch([logits, labels])
        with tf.GradientTape() as inner:
            inner.watch([logits, labels])
            loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels, logits) * [1.0, 2.0])
        g_logits, g_labels = inner.gradient(loss, [logits, labels])
        target = tf.reduce_sum(g_logits * [[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
    d_logits, d_labels = outer.gradient(target, [logits, labels])
    # printed by TF 2.21 for the program above
    np.testing.assert_allclose(d_logits.numpy(), [[-0.36432526, -0.024680212, 0.38900554],
                                                  [-0.9507545, 0.390814, 0.5599405]], rtol=1e-6)
    assert d_labels is not None and d_labels.dtype == tf.float32
    np.testing.assert_array_equal(np.signbit(d_labels.numpy()), np.zeros((2, 3), bool))     # +0.0, as TF
    np.testing.assert_array_equal(d_labels.numpy(), np.zeros((2, 3), np.float32))
    # the labels' own first gradient, -log_softmax(logits), does not depend on the labels: None in TF too
    assert outer.gradient(g_labels, [logits, labels])[1] is None


def test_logits_second_derivative_still_matches_central_differences_in_float64():
    rng = np.random.RandomState(2)
    z0 = rng.randn(2, 4)
    labels = tf.constant(rng.dirichlet(np.ones(4), size=2))
    v = tf.constant(rng.randn(2, 4))

    def directional(z):
        z = tf.constant(z)
        with tf.GradientTape() as tape:
            tape.watch(z)
            loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels, z))
        return float(tf.reduce_sum(tape.gradient(loss, z) * v))

    z = tf.constant(z0)
    with tf.GradientTape() as outer:
        outer.watch(z)
        with tf.GradientTape() as inner:
            inner.watch(z)
            loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels, z))
        target = tf.reduce_sum(inner.gradient(loss, z) * v)
    got = outer.gradient(target, z).numpy()
    h = 1e-6
    want = np.zeros_like(z0)
    for idx in np.ndindex(z0.shape):
        s = np.zeros_like(z0)
        s[idx] = h
        want[idx] = (directional(z0 + s) - directional(z0 - s)) / (2 * h)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-9)
