"""The second derivative through tf.nn.softmax_cross_entropy_with_logits follows TF 2.21's rule for the Xent op's
backprop output (softmax - labels): it reaches the logits through softmax and gives the labels nothing (TF's rule
returns -log_softmax(logits) * grad_loss for the labels whatever grad_grad is). tapeflow differentiated
softmax - labels fully, so where the labels depend on the sources the Hessian was another (1e16 ulps off).
Values printed by TF 2.21 (/opt/tfref) for /work/notes/progs/autodiff13/x_xent.py.
"""
import numpy as np
import pytest

import framework as tf

X = np.sin(np.arange(12.0) * 0.9).reshape(3, 4)
W = np.cos(np.arange(12.0)).reshape(3, 4)
CASES = {
    'ax_last': (lambda z: tf.nn.softmax_cross_entropy_with_logits(labels=tf.nn.softmax(z[::-1]), logits=z * 2.0),
                [0.5, -1.0, 2.0]),
    'ax0': (lambda z: tf.nn.softmax_cross_entropy_with_logits(labels=tf.nn.softmax(z, axis=0), logits=z, axis=0),
            [0.5, -1.0, 2.0, 0.3]),
}
TF_HESSIAN = {
    'ax_last': [
        0.10170927444779797, 0.47791728074517126, 0.25531851628358243,
        -0.8349450714765514, 0.014397145538215467, 0.000887558297727374,
        -3.4569739372943865e-05, -0.015250134096569891, 0.42426923563210733,
        -2.7779467214947617, 1.5406519079118801, 0.8130255779507727,
    ],
    'ax0': [
        0.004778508180741708, 0.007269315358527366, -0.05530805560981732,
        -4.596215564206391e-06, -0.007372882396576804, -0.002861452581434599,
        0.10123586509374277, 0.0008757612908795747, 0.0025943742158350915,
        -0.004407862777092774, -0.04592780948392549, -0.0008711650753153688,
    ],
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_second_derivative_with_source_dependent_labels_is_tensorflows(name):
    f, weights = CASES[name]
    x, w = tf.constant(X), tf.constant(W)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(f(x) * tf.constant(weights, tf.float64))
        g = inner.gradient(y, x)
        z = tf.reduce_sum(g * g * w)
    np.testing.assert_allclose(outer.gradient(z, x).numpy().ravel(), TF_HESSIAN[name], rtol=1e-12, atol=1e-15)
