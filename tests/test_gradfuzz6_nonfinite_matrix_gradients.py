"""A matrix holding NaN gets NaN gradients through pinv and svd, as TF 2.21's rules computed from its NaN
factors give: tapeflow computed such matrices as zeros (then masked the values NaN), so their gradients were
zeros. The finite matrices of the batch keep theirs. Values printed by TF 2.21 (rounded to 4 digits)."""
import numpy as np

import framework as tf

NAN = float('nan')
A = [[[1.0, 2.0], [NAN, 0.5]], [[2.0, 1.0], [1.0, 3.0]]]


def _gradient(f):
    a = tf.constant(A, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = f(a)
    return np.round(tape.gradient(y, a).numpy(), 4).ravel().tolist()


def _nan_then(grad, finite):
    assert all(np.isnan(grad[:4]))
    assert grad[4:] == finite


def test_pinv():
    _nan_then(_gradient(tf.linalg.pinv), [-0.16, -0.08, -0.08, -0.04])


def test_singular_values():
    _nan_then(_gradient(lambda m: tf.linalg.svd(m, compute_uv=False)), [1.0, 0.0, 0.0, 1.0])


def test_pinv_of_a_watched_nan_column():
    x = tf.constant([[-0.36, 0.75], [-1.11, -0.19], [1.68, -1.75]], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.lgamma(tf.linalg.pinv(tf.where([True, False], x, tf.math.log(x))))
    assert np.isnan(tape.gradient(y, x).numpy()).all()
