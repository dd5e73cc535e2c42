"""tf.clip_by_norm with a tensor clip_norm of another dtype than t: TF 2.21 casts maximum(clip_norm, 0) to t's
dtype, so a float32 (or int32) bound clips float64 values; tapeflow converted the bound to t's dtype first and
raised InvalidArgumentError ('cannot compute Mul ... expected to be a double tensor but is a float tensor').
Values printed by TF 2.21 (progs/gradfuzz15/t27.py)."""
import numpy as np
import pytest

import framework as tf

X = [[3., -4.], [1., 2.]]


@pytest.mark.parametrize('bound, values', [
    (lambda: tf.constant(0.5), ['0x1.186f174f88472p-2', '-0x1.75e9746a0b098p-2', '0x1.75e9746a0b098p-4',
                                '0x1.75e9746a0b098p-3']),
    (lambda: tf.constant(1), ['0x1.186f174f88472p-1', '-0x1.75e9746a0b098p-1', '0x1.75e9746a0b098p-3',
                              '0x1.75e9746a0b098p-2']),
    (lambda: tf.constant(-2.0), ['0x0.0p+0', '-0x0.0p+0', '0x0.0p+0', '0x0.0p+0']),
    (lambda: np.array(0.5), ['0x1.186f174f88472p-2', '-0x1.75e9746a0b098p-2', '0x1.75e9746a0b098p-4',
                             '0x1.75e9746a0b098p-3'])])
def test_a_tensor_bound_is_cast_to_the_values_dtype(bound, values):
    y = tf.clip_by_norm(tf.constant(X, tf.float64), bound())
    assert y.dtype == tf.float64
    assert [float(v).hex() for v in y.numpy().ravel()] == values


def test_its_gradient_reaches_the_float64_values():
    x = tf.constant(X, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.clip_by_norm(x, tf.constant(0.5)) * [[1., 0.], [0., 0.]])
    g = tape.gradient(y, x)
    assert g.dtype == tf.float64
    # d(0.5 x0 / |x|)/dx = 0.5 (e0 / |x| - x0 x / |x|^3), |x| = sqrt(30)
    n = np.sqrt(30.0)
    np.testing.assert_allclose(g.numpy().ravel(), 0.5 * (np.eye(4)[0] / n - 3.0 * np.ravel(X) / n ** 3), rtol=1e-12)
