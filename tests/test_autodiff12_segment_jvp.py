"""Segment max / min / mean gradients divide as TF 2.21's rules do (plain divide by the segment's count).

An empty segment leaves inf / nan in that division, which no row gathers: reverse-mode values are
unchanged, but a ForwardAccumulator's jvp (TF's, like tapeflow's, differentiates the gradient rule)
is nan at the empty segment's outputs. tapeflow divided with divide_no_nan (or by max(count, 1))
and gave 0.0 there. Golden values: /opt/tfref (TF 2.21), notes/progs/autodiff12/x_seg.py.
"""
import numpy as np
import pytest

import framework as tf

X = [[2.0, 1.67], [1.0, -0.548], [3.0, -1.575]]
TAN = [[2.051, 1.887], [0.383, 2.234], [-1.514, -0.467]]
NAN = float('nan')

CASES = {
    'unsorted_segment_max': (lambda z: tf.math.unsorted_segment_max(z, [1, 0, 1], 3),
                             [0.382999986410141, 2.2339999675750732, -1.5140000581741333, 1.8869999647140503, NAN, NAN],
                             [0.0, 1.0, 1.0, 1.0, 1.0, 0.0]),
    'unsorted_segment_min': (lambda z: tf.math.unsorted_segment_min(z, [1, 0, 1], 3),
                             [0.382999986410141, 2.2339999675750732, 2.0510001182556152, -0.46700000762939453, NAN, NAN],
                             [1.0, 0.0, 1.0, 1.0, 0.0, 1.0]),
    'segment_max': (lambda z: tf.math.segment_max(z, [0, 2, 2]),
                    [2.0510001182556152, 1.8869999647140503, NAN, NAN, -1.5140000581741333, 2.2339999675750732],
                    [1.0, 1.0, 0.0, 1.0, 1.0, 0.0]),
    'segment_min': (lambda z: tf.math.segment_min(z, [0, 0, 2]),
                    [0.382999986410141, 2.2339999675750732, NAN, NAN, -1.5140000581741333, -0.46700000762939453],
                    [0.0, 0.0, 1.0, 1.0, 1.0, 1.0]),
    'segment_mean': (lambda z: tf.math.segment_mean(z, [0, 2, 2]),
                     [2.0510001182556152, 1.8869999647140503, NAN, NAN, -0.565500020980835, 0.8834999799728394],
                     [1.0, 1.0, 0.5, 0.5, 0.5, 0.5]),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_jvp_is_nan_at_empty_segments(name):
    f, want, _ = CASES[name]
    x = tf.constant(X)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(TAN)) as acc:
        y = f(x)
    np.testing.assert_array_equal(acc.jvp(y).numpy().ravel(), np.array(want, np.float32))


@pytest.mark.parametrize('name', sorted(CASES))
def test_reverse_mode_stays_finite(name):
    f, _, hessian_diagonal = CASES[name]
    x = tf.constant(X)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            z = tf.reduce_sum(f(x) ** 2 * 0.5)
        g = inner.gradient(z, x)
    assert np.isfinite(g.numpy()).all()
    np.testing.assert_array_equal(outer.gradient(g, x).numpy().ravel(), np.array(hessian_diagonal, np.float32))


def test_segment_mean_float64_gradient_matches_central_differences():
    data = np.array([[0.3, -1.2], [2.0, 0.7], [-0.4, 1.1], [0.9, 0.2]])
    ids = [0, 0, 2, 2]
    w = np.array([[1.0, -2.0], [0.5, 0.25], [3.0, -1.0]])
    x = tf.constant(data)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.math.segment_mean(x, ids) * w)
    g = tape.gradient(y, x).numpy()

    def f(d):
        means = np.zeros((3, 2))
        for k in (0, 2):
            means[k] = d[[i for i, s in enumerate(ids) if s == k]].mean(axis=0)
        return np.sum(means * w)
    eps = 1e-6
    numeric = np.zeros_like(data)
    for idx in np.ndindex(*data.shape):
        e = np.zeros_like(data)
        e[idx] = eps
        numeric[idx] = (f(data + e) - f(data - e)) / (2 * eps)
    np.testing.assert_allclose(g, numeric, rtol=1e-8)
