"""Prints of the modules guide's FlexibleDense (its build makes tf.Variables) in a subclassed model's first call.

Eagerly, Keras 3's symbolic build run fails at the tf.Variable ('could not be lifted out of a tf.function'), and
the real call runs the model's call and the unfinished build once more: a print in that build shows twice, a
build that finished before (a Keras Dense) shows once. Inside a tf.function's first trace the run succeeds (TF's
trace takes the variable), and the real call follows without building.

Goldens: TF 2.21 printed them for /work/notes/progs/tutorials69/bprint.py.
"""
import pytest

import framework as tf
from framework import keras


class FlexibleDense(keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        print('build', input_shape)
        self.w = tf.Variable(tf.random.normal([input_shape[-1], self.out_features]), name='w')
        self.b = tf.Variable(tf.zeros([self.out_features]), name='b')
        print('built')

    def call(self, inputs):
        print('call', self.out_features)
        return tf.matmul(inputs, self.w) + self.b


class PrintingDense(keras.layers.Dense):
    def build(self, input_shape):
        print('keras build', input_shape)
        super().build(input_shape)


class Model(keras.Model):
    def __init__(self, first, **kwargs):
        super().__init__(**kwargs)
        self.dense_1 = first
        self.dense_2 = FlexibleDense(out_features=2)

    def call(self, x):
        print('model call')
        return self.dense_2(self.dense_1(x))


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


@pytest.fixture
def x():
    return tf.constant([[2.0, 2.0, 2.0]])


def test_eager_first_call_shows_the_failed_build_again(capsys, x):
    model = Model(FlexibleDense(out_features=3))
    assert model(x).shape == (1, 2)
    assert _lines(capsys) == ['model call', 'build (1, 3)', 'model call', 'build (1, 3)', 'built', 'call 3',
                              'build (1, 3)', 'built', 'call 2']
    model(x)
    assert _lines(capsys) == ['model call', 'call 3', 'call 2']


def test_a_build_that_finished_before_the_failure_shows_once(capsys, x):
    model = Model(PrintingDense(3))
    model(x)
    assert _lines(capsys) == ['model call', 'keras build (1, 3)', 'build (1, 3)', 'model call', 'build (1, 3)',
                              'built', 'call 2']


def test_first_call_in_a_tf_function_builds_in_its_trace(capsys, x):
    model = Model(FlexibleDense(3))

    @tf.function
    def f(x):
        print('f trace')
        return model(x)
    f(x)
    f(x)
    assert _lines(capsys) == ['f trace', 'model call', 'build (1, 3)', 'built', 'call 3', 'build (1, 3)', 'built',
                              'call 2', 'model call', 'call 3', 'call 2', 'f trace', 'model call', 'call 3', 'call 2']


def test_fit_of_an_unbuilt_model_builds_in_its_symbolic_build(capsys):
    # (TF 2.21: fit's symbolic build runs the call and both builds once; the train function's two traces then
    # print the calls twice; tapeflow's step trace holds the build run, whose repeat is the first of them)
    import numpy as np
    model = Model(FlexibleDense(3))
    model.compile(optimizer='sgd', loss='mse')
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32'), epochs=2, verbose=0)
    assert _lines(capsys) == ['model call', 'build (None, 3)', 'built', 'call 3', 'build (None, 3)', 'built',
                              'call 2', 'model call', 'call 3', 'call 2', 'model call', 'call 3', 'call 2']
