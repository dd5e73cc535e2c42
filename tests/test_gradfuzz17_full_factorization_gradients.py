"""Gradients of svd / qr with full_matrices=True on non-square matrices, as TF 2.21's _SvdGrad / _QrGrad:
the full svd's gradient is computed for |m - n| == 1 (the extra singular vector's square counts) and refused
beyond with TF's NotImplementedError, as is a deep matrix's complete QR. tapeflow dropped those outputs from
the tape, so such losses had silently partial gradients (or None)."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from framework import keras

A = [[1.0, 2.0, 0.5], [-1.0, 0.5, 3.0], [2.0, -0.5, 1.0], [0.0, 1.5, -2.0]]


def _loss(x):
    # the last singular vectors' squares: fixed up to their signs, so a well-defined loss
    s, u, v = tf.linalg.svd(x, full_matrices=True)
    m, n = x.shape
    return (tf.reduce_sum(s * tf.constant([1.0, 2.0, 3.0], x.dtype))
            + tf.reduce_sum(u[:, -1] ** 2 * tf.constant([1.0, -1.0, 2.0, 0.5][:m], x.dtype))
            + tf.reduce_sum(v[:, -1] ** 2 * tf.constant([0.5, 1.0, -2.0, 1.0][:n], x.dtype)))


def _gradient(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = _loss(x)
    return tape.gradient(loss, x)


# printed by TF 2.21: the snippet above's gradient for A and for A^T (np.array2string, precision=8)
TF_DEEP = [[1.7865644, 0.97946215, 0.21904856], [-1.4159675, 0.5447316, 0.8355614],
           [2.709938, -0.03138053, 0.47805232], [-0.49213654, 1.0133492, -0.36733633]]
TF_WIDE = [[-2.6150782, -0.6262739, 0.73494345, -0.7821717], [3.2137613, 2.3903491, -3.1537187, 2.4725149],
           [0.22175398, 1.1001103, -0.00435884, -0.21104199]]


@pytest.mark.parametrize('matrix, expected', [(A, TF_DEEP), (np.transpose(A), TF_WIDE)])
def test_full_svd_gradient_one_row_or_column_more(matrix, expected):
    np.testing.assert_allclose(_gradient(tf.constant(np.asarray(matrix, np.float32))).numpy(), expected,
                               rtol=2e-6, atol=1e-6)


@pytest.mark.parametrize('shape', [(4, 3), (3, 4), (2, 3, 2)])
def test_full_svd_gradient_matches_central_differences(shape):
    a = np.random.RandomState(7).randn(*shape)
    weights = np.cos(np.arange(48.0))

    def loss(x):
        s, u, v = tf.linalg.svd(x, full_matrices=True)
        parts = [tf.reshape(s, [-1]), tf.reshape(u * u, [-1]), tf.reshape(v * v, [-1])]
        flat = tf.concat(parts, 0)
        return tf.reduce_sum(flat * weights[:flat.shape[0]])
    check_gradients(loss, [a], rtol=1e-6, atol=1e-6)     # central differences in float64


def test_keras_svd_defaults_to_full_matrices_with_gradient():
    # keras.ops.svd is tf.linalg.svd(full_matrices=True) on TF's backend, returning (u, s, v^T)
    x = tf.constant(np.asarray(A, np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        u, s, vt = keras.ops.svd(x)
        loss = (tf.reduce_sum(s * [1.0, 2.0, 3.0]) + tf.reduce_sum(u[:, -1] ** 2 * [1.0, -1.0, 2.0, 0.5])
                + tf.reduce_sum(vt[-1] ** 2 * [0.5, 1.0, -2.0]))
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), TF_DEEP, rtol=2e-6, atol=1e-6)


@pytest.mark.parametrize('output', [0, 1, 2])
def test_full_svd_gradient_refused_beyond_one(output):
    x = tf.constant([[1.5, 0.25, -1.0], [0.5, 2.0, 1.0], [-2.0, 0.5, 0.75], [1.0, 1.0, 1.0], [0.0, -1.0, 2.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.linalg.svd(x, full_matrices=True)[output])
    # TF 2.21's text (its eager gradient formats the input with numpy's str)
    with pytest.raises(NotImplementedError) as err:
        tape.gradient(loss, x)
    assert str(err.value) == (
        'svd gradient is not implemented for abs(m - n) > 1 when full_matrices is True. Received: m=3 and n=5 '
        'from op input=[[ 1.5   0.25 -1.  ]\n [ 0.5   2.    1.  ]\n [-2.    0.5   0.75]\n [ 1.    1.    1.  ]\n'
        ' [ 0.   -1.    2.  ]] with shape=(5, 3).')


def test_full_svd_values_only_and_reduced_keep_gradients():
    x = tf.constant(np.random.RandomState(3).randn(5, 3).astype(np.float32))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        values = tf.reduce_sum(tf.linalg.svd(x, compute_uv=False))
        reduced = tf.reduce_sum(tf.linalg.svd(x)[0])
    np.testing.assert_allclose(tape.gradient(values, x).numpy(), tape.gradient(reduced, x).numpy(), rtol=1e-6)


@pytest.mark.parametrize('output', [0, 1])
def test_complete_qr_of_deep_matrix_refuses_gradient(output):
    x = tf.constant(np.random.RandomState(1).randn(2, 4, 3).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        factors = tf.linalg.qr(x, full_matrices=True)
        loss = tf.reduce_sum(factors[output])
    with pytest.raises(NotImplementedError, match=r'^QrGrad not implemented when nrows > ncols and full_matrices '
                                                  r'is true\. Received r\.shape=\(2, 4, 3\) with nrows=4and ncols=3\.$'):
        tape.gradient(loss, x)


def test_complete_qr_unused_does_not_refuse_and_wide_computes():
    x = tf.constant(np.random.RandomState(1).randn(4, 3).astype(np.float32))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        tf.linalg.qr(x, full_matrices=True)
        loss = tf.reduce_sum(x * x)
        wide = tf.transpose(x)
        r = tf.linalg.qr(wide, full_matrices=True)[1]
        wide_loss = tf.reduce_sum(r * r)
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), 2 * x.numpy())
    # R^T R = A A^T for a wide A: the gradient of sum(R * R) = ||A||^2 is 2 A
    np.testing.assert_allclose(tape.gradient(wide_loss, x).numpy(), 2 * x.numpy(), rtol=1e-4, atol=1e-5)
