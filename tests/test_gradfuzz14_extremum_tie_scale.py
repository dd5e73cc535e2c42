"""reduce_max / reduce_min share a gradient among ties as TF 2.21's _MinOrMaxGrad: (indicators / num_selected)
* grad. tapeflow computed (grad * indicators) / num_selected, which rounds differently for 3 ties:
(1/3)f * (1/3)f = 0x1.c71c74p-4 in TF, (1/3)f / 3 = 0x1.c71c72p-4 (keras.losses.CategoricalHinge's gradient
on a row of equal negatives was an ulp off)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _bits(t):
    return [float(v).hex() for v in np.asarray(t.numpy(), np.float64).ravel()]


@pytest.mark.parametrize('op', ['reduce_max', 'reduce_min'])
def test_three_ties_share_one_third_times_g(op):
    x = tf.constant([[0.0, 0.0, 0.0], [1.0, 2.0, 2.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf, op)(x, axis=1)
        loss = tf.reduce_sum(y * [1.0, 1.0]) / 3.0
    # printed by TF 2.21: row 0 [0x1.c71c74p-4] * 3 for both ops
    assert _bits(tape.gradient(loss, x))[:3] == ['0x1.c71c740000000p-4'] * 3


def test_categorical_hinge_gradient_is_tf_2_21s():
    y_true = tf.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.2, 0.3, 0.5]])
    y_pred = tf.constant([[0.1, 0.9, 0.0], [1.0, 0.0, 0.0], [0.25, 0.25, 0.5]])
    with tf.GradientTape() as tape:
        tape.watch(y_pred)
        loss = keras.losses.CategoricalHinge()(y_true, y_pred)
    # printed by TF 2.21 (float.hex) for the gradient's second row
    assert _bits(tape.gradient(loss, y_pred))[3:6] == ['-0x1.5555560000000p-2', '0x1.c71c740000000p-4',
                                                       '0x1.c71c740000000p-4']


def test_tied_max_gradient_sums_like_central_differences_of_a_smooth_direction():
    """At a tie the max is not differentiable; along the direction that moves all tied entries together it is,
    and TF's equal split gives exactly that directional derivative (float64)."""
    x0 = np.array([[2.0, 2.0, 2.0, -1.0]])
    x = tf.constant(x0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_max(x, axis=1)
    g = tape.gradient(y, x).numpy()
    direction = np.array([[1.0, 1.0, 1.0, 0.0]])
    h = 1e-6
    central = (float(tf.reduce_max(tf.constant(x0 + h * direction))) -
               float(tf.reduce_max(tf.constant(x0 - h * direction)))) / (2 * h)
    np.testing.assert_allclose(np.sum(g * direction), central, rtol=1e-9)
