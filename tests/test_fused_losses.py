"""MSE and MAE as one op each (framework/losses/fused.py) give the three-op form's bits."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from framework.losses.fused import mean_absolute_difference, mean_squared_difference

FUSED = {
    'squared': (mean_squared_difference, lambda a, b: tf.reduce_mean(tf.square(a - b), -1)),
    'absolute': (mean_absolute_difference, lambda a, b: tf.reduce_mean(tf.abs(a - b), -1)),
}
SHAPES = [((6, 1), (6, 1)), ((4, 3), (4, 3)), ((2, 3, 5), (2, 3, 5)), ((4, 3), (3,)), ((5,), (5,))]


def _pair(shapes, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(dtype) for s in shapes]


@pytest.mark.parametrize('kind', sorted(FUSED))
@pytest.mark.parametrize('shapes', SHAPES, ids=str)
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_fused_equals_composed_bit_for_bit(kind, shapes, dtype):
    fused, composed = FUSED[kind]
    a, b = (tf.Variable(v) for v in _pair(shapes, dtype))
    weights = np.random.default_rng(1).standard_normal(np.broadcast_shapes(*shapes)[:-1]).astype(dtype)
    results = []
    for fn in (fused, composed):
        for outer in (False, True):       # array rules, then tensor rules (an outer tape records)
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(fn(a, b) * weights)
            if outer:
                with tf.GradientTape():
                    grads = tape.gradient(loss, [a, b])
            else:
                grads = tape.gradient(loss, [a, b])
            results.append([loss.numpy()] + [g.numpy() for g in grads])
    for other in results[1:]:
        for x, y in zip(results[0], other):
            np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize('kind', sorted(FUSED))
def test_fused_gradient_matches_central_differences(kind):
    fused, _ = FUSED[kind]
    arrays = _pair([(3, 4), (3, 4)], 'float64', seed=2)
    check_gradients(fused, arrays)


def test_second_derivative_of_fused_mse():
    x = tf.Variable(np.array([[1.0, -2.0, 0.5]]))
    y = tf.constant([[0.0, 1.0, 1.0]], tf.float64)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_sum(mean_squared_difference(x, y))
        g = inner.gradient(loss, x)          # 2 (x - y) / 3
        total = tf.reduce_sum(g * g)
    np.testing.assert_allclose(g.numpy(), 2 * (x.numpy() - y.numpy()) / 3)
    np.testing.assert_allclose(outer.gradient(total, x).numpy(), 8 * (x.numpy() - y.numpy()) / 9)


def test_scalars_and_unbroadcastable_shapes_are_refused():
    with pytest.raises(ValueError, match='mean_squared_difference'):
        mean_squared_difference(tf.constant(1.0), tf.constant(2.0))
    with pytest.raises(ValueError, match='mean_absolute_difference'):
        mean_absolute_difference(tf.ones((2, 3)), tf.ones((2, 4)))
