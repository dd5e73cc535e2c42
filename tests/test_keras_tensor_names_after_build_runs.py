"""A subclassed model without build() whose sublayers are unbuilt builds, in Keras 3, by running its call
once symbolically; once that run succeeds it names one KerasTensor per tensor output (not its None or
Python values), and a run that fails names none. Later KerasTensors (keras.Input().name) are numbered
after them. Names from TF 2.21 / Keras 3.15 (seeds2 w36, me32/kt)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def fresh_names():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


class Two(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(3)

    def call(self, x):
        h = self.d(x)
        return h, {'a': h * 2, 'b': None, 'c': 3}


class Outer(keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = Two()

    def call(self, x):
        return self.inner(x)[0]


class Bad(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(3)

    def call(self, x, training=None):
        return tf.matmul(self.d(x), tf.ones((4, 1)))


def test_each_tensor_output_takes_a_name():
    Two()(np.ones((2, 2), 'float32'))
    assert keras.Input(shape=(2,)).name == 'keras_tensor_2'
    Outer()(np.ones((2, 2), 'float32'))        # the inner model's two, then the outer's one
    assert keras.Input(shape=(2,)).name == 'keras_tensor_6'


def test_a_failing_build_run_takes_no_name():
    bad = Bad()
    for expected in ('keras_tensor', 'keras_tensor_1'):
        with pytest.raises(tf.errors.InvalidArgumentError):
            bad(np.ones((2, 2), 'float32'))
        assert keras.Input(shape=(2,)).name == expected
