"""First-order sweeps run gradient rules on raw arrays (tape.array_rule); the bits must not change.

A gradient taken while another tape of the thread records runs every rule
with framework ops (so the sweep can be differentiated again); a plain
``tape.gradient`` runs the rules that have an array form on raw arrays. For
every op of the gradient table, both sweeps must give identical bits.
"""
import numpy as np
import pytest

import framework as tf
from framework import tape as tape_module
from test_op_gradients import CASES


def _both_sweeps(case, dtype):
    arrays = [a.astype(dtype) for a in case.arrays()]
    xs = [tf.constant(a) for a in arrays]
    with tf.GradientTape(persistent=True) as tape:
        for x in xs:
            tape.watch(x)
        y = case.fn(*xs)
        weights = np.random.default_rng(0).standard_normal(tuple(y.shape)).astype(y.dtype)
        total = tf.reduce_sum(y * weights)
    on_arrays = tape.gradient(total, xs)
    with tf.GradientTape():                  # a recording tape: the sweep runs on tensors
        on_tensors = tape.gradient(total, xs)
    return on_arrays, on_tensors


@pytest.mark.parametrize('dtype', ['float64', 'float32'])
@pytest.mark.parametrize('case', [c for c in CASES], ids=[c.id for c in CASES])
def test_array_rules_give_the_tensor_rules_bits(case, dtype):
    on_arrays, on_tensors = _both_sweeps(case, dtype)
    for a, t in zip(on_arrays, on_tensors):
        assert (a is None) == (t is None)
        if a is not None:
            assert type(a) is type(t)        # a gather's rows (IndexedSlices) in both sweeps
            a, t = tf.convert_to_tensor(a), tf.convert_to_tensor(t)
            assert a.dtype == t.dtype and a.shape == t.shape
            np.testing.assert_array_equal(a.numpy(), t.numpy())


def test_the_hot_rules_have_array_forms():
    """The seed model's ops must stay on the array path (a missing form only costs speed,
    so this is what notices a rule losing it)."""
    x = tf.Variable(np.ones((4, 3), np.float32))
    k = tf.Variable(np.ones((3, 2), np.float32))
    b = tf.Variable(np.zeros(2, np.float32))
    with tf.GradientTape() as tape:
        h = tf.nn.elu(tf.ops.affine(x, k, b))
        loss = tf.add_n([tf.reduce_mean(tf.square(h - 1.0)), tf.sum_of_squares(k, 0.05)])
    missing = [name for _, _, vjps, name in tape._nodes
               if any(v is not None and getattr(v, 'array_rule', None) is None for v in vjps)]
    assert missing == []
    tape.gradient(loss, [x, k, b])


def test_sum_to_array_undoes_broadcasting():
    # ops.shapes.sum_to wraps sum_to_array; checked here against numpy summed axis by axis.
    a = np.random.default_rng(1).standard_normal((2, 3, 4)).astype(np.float32)
    for shape in [(3, 4), (1, 4), (3, 1), (2, 1, 4), (4,), ()]:
        expected = a.sum(axis=tuple(range(a.ndim - len(shape))), dtype=a.dtype)
        for axis, size in enumerate(shape):
            if size == 1 and expected.shape[axis] != 1:
                expected = expected.sum(axis=axis, keepdims=True, dtype=a.dtype)
        np.testing.assert_allclose(tape_module.sum_to_array(a, shape), expected, rtol=1e-5)  # other order
        np.testing.assert_array_equal(tf.ops.sum_to(tf.constant(a), shape).numpy(),
                                      tape_module.sum_to_array(a, shape))
