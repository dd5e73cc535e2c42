"""tf.cast from complex to float logs TensorFlow's warning as often as TensorFlow runs that Python.

math_ops.cast logs 'You are casting an input of type complex64 to an incompatible dtype float32. ...' on
every eager call, and in a tf.function only while it traces: once for one trace, twice for a first call
that made variables (traced again), never when a call replays the graph. keras.io's
nlp/text_generation_fnet.py casts to complex64 under tf.math.real, so the Cast gradient logs it: twice in
TF's whole fit, every step in tapeflow's. Goldens: TF 2.21 + Keras 3 (/work/notes/progs/kerasio13/d10.py,
d11.py).
"""
import logging

import numpy as np
import pytest

import framework as tf
from framework import keras

TEXT = ('You are casting an input of type complex64 to an incompatible dtype float32.  This will discard the '
        'imaginary part and may not be what you intended.')


@pytest.fixture
def logged(caplog):
    caplog.set_level(logging.WARNING)
    return lambda: sum(record.getMessage() == TEXT for record in caplog.records)


class Fourier(keras.layers.Layer):
    def call(self, x):
        return tf.math.real(tf.signal.fft2d(tf.cast(x, tf.complex64)))


def test_fit_logs_for_the_two_traces_of_its_first_step(logged):
    keras.utils.set_random_seed(1)
    inputs = keras.Input((4, 3))
    model = keras.Model(inputs, keras.layers.Dense(1)(Fourier()(keras.layers.Dense(3)(inputs))))
    model.compile('adam', 'mse')
    x = np.random.rand(32, 4, 3).astype('float32')
    model.fit(x, np.random.rand(32, 4, 1).astype('float32'), epochs=2, batch_size=8, verbose=0)
    assert logged() == 2                 # TF: 2 (8 steps)
    model.evaluate(x, x[..., :1], verbose=0)
    assert logged() == 2                 # no gradient: no cast from complex
    tf.random.set_seed(None)             # (the suite runs in one process)


def test_eager_calls_log_each_time_and_a_function_once_per_trace(logged):
    v = tf.Variable(np.ones((2, 3), 'float32'))

    def loss_grad():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.math.real(tf.signal.fft2d(tf.cast(v, tf.complex64))) ** 2)
        return tape.gradient(loss, v)
    for _ in range(2):
        np.testing.assert_array_equal(loss_grad(), np.full((2, 3), 12.0))
    assert logged() == 2
    step = tf.function(loss_grad)
    for _ in range(3):
        step()
    assert logged() == 3                 # TF: one trace, two replays

    @tf.function
    def makes_a_variable():
        if not hasattr(makes_a_variable, 'w'):
            makes_a_variable.w = tf.Variable(np.ones((2,), 'float32'))
        return tf.cast(tf.cast(makes_a_variable.w, tf.complex64), tf.float32)
    for _ in range(3):
        makes_a_variable()
    assert logged() == 5                 # TF: traced twice (the first call made a variable)
