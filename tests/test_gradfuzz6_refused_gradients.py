"""Gradients TF 2.21 refuses when they reach the op: tf.truncatemod (TruncateMod has no registry entry:
LookupError; tapeflow gave None) and tf.linalg.lstsq(..., fast=False) (MatrixSolveLs's gradient raises
ValueError 'Gradient not defined for fast=False'; tapeflow differentiated its pinv). Texts printed by TF 2.21."""
import pytest

import framework as tf


def test_truncatemod_gradient_is_lookup_error():
    x = tf.Variable([1.5, -2.3])
    with tf.GradientTape(persistent=True) as tape:
        y = tf.truncatemod(x, 0.7)
        z = tf.truncatemod(2.0, x)
        q = tf.truncatediv(x, 0.7)
    assert [round(v, 5) for v in y.numpy().tolist()] == [0.1, -0.2]
    for out in (y, z):
        with pytest.raises(LookupError, match='^gradient registry has no entry for: TruncateMod$'):
            tape.gradient(out, x)
    assert tape.gradient(q, x) is None       # TruncateDiv is NotDifferentiable
    assert tf.truncatemod([7, -7], 3).numpy().tolist() == [1, -1]


def test_lstsq_fast_false_gradient_is_value_error():
    a = tf.Variable([[1.0, 2.0], [3.0, 4.5], [0.5, -1.0]])
    b = tf.Variable([[1.0], [2.0], [0.3]])
    with tf.GradientTape(persistent=True) as tape:
        x = tf.linalg.lstsq(a, b, fast=False)
        fast = tf.linalg.lstsq(a, b)
    assert [round(v, 5) for v in x.numpy().ravel().tolist()] == [0.59261, 0.07172]
    for src in (a, b):
        with pytest.raises(ValueError, match='^Gradient not defined for fast=False$'):
            tape.gradient(x, src)
    assert [round(v, 5) for v in tape.gradient(fast, b).numpy().ravel().tolist()] == [0.02218, 0.27726, 0.29205]
