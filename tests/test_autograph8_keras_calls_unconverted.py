"""A tensor ``if`` / ``while`` / ``for`` in code Keras 3 calls inside a tf.function (a layer's call, an
optimizer's learning-rate schedule, a custom train_step in fit) is not converted by AutoGraph: TF 2.21
raises OperatorNotAllowedInGraphError where the same code in the tf.function itself runs.

Expected outcomes printed by TF 2.21 / Keras 3 (/work/notes/progs/autograph8/p5.py), e.g.

    class Gate(keras.layers.Layer):
        def call(self, x):
            if tf.reduce_sum(x) > 0: ...
    tf.function(lambda x: Gate()(x))(tf.constant([[1.0, -3.0]]))
    # OperatorNotAllowedInGraphError: in user code: ... Exception encountered when calling Gate.call().
    # Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. ...
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError

BOOL = 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.'
ITERATION = 'Iterating over a symbolic `tf.Tensor` is not allowed.'


def _helper(x):
    if tf.reduce_sum(x) > 0:
        return x
    return -x


class _Gate(keras.layers.Layer):
    def call(self, x):
        if tf.reduce_sum(x) > 0:
            return x * 2.0
        return -x


class _Loop(keras.layers.Layer):
    def call(self, x):
        s = tf.zeros_like(x)
        for _ in tf.range(3):
            s += x
        return s


class _WhileOpBody(keras.layers.Layer):
    def call(self, x):
        def body(i, v):
            if v[0, 0] > 100.0:
                v = v * 1.0
            return i + 1, v * 2.0
        return tf.while_loop(lambda i, v: i < 3, body, (0, x))[1]


class _CondOp(keras.layers.Layer):
    def call(self, x):
        return tf.cond(tf.reduce_sum(x) > 0, lambda: x * 2.0, lambda: x)


class _Helper(keras.layers.Layer):
    def call(self, x):
        return _helper(x)


class _WhileModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1, kernel_initializer='ones')

    def call(self, x):
        y = self.d(x)
        while tf.reduce_sum(y) < 10.0:
            y = y * 2.0
        return y


@pytest.mark.parametrize('layer, refusal', [
    (_Gate, BOOL), (_Loop, ITERATION), (_WhileOpBody, BOOL), (_Helper, BOOL), (_WhileModel, BOOL)])
def test_tensor_control_flow_in_a_layer_call_is_refused_in_a_function(layer, refusal):
    instance = layer()
    eager = instance(tf.ones((1, 2)))       # eagerly the Python runs as written
    assert eager.shape[0] == 1
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        tf.function(lambda x: instance(x))(tf.ones((1, 2)))
    text = str(caught.value)
    assert 'Exception encountered when calling %s.call().' % layer.__name__ in text
    assert refusal in text


def test_tf_cond_in_a_layer_call_and_the_same_if_in_the_function_still_run():
    out = tf.function(lambda x: _CondOp()(x))(tf.ones((1, 2)))
    np.testing.assert_array_equal(out.numpy(), [[2.0, 2.0]])       # TF 2.21: [[2. 2.]]
    direct = tf.function(lambda x: _helper(x))(tf.ones((1, 2)))
    np.testing.assert_array_equal(direct.numpy(), [[1.0, 1.0]])    # TF 2.21: [[1. 1.]] (converted there)


def test_a_schedule_with_a_tensor_if_is_refused_when_the_optimizer_steps_in_a_function():
    class Schedule(keras.optimizers.schedules.LearningRateSchedule):
        def __call__(self, step):
            if step < 2:
                return 0.1
            return 0.01
    v = tf.Variable(1.0)
    opt = keras.optimizers.SGD(Schedule())

    @tf.function
    def step():
        opt.apply_gradients([(tf.constant(1.0), v)])
        return v.read_value()
    with pytest.raises(OperatorNotAllowedInGraphError, match='Python `bool` is not allowed'):
        step()


def _custom_model():
    class Custom(keras.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
                if loss > 0.5:
                    loss = loss * 2.0
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return {'loss': loss}
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3,))
    return Custom(inputs, keras.layers.Dense(1)(inputs))


def test_custom_train_step_with_a_tensor_if_fails_in_traced_fit_and_runs_eagerly():
    x = np.random.RandomState(0).randn(16, 3).astype('float32')
    y = (x.sum(1, keepdims=True) > 0).astype('float32')
    model = _custom_model()
    model.compile(optimizer=keras.optimizers.SGD(0.05), run_eagerly=True)
    history = model.fit(x, y, epochs=1, batch_size=8, verbose=0, shuffle=False)
    assert len(history.history['loss']) == 1
    model = _custom_model()
    model.compile(optimizer=keras.optimizers.SGD(0.05))
    before = [w.numpy() for w in model.weights]
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        model.fit(x, y, epochs=1, batch_size=8, verbose=0, shuffle=False)
    # Keras 3 marks its step do_not_convert: TF's bare refusal, no 'in user code:'
    assert str(caught.value).startswith(BOOL)
    for w, b in zip(model.weights, before):
        np.testing.assert_array_equal(w.numpy(), b)


def test_a_functional_call_on_a_keras_input_refuses_a_tensor_if_as_keras_does():
    # TF 2.21 / Keras 3: inp = keras.Input((2,)); Gate()(inp) raises OperatorNotAllowedInGraphError
    # 'Exception encountered when calling Gate.call().\n\n\x1b[1mCould not automatically infer the output shape /
    # dtype of 'gate' (of type Gate). ... Error encountered:\n\nUsing a symbolic `tf.Tensor` as a Python `bool` ...'
    keras.backend.clear_session()
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        _Gate()(keras.Input((2,)))
    text = str(caught.value)
    assert text.startswith("Exception encountered when calling _Gate.call().\n\n\x1b[1mCould not automatically infer "
                           "the output shape / dtype of ")
    assert 'Error encountered:\n\n' + BOOL in text
    out = _CondOp()(keras.Input((2,)))      # a tf.cond in the call builds (Keras: KerasTensor shape (None, 2))
    assert tuple(out.shape) == (None, 2)


def test_a_loss_subclass_call_with_a_tensor_if_is_refused_in_a_function():
    # TF 2.21: OperatorNotAllowedInGraphError (Keras 3's Loss.__call__ calls self.call unconverted); the same
    # function called by the tf.function itself is converted and runs ([2.])
    class Loss(keras.losses.Loss):
        def call(self, y_true, y_pred):
            d = y_true - y_pred
            if tf.reduce_sum(d) > 0:
                return d * 2.0
            return -d

    def loss_fn(a, b):
        if tf.reduce_sum(a - b) > 0:
            return a - b
        return b - a
    with pytest.raises(OperatorNotAllowedInGraphError, match='Python `bool` is not allowed'):
        tf.function(lambda a, b: Loss()(a, b))(tf.constant([1.0]), tf.constant([3.0]))
    out = tf.function(loss_fn)(tf.constant([1.0]), tf.constant([3.0]))
    assert out.numpy().tolist() == [2.0]
    assert float(Loss()(tf.constant([1.0]), tf.constant([3.0]))) == 2.0     # eagerly: plain Python
