"""Values and gradients at edge points as TF 2.21 prints them: reduce_logsumexp's gradient
(taken through its composed ops) and denormal results flushed to zero by TF's CPU kernels.

Goldens: the same statements run on TensorFlow 2.21 (tensorflow-cpu, eager), outputs pasted.
"""
import numpy as np
import pytest

import framework as tf


def _grads(values, **kwargs):
    x = tf.constant(values)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.reduce_logsumexp(x, **kwargs)
        g = t.gradient(y, x)
        s = tf.reduce_sum(g * g)
    return y, g, t2.gradient(s, x)


def test_logsumexp_gradient_of_equal_inputs_is_tfs_third():
    # TF 2.21: 2.0986123, [0.33333334 0.33333334 0.33333334], second-order [0. 0. 0.]
    y, g, h = _grads([1.0, 1.0, 1.0])
    assert y.numpy() == np.float32(2.0986123)
    assert g.numpy().tolist() == [np.float32(0.33333334)] * 3      # the softmax exp(x - y) gave 0.3333333
    assert h.numpy().tolist() == [0.0, 0.0, 0.0]


def test_logsumexp_gradient_over_an_axis():
    # TF 2.21: tf.reduce_logsumexp([[1,2,3],[.5,.5,-1]], axis=0, keepdims=True) and its gradients
    y, g, h = _grads([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]], axis=0, keepdims=True)
    np.testing.assert_array_equal(y.numpy(), np.array([[1.474077, 2.2014134, 3.0181499]], np.float32))
    np.testing.assert_array_equal(g.numpy(), np.array([[0.62245935, 0.81757444, 0.98201376],
                                                       [0.37754068, 0.18242551, 0.01798621]], np.float32))
    # the second order prints the same 8 digits; one element's last bit differs (TF's ReciprocalGrad rule)
    np.testing.assert_allclose(h.numpy(), np.array([[0.11511356, 0.18946052, 0.03405476],
                                                    [-0.11511362, -0.18946038, -0.03405467]], np.float32), rtol=3e-7)


@pytest.mark.parametrize('n', [1, 9])      # the scalar tail and a whole packet of 8
def test_denormal_results_flush_to_zero(n):
    # TF 2.21: tf.exp([-100.] * n) -> 0.0 (not 3.78e-44), softplus likewise, sigmoid 0.0,
    # log_sigmoid(100.) -> -0.0; its CPU threads run with flush-to-zero
    x = tf.constant([-100.0] * n)
    for value in (tf.exp(x), tf.nn.softplus(x), tf.sigmoid(x)):
        assert value.numpy().tolist() == [0.0] * n
    assert np.signbit(tf.math.log_sigmoid(-x).numpy()).all()
    assert tf.math.expm1(x).numpy().tolist() == [-1.0] * n
    # tf.exp([-88., -87., -90., -103., -104., 1e-39, -1e-39, 0., 3.])
    z = tf.exp(tf.constant([-88.0, -87.0, -90.0, -103.0, -104.0, 1e-39, -1e-39, 0.0, 3.0]))
    assert z.numpy().tolist() == [0.0, np.float32(1.6458114537543937e-38), 0.0, 0.0, 0.0, 1.0, 1.0, 1.0,
                                  np.float32(20.08553695678711)]
