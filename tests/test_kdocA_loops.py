"""keras.ops.while_loop / fori_loop return what Keras 3.15 on TensorFlow 2.21 returns.

Keras's TF backend runs an eager tf.while_loop: loop variables stay as given inside the loop,
the structure is checked with tf.nest after every body call, and the results become tensors
at the end (a tuple for a tuple or list). Golden values: the same calls run under TF 2.21 +
Keras 3.15 (the ops.while_loop / ops.fori_loop docstring examples among them).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import ops


def _spec(t):
    return (t.dtype.name, tuple(t.shape), np.asarray(t).tolist())


@pytest.mark.parametrize('call, want', [
    (lambda: ops.while_loop(lambda i: i < 10, lambda i: i + 1, 0), ('int32', (), 10)),
    (lambda: ops.while_loop(lambda i: i < 10, lambda i: i + 1.5, 0.0), ('float32', (), 10.5)),
    (lambda: ops.while_loop(lambda i: i < 3, lambda i: i + 1, 0, maximum_iterations=2), ('int32', (), 2)),
    (lambda: ops.while_loop(lambda i: i < 3, lambda i: i + 1, np.int64(0)), ('int64', (), 3)),
    (lambda: ops.while_loop(lambda i: i < 3, lambda i: i + 1, np.array([0])), ('int64', (1,), [3])),
    (lambda: ops.while_loop(lambda i: i < 0, lambda i: i + 1, 5), ('int32', (), 5)),
    (lambda: ops.while_loop(lambda a: a < 2, lambda a: a + 1, keras.Variable(0.0)), ('float32', (), 2.0)),
    (lambda: ops.fori_loop(0, 10, lambda i, s: s + i, 0), ('int32', (), 45)),
    (lambda: ops.fori_loop(0, 10, lambda i, s: s + i, 0.5), ('float32', (), 45.5)),
    (lambda: ops.fori_loop(0, 0, lambda i, s: s + i, 0.5), ('float32', (), 0.5)),
    (lambda: ops.fori_loop(1.5, 3, lambda i, v: v + i, 0.0), ('float32', (), 4.0)),
    (lambda: ops.fori_loop(0, 2, lambda i, v: v + i, np.zeros(2)), ('float64', (2,), [1.0, 1.0])),
])
def test_single_loop_variable_comes_back_as_a_tensor(call, want):
    out = call()
    assert isinstance(out, tf.Tensor)
    assert _spec(out) == want


def test_sequences_come_back_as_tuples_of_tensors():
    out = ops.while_loop(lambda x, y: x < 10, lambda x, y: (x + 1, y + 1), (0, 1))
    assert type(out) is tuple and [_spec(t) for t in out] == [('int32', (), 10), ('int32', (), 11)]
    # a list in, a tuple out (tf.while_loop maps over Keras's tuple)
    out = ops.while_loop(lambda x, y: x < 10, lambda x, y: [x + 1, y * 0.5], [0, np.float64(1)])
    assert type(out) is tuple and [_spec(t) for t in out] == [('int32', (), 10), ('float64', (), 0.0009765625)]
    out = ops.while_loop(lambda i: i < 0, lambda i: i + 1, [5])
    assert type(out) is tuple and _spec(out[0]) == ('int32', (), 5)
    out = ops.while_loop(lambda d: d['a'] < 3, lambda d: {'a': d['a'] + 1}, {'a': 0})
    assert list(out) == ['a'] and _spec(out['a']) == ('int32', (), 3)
    out = ops.while_loop(lambda a, b: a < 2, lambda a, b: (a + 1, b), (0, (1, 2)))
    assert _spec(out[0]) == ('int32', (), 2) and [_spec(t) for t in out[1]] == [('int32', (), 1), ('int32', (), 2)]
    out = ops.fori_loop(0, 3, lambda i, s: [s[0] + i, s[1]], [0, 1.0])
    assert type(out) is list and [_spec(t) for t in out] == [('int32', (), 3), ('float32', (), 1.0)]


@pytest.mark.parametrize('call, error, text', [
    (lambda: ops.while_loop(lambda a, b: a < 2, lambda a, b: (a + 1, (b, b)), (0, 1)), ValueError,
     "The two structures don't have the same nested structure."),
    (lambda: ops.while_loop(lambda a, b: a < 2, lambda a, b: (a + 1, [b[0], b[1]]), (0, (1, 2))), TypeError,
     "The two structures don't have the same nested structure."),
    (lambda: ops.while_loop(lambda a: a < 2, lambda a: (a + 1, a), 0), ValueError,
     "The two structures don't have the same nested structure."),
    # the fori_loop docstring's example: a body returning a pair for a scalar value
    (lambda: ops.fori_loop(0, 10, lambda i, s: (i + 1, s + i), 0), ValueError,
     "The two structures don't have the same nested structure."),
])
def test_a_body_that_changes_the_structure_raises_tf_nest_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value).split('\n')[0] == text


def test_gradients_flow_through_the_loop_body():
    x = tf.Variable(1.5)
    with tf.GradientTape() as tape:
        y = ops.fori_loop(0, 3, lambda i, v: v * x, tf.constant(2.0))
    assert float(y) == 6.75 and float(tape.gradient(y, x)) == pytest.approx(3 * 2.0 * 1.5 ** 2)
