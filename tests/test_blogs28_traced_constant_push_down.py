"""A tf.function training step on numpy data: grappler regroups ``(w * X + b) - Y`` as ``b + (w * X - Y)``.

X and Y are numpy arrays outside the function, constants in TF's graph; grappler's
ConstantPushDown moves Y next to the operator's output (framework/ops/constant_push_down.py).
Eagerly the loss is 0.009314754977822304; TF 2.21's traced step gives 0.009314756840467453.
Goldens: notes/progs/blogs28/q_push.py (and p26.py, p31.py) under TF 2.21."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # the means and the matmul sum in the Xeon's order

np.random.seed(5)
_X = np.linspace(0, 1, 32).astype(np.float32)
_Y = (2.5 * _X + 0.7 + np.random.randn(32) * 0.05).astype(np.float32)
_TRACED = (0.009314756840467453, -0.039369337260723114, 0.021164365112781525)
_EAGER = (0.009314754977822304, -0.03936934471130371, 0.021164361387491226)


def _step(loss_of):
    w = tf.Variable(2.2018523)
    b = tf.Variable(0.85855305)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = loss_of(w, b)
        return loss, tape.gradient(loss, [w, b])
    loss, (gw, gb) = step()
    return float(loss), float(gw), float(gb)


def test_a_variable_plus_a_product_minus_numpy_data_is_regrouped():
    assert _step(lambda w, b: tf.reduce_mean(tf.square(w * _X + b - _Y))) == _TRACED
    assert _step(lambda w, b: tf.reduce_mean(tf.square(b + w * _X - _Y))) == _TRACED
    assert _step(lambda w, b: tf.reduce_mean(tf.square(_X * w + b - _Y))) == _TRACED
    assert _step(lambda w, b: tf.reduce_mean(tf.square(tf.subtract(tf.add(w * _X, b), _Y)))) == _TRACED


def test_numpy_data_minus_the_sum_and_sums_with_the_data_are_regrouped():
    # C - (v + t) is (C - t) - v; (v + t) + C and C + (v + t) are v + (C + t) (q_push2.py)
    assert _step(lambda w, b: tf.reduce_mean(tf.square(_Y - (w * _X + b)))) == _TRACED
    assert _step(lambda w, b: tf.reduce_mean(tf.square(_Y - (b + w * _X)))) == _TRACED
    added = (17.224891662597656, 4.739629745483398, 7.8167524337768555)    # eager: 4.739630222320557
    assert _step(lambda w, b: tf.reduce_mean(tf.square(w * _X + b + _Y))) == added
    assert _step(lambda w, b: tf.reduce_mean(tf.square(_Y + (w * _X + b)))) == added


def test_a_python_number_subtracted_is_regrouped_too():
    loss = _step(lambda w, b: tf.reduce_mean(tf.square(w * _X + b - 1.0)))
    assert loss == (1.3506784439086914, 1.350130319595337, 1.9189584255218506)


def test_eager_steps_and_a_matmul_beside_the_bias_keep_the_written_order():
    w = tf.Variable(2.2018523)
    b = tf.Variable(0.85855305)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * _X + b - _Y))
    assert (float(loss), *map(float, tape.gradient(loss, [w, b]))) == _EAGER
    # 'MatMul' sorts before the bias's ReadVariableOp: Y would join the bias and broadcast it, so
    # grappler leaves the sum as written
    W = tf.Variable([[2.2018523]])
    bias = tf.Variable([0.85855305])

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(_X.reshape(-1, 1), W) + bias - _Y.reshape(-1, 1)))
        return loss, tape.gradient(loss, [W, bias])
    loss, (gW, gb) = step()
    assert (float(loss), float(tf.reduce_sum(gW)), float(tf.reduce_sum(gb))) == (
        0.009314754977822304, -0.03936934098601341, 0.021164361387491226)


def test_a_newton_cooling_fit_in_a_tf_function():
    t = np.array([0, 5, 10, 15, 20, 30, 40, 60], dtype=np.float32)
    T = np.array([90.0, 76.1, 65.3, 57.0, 50.2, 40.9, 34.8, 28.1], dtype=np.float32)
    Ta, T0, log_k = tf.Variable(20.0), tf.Variable(80.0), tf.Variable(tf.math.log(0.1))
    variables = [Ta, T0, log_k]
    opt = tf.keras.optimizers.Adam(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            pred = Ta + (T0 - Ta) * tf.exp(-tf.exp(log_k) * t)
            loss = tf.reduce_mean(tf.square(pred - T))
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss
    for _ in range(300):
        loss = step()
    assert float(loss) == 1.2236484289169312      # eager: 1.2236474752426147
