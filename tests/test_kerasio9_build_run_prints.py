"""How often a subclassed model's call prints when it is built inside a traced first step.

TensorFlow's first trace runs the call twice there (Keras's symbolic build, then the real call)
and, as the trace created variables, traces once more, where the model is built: three prints.
Goldens from TF 2.21 + Keras 3 (the keras.io "endpoint layer pattern" example's LogReg, which
fits a subclassed model with a print in its call; /work/notes/progs/kerasio9/d2d.py).
"""
import numpy as np

import framework as tf
from framework import keras


class _Softmax(keras.layers.Layer):
    def call(self, x):
        print('softmax.call', tuple(x.shape))
        return tf.nn.softmax(x)


class _NoBuild(keras.Model):
    """No build() of its own and unbuilt sublayers: Keras builds it by running call."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.soft = _Softmax()

    def call(self, inputs):
        print('model.call')
        return self.soft(self.dense(inputs))


class _Built(keras.layers.Layer):
    def build(self, shape):
        print('built.build')
        self.w = self.add_weight(shape=(shape[-1], 2))

    def call(self, x):
        print('built.call')
        return x @ self.w


class _Wrapper(keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = _Built()

    def call(self, x):
        print('wrapper.call')
        return self.inner(x)


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_fit_builds_subclassed_model_in_first_trace_prints_three_times(capsys):
    model = _NoBuild()
    model.compile('adam', 'mse')
    model.fit(np.ones((8, 4)), np.ones((8, 1)), verbose=0, epochs=2, batch_size=8)
    assert _lines(capsys) == ['model.call', 'softmax.call (8, 1)'] * 3


def test_tf_function_building_model_prints_three_times(capsys):
    model = _NoBuild()
    opt = keras.optimizers.Adam()

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    step(tf.ones((3, 4)))
    assert _lines(capsys) == ['model.call', 'softmax.call (3, 1)'] * 3
    step(tf.ones((3, 4)))
    assert _lines(capsys) == []


def test_eager_build_by_calling_prints_twice(capsys):
    _NoBuild()(tf.ones((2, 4)))
    assert _lines(capsys) == ['model.call', 'softmax.call (2, 1)'] * 2


def test_fit_prints_sublayer_build_once(capsys):
    model = _Wrapper()
    model.compile('adam', 'mse')
    model.fit(np.ones((8, 4)), np.ones((8, 1)), verbose=0, epochs=1, batch_size=8)
    assert _lines(capsys) == ['wrapper.call', 'built.build', 'built.call',
                              'wrapper.call', 'built.call', 'wrapper.call', 'built.call']
