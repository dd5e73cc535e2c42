"""In a traced function TensorFlow's graph optimizer computes log(1 + x) as log1p(x) and
exp(x) - 1 as expm1(x) (grappler's ConvertLog1pStage / ConvertExpm1Stage); eager code computes them
as written. Hands-On ML's activation ``my_softplus(z) = tf.math.log(1.0 + tf.exp(z))`` therefore
gives other last bits in fit / predict / a tf.function than in ``model(x)``.

Measured on TF 2.21 (CPU) with z = 3 * RandomState(0).standard_normal(64) float32: the traced
log(1 + exp(z)) differs from the eager one in 35 values and equals log1p(exp(z)) in all; the traced
exp(z) - 1 equals expm1(z) (6 values differ from eager). The model below printed the golden
train_on_batch losses, predict values and eager outputs.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

Z = tf.constant(np.random.RandomState(0).standard_normal(64).astype(np.float32) * 3)


@pytest.mark.parametrize('written, rewritten', [
    (lambda z: tf.math.log(1.0 + tf.exp(z)), lambda z: tf.math.log1p(tf.exp(z))),
    (lambda z: tf.math.log(tf.exp(z) + 1.0), lambda z: tf.math.log1p(tf.exp(z))),
    (lambda z: tf.math.log(1.0 + z * z), lambda z: tf.math.log1p(z * z)),
    (lambda z: tf.exp(z) - 1.0, lambda z: tf.math.expm1(z)),
])
def test_traced_function_takes_the_rewritten_op(written, rewritten):
    traced = tf.function(written)(Z).numpy()
    eager = written(Z).numpy()
    np.testing.assert_array_equal(traced, rewritten(Z).numpy())
    assert (eager != traced).any()          # the eager composition keeps its own rounding


def test_other_constants_are_not_rewritten():
    np.testing.assert_array_equal(tf.function(lambda z: tf.math.log(2.0 + z * z))(Z).numpy(),
                                  tf.math.log(2.0 + Z * Z).numpy())


def _softplus_model(run_eagerly):
    def my_softplus(z):
        return tf.math.log(1.0 + tf.exp(z))
    keras.utils.set_random_seed(42)
    x = np.random.randn(64, 8).astype(np.float32)
    y = (x[:, :1] - 0.5 * x[:, 2:3] ** 2).astype(np.float32)
    model = keras.models.Sequential([keras.layers.Input(shape=(8,)), keras.layers.Dense(16, activation='relu'),
                                     keras.layers.Dense(1, activation=my_softplus)])
    model.compile(loss='mse', optimizer='sgd', run_eagerly=run_eagerly)
    return model, x, y


@pytest.mark.avx512_bits
def test_my_softplus_model_in_fit_and_predict():
    model, x, y = _softplus_model(False)
    assert [float(model.train_on_batch(x[:32], y[:32])) for _ in range(2)] == [2.4668354988098145, 2.421915054321289]
    assert model.predict(x[32:40], verbose=0).ravel().tolist() == [
        0.977626621723175, 0.8451839685440063, 0.6914762854576111, 0.8010128736495972, 0.7409294843673706,
        0.6794973015785217, 0.9788268208503723, 0.7243262529373169]
    assert model(x[32:40]).numpy().ravel().tolist() == [
        0.977626621723175, 0.8451840281486511, 0.6914762854576111, 0.8010128140449524, 0.7409295439720154,
        0.6794973611831665, 0.9788268208503723, 0.7243262529373169]


@pytest.mark.usefixtures('onednn_on')      # oneDNN's sums (without oneDNN tapeflow sums only Dense(1) as Eigen does)
def test_run_eagerly_keeps_the_written_ops():
    model, x, y = _softplus_model(True)
    assert [float(model.train_on_batch(x[:32], y[:32])) for _ in range(2)] == [2.4668354988098145, 2.421915292739868]
    assert model.predict(x[32:40], verbose=0).ravel().tolist() == model(x[32:40]).numpy().ravel().tolist()
