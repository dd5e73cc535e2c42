"""fit's own train step (run_eagerly=False) runs a model's call as Keras 3's do_not_convert step
function does: a tensor ``if`` / ``for`` in a subclassed model's or a layer's call meets TF 2.21's
OperatorNotAllowedInGraphError while the step is traced, as evaluate / predict already did.

Printed by TF 2.21 / Keras 3 (/work/notes/progs/autograph9/p1.py):

    class M2(keras.Model):          # Dense(1, kernel_initializer='ones') then
        def call(self, x):
            y = self.d(x)
            if tf.reduce_sum(y) > 0:
                return y * 2
            return y
    m.compile(optimizer='sgd', loss='mse'); m.fit(x, y, verbose=0, epochs=2)
    # OperatorNotAllowedInGraphError: Exception encountered when calling M2.call().
    #   ... Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. ...
    #   Arguments received by M2.call():
    #     • x=tf.Tensor(shape=(None, 2), dtype=float32)
    m.compile(optimizer='sgd', loss='mse', run_eagerly=True); m.fit(...).history
    # {'loss': [20.5, 7.747999668121338]}
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError

BOOL = 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.'
ITERATION = 'Iterating over a symbolic `tf.Tensor` is not allowed.'
X = np.array([[1.0, 2.0], [3.0, -1.0]], dtype='float32')
Y = np.array([[1.0], [0.0]], dtype='float32')


class _Doubling(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1, kernel_initializer='ones')

    def call(self, x):
        y = self.d(x)
        if tf.reduce_sum(y) > 0:
            return y * 2
        return y


class _Gate(keras.layers.Layer):
    def call(self, x):
        if tf.reduce_sum(x) > 0:
            return x * 2.0
        return -x


class _GateModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.g = _Gate()
        self.d = keras.layers.Dense(1, kernel_initializer='ones')

    def call(self, x):
        return self.d(self.g(x))


class _LoopModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1, kernel_initializer='ones')

    def call(self, x):
        s = tf.zeros_like(x)
        for _ in tf.range(2):
            s += x
        return self.d(s)


def _compiled(cls, run_eagerly):
    model = cls()
    model.compile(optimizer='sgd', loss='mse', run_eagerly=run_eagerly)
    return model


@pytest.mark.parametrize('cls, refusal, called', [
    (_Doubling, BOOL, '_Doubling'), (_GateModel, BOOL, '_Gate'), (_LoopModel, ITERATION, '_LoopModel')])
def test_fit_traced_train_step_refuses_tensor_control_flow_in_call(cls, refusal, called):
    model = _compiled(cls, run_eagerly=False)
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        model.fit(X, Y, verbose=0, epochs=2)
    text = str(caught.value)
    assert refusal in text
    assert 'Exception encountered when calling %s.call().' % called in text
    assert 'x=tf.Tensor(shape=(None, 2), dtype=float32)' in text


def test_a_refused_fit_leaves_the_model_to_train_eagerly():
    model = _compiled(_Doubling, run_eagerly=False)
    with pytest.raises(OperatorNotAllowedInGraphError):
        model.fit(X, Y, verbose=0)
    # (TF 2.21's second fit raises its own ValueError about 'OptionalFromValue'; tapeflow leaves a failed
    # fit's model as it was, the lead's rule, so compiling it to run eagerly trains as from the start)
    model.compile(optimizer='sgd', loss='mse', run_eagerly=True)
    history = model.fit(X, Y, verbose=0, epochs=2, shuffle=False).history
    assert history == {'loss': [20.5, 7.747999668121338]}      # TF 2.21, a fresh run_eagerly=True model


def test_fit_run_eagerly_still_runs_the_python_if():
    model = _compiled(_Doubling, run_eagerly=True)
    history = model.fit(X, Y, verbose=0, epochs=2, shuffle=False).history
    assert history == {'loss': [20.5, 7.747999668121338]}      # TF 2.21, run_eagerly=True


def test_fit_with_tf_cond_in_call_still_trains():
    class CondModel(_Doubling):
        def call(self, x):
            y = self.d(x)
            return tf.cond(tf.reduce_sum(y) > 0, lambda: y * 2, lambda: y)
    model = _compiled(CondModel, run_eagerly=False)
    history = model.fit(X, Y, verbose=0, epochs=2, shuffle=False).history
    assert history == {'loss': [20.5, 7.747999668121338]}
