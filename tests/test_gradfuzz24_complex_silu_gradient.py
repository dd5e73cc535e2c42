"""tf.nn.silu of complex tensors: TF 2.21's swish is a custom gradient, dy * (s * (1 + b x (1 - s))) with no
conjugate, so its complex gradient is the conjugate of what a Mul rule would give."""
import numpy as np
import pytest

import framework as tf

X = [[0.7 - 0.3j, -1.2 + 0.5j]]
W = [[1.0 + 2j, 0.5 - 1j]]


@pytest.mark.parametrize('beta, expected_x, expected_beta', [
    # TF 2.21 gives these values
    (1.0, [[0.5993962660089216 - 1.790267536088123j, -0.12902309128785638 + 0.03858275576832679j]], None),
    (1.5, [[0.7167672440532744 - 2.077931851690881j, -0.11665702275504017 - 0.10929928407240794j]], None),
    ('tensor', [[0.6642454746899237 - 1.975199510012899j, -0.13442290553663996 - 0.06282513047033772j]],
     0.16205987778836906 - 0.07305547299300152j),
])
def test_complex_silu_gradient_is_tfs_custom_rule(beta, expected_x, expected_beta):
    x = tf.constant(X, tf.complex128)
    b = tf.constant(1.3, tf.complex128)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        tape.watch(b)
        y = tf.reduce_sum(tf.nn.silu(x, b if beta == 'tensor' else beta) * tf.constant(W, tf.complex128))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), expected_x, rtol=1e-12)
    if expected_beta is not None:
        np.testing.assert_allclose(tape.gradient(y, b).numpy(), expected_beta, rtol=1e-12)


def test_complex_silu_second_derivative():
    x = tf.constant(X, tf.complex128)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.nn.silu(x))
        z = tf.reduce_sum(inner.gradient(y, x) * tf.constant(W, tf.complex128))
    # TF 2.21 gives [[0.22948725-0.88654048j 0.27387401+0.14901338j]] (printed to 8 digits)
    np.testing.assert_allclose(outer.gradient(z, x).numpy(), [[0.22948725 - 0.88654048j, 0.27387401 + 0.14901338j]],
                               atol=1e-8)
