"""Schedules and gradient accumulation in a traced step divide by their constants as TF 2.21's graphs do.

In a tf.function or Keras's compiled train step, TensorFlow's graph optimizer turns ``x / constant``
into ``x * (1 / constant)``: a cycling PolynomialDecay(decay_steps=7) at step 21 counts
ceil(21 * (1/7)) = 4 periods there (0.0040625) and 3 eagerly (0.001); fit with it drifted by 2e-3.

Golden values: /opt/tfref (TF 2.21, Keras 3.15.1) calling each schedule eagerly and inside a
tf.function, and running 40 traced SGD steps, printing ``repr(float(...))`` and ``tobytes().hex()``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules

CASES = {  # name: (schedule, step, eager value, traced value)
    'poly_cycle': (lambda: S.PolynomialDecay(0.05, 7, end_learning_rate=0.001, power=2.0, cycle=True), 21,
                   0.0010000000474974513, 0.004062500316649675),
    'poly': (lambda: S.PolynomialDecay(0.05, 70, end_learning_rate=0.001, power=0.5), 65,
             0.014095804654061794, 0.014095798134803772),
    'exp': (lambda: S.ExponentialDecay(0.01, 7, 0.8), 18, 0.0056338184513151646, 0.005633817985653877),
    'invt': (lambda: S.InverseTimeDecay(0.05, 7, 0.5), 9, 0.030434783548116684, 0.030434781685471535),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_schedule_eager_and_traced(name):
    make, step, eager, traced = CASES[name]
    schedule = make()
    traced_call = tf.function(lambda t: schedule(t))
    assert float(schedule(tf.constant(step, 'int64'))) == eager
    assert float(traced_call(tf.constant(step, 'int64'))) == traced
    assert float(schedule(tf.constant(step, 'int64'))) == eager      # eager again after the trace


def test_traced_steps_with_gradient_accumulation_and_a_schedule():
    v = keras.Variable(np.linspace(-1, 1, 12).astype('float32'))
    opt = keras.optimizers.SGD(S.ExponentialDecay(0.1, 3, 0.7), gradient_accumulation_steps=2)
    step = tf.function(lambda g: opt.apply_gradients([(g, v)]))
    rng = np.random.default_rng(0)
    for _ in range(40):
        step(tf.constant(rng.normal(size=12).astype('float32')))
    assert v.numpy().tobytes().hex() == ('232678bfcb7c50bfae3829bf2775b1befd2c25beb02986beb2f6753d9c3ebd3a'
                                         '04a0ee3e809a393fcb8a6d3f613d683f')


def test_fit_follows_a_cycling_polynomial_decay_as_keras():
    # A model whose forward pass is exact (one weight, no matmul sums): only the rate can differ.
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, kernel_initializer='ones',
                                                                    bias_initializer='zeros')])
    opt = keras.optimizers.SGD(S.PolynomialDecay(0.05, 7, end_learning_rate=0.001, power=2.0, cycle=True))
    model.compile(opt, 'mse')
    model.fit(np.ones((22, 1), 'float32'), np.full((22, 1), 3.0, 'float32'), batch_size=1, epochs=1,
              shuffle=False, verbose=0)
    assert [w.numpy().tolist() for w in model.weights] == GOLDEN_FIT


# TF 2.21's weights; with the eager rate at step 21 (0.001, not 0.0040625) they would be 1.5622457, 0.5622457.
GOLDEN_FIT = [[[1.5676296949386597]], [0.5676297545433044]]
