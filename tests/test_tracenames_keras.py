"""Tensors made by ops in a Keras model's own train_step, and in a layer's call inside a graph trace,
print as TensorFlow's graph tensors, inside the layer call's graph scope.

Golden lines from TF 2.21 + Keras 3 (/opt/tfref) running the same programs
(notes/progs/tracenames/probe5.py, probe6.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


class Scale(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer='ones')

    def call(self, x):
        y = x * self.w
        z = tf.reduce_sum(y, axis=-1, keepdims=True) + 1.0
        print('call', y, z)
        return z


def test_a_custom_train_step_prints_its_ops_as_graph_tensors(capsys):
    keras.backend.clear_session()

    class M(keras.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                err = y_pred - y
                loss = tf.reduce_mean(tf.square(err))
                print('step', x, y_pred, err, loss)
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            print('scaled', loss * 2.0, tf.reduce_sum(x, axis=1))
            return {'loss': loss}

    inp = keras.Input((3,))
    model = M(inp, keras.layers.Dense(1)(inp))
    model.compile(optimizer='sgd')
    history = model.fit(np.ones((8, 3), 'float32'), np.zeros((8, 1), 'float32'), batch_size=4, epochs=1, verbose=0)
    assert _lines(capsys) == [
        'step Tensor("data:0", shape=(4, 3), dtype=float32) Tensor("m_1/dense_1/Add:0", shape=(4, 1), dtype=float32) '
        'Tensor("sub:0", shape=(4, 1), dtype=float32) Tensor("Mean:0", shape=(), dtype=float32)',
        'scaled Tensor("mul:0", shape=(), dtype=float32) Tensor("Sum:0", shape=(4,), dtype=float32)']
    assert np.isfinite(history.history['loss'][0])
    keras.backend.clear_session()


def test_ops_in_a_layers_call_take_the_calls_graph_scope(capsys):
    keras.backend.clear_session()
    layer = Scale()

    @tf.function
    def f(x):
        a = layer(x)
        b = layer(x)
        print('f', a, b, a + b)
        return a

    f(tf.ones((2, 3)))
    call = 'call Tensor("%s/mul:0", shape=(2, 3), dtype=float32) Tensor("%s/add:0", shape=(2, 1), dtype=float32)'
    added = 'Tensor("%s:0", shape=(2, 1), dtype=float32)'
    # Keras 3 enters a layer's name scope twice per call: the first call's ops are in scale_1, the second's in scale_3
    expected = [call % ('scale_1', 'scale_1'), call % ('scale_3', 'scale_3'),
                'f ' + ' '.join(added % n for n in ('scale_1/add', 'scale_3/add', 'add'))]
    assert _lines(capsys) == expected * 2        # the first trace made the layer's weight: TF traces again
    keras.backend.clear_session()


def test_a_subclassed_models_step_scopes_its_layers_ops(capsys):
    keras.backend.clear_session()
    Scale()         # takes the name 'scale', as in the TF program

    class M(keras.Model):
        def __init__(self):
            super().__init__()
            self.s = Scale()

        def call(self, x):
            return self.s(x) * 2.0

        def train_step(self, data):
            x, y = data
            p = self(x)
            loss = tf.reduce_mean(tf.abs(p - y))
            print('ts', p, loss)
            return {'loss': loss}

    m = M()
    m.compile(optimizer='sgd')
    m.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), batch_size=2, verbose=0)
    out = _lines(capsys)
    # (TF's first line, from the build before the step, is 'scale_1_1/...': here the step's own scope)
    assert out[1:] == [
        'call Tensor("m_1/scale_1_1/mul:0", shape=(2, 3), dtype=float32) '
        'Tensor("m_1/scale_1_1/add:0", shape=(2, 1), dtype=float32)',
        'ts Tensor("m_1/mul:0", shape=(2, 1), dtype=float32) Tensor("Mean:0", shape=(), dtype=float32)'] * 2
    keras.backend.clear_session()


def test_keras_ops_activations_and_losses_take_the_tensorflow_backends_names(capsys):
    from framework.keras import ops

    @tf.function
    def f(x, y):
        print('1', ops.square(x), ops.subtract(x, y), ops.multiply(x, y), ops.divide(x, y), ops.softmax(x),
              ops.sigmoid(x), ops.tanh(x))
        print('2', ops.transpose(x), ops.expand_dims(x, 0), ops.squeeze(ops.expand_dims(x, 0)), ops.stack([x, x]),
              ops.where(x > 0, x, y), ops.max(x), ops.min(x, axis=1))
        print('3', ops.argmax(x, axis=1), ops.clip(x, 0.0, 1.0), ops.ones((2,)), ops.zeros((2,)),
              ops.convert_to_tensor([1.0]), ops.mean(x), ops.sum(x, axis=0), ops.mean(x, axis=1))
        print('4', ops.negative(x), ops.power(x, 2.0), ops.minimum(x, y), ops.greater(x, y), ops.equal(x, y),
              ops.log1p(x), ops.floor(x), ops.round(x))
        print('5', keras.activations.sigmoid(x), keras.activations.softmax(x), keras.activations.tanh(x), ops.relu(x),
              ops.elu(x), ops.leaky_relu(x), ops.softplus(x))
        print('6', keras.losses.mean_squared_error(y, x), keras.losses.mean_absolute_error(y, x), ops.size(x))
        return x

    f(tf.ones((2, 3)), tf.ones((2, 3)))

    def texts(*rows):
        return ' '.join('Tensor("%s:0", shape=%s, dtype=%s)' % (n, s, d) for n, s, d in rows)

    fl, m, b, i = 'float32', '(2, 3)', 'bool', 'int32'
    assert _lines(capsys) == [
        '1 ' + texts(*[(n, m, fl) for n in ('Square', 'Sub', 'Mul', 'truediv', 'Softmax', 'Sigmoid', 'Tanh')]),
        '2 ' + texts(('transpose', '(3, 2)', fl), ('ExpandDims', '(1, 2, 3)', fl), ('Squeeze', m, fl),
                     ('stack', '(2, 2, 3)', fl), ('SelectV2', m, fl), ('Max', '()', fl), ('Min', '(2,)', fl)),
        # Keras's float argmax makes Equal, Bitcast, Const, ... first: the next Const is Const_2
        '3 ' + texts(('ArgMax', '(2,)', i), ('clip_by_value', m, fl), ('ones', '(2,)', fl), ('zeros', '(2,)', fl),
                     ('Const_2', '(1,)', fl), ('Mean', '()', fl), ('Sum', '(3,)', fl), ('Mean_1', '(2,)', fl)),
        '4 ' + texts(('Neg', m, fl), ('Pow', m, fl), ('Minimum', m, fl), ('Greater_1', m, b), ('Equal_1', m, b),
                     ('Log1p', m, fl), ('Floor', m, fl), ('Round', m, fl)),
        '5 ' + texts(*[(n, m, fl) for n in ('Sigmoid_1', 'Softmax_1', 'Tanh_1', 'Relu', 'Elu', 'LeakyRelu',
                                           'Softplus')]),
        '6 ' + texts(('Mean_2', '(2,)', fl), ('Mean_3', '(2,)', fl), ('Size', '()', i)),
    ]


def test_a_mean_metrics_result_in_a_custom_step_is_its_div_no_nan(capsys):
    keras.backend.clear_session()
    from framework.keras import ops

    class M(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = keras.layers.Dense(1)
            self.tracker = keras.metrics.Mean(name='loss')

        def call(self, x):
            return self.d(x)

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = keras.losses.mean_squared_error(y, y_pred)
                mean = ops.mean(ops.square(y - y_pred))
            grads = tape.gradient(mean, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.tracker.update_state(mean)
            print('step', loss, mean, self.tracker.result())
            return {'loss': self.tracker.result()}

    m = M()
    m.compile(optimizer='sgd')
    m.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), batch_size=4, verbose=0)
    line = ('step Tensor("Mean:0", shape=(4,), dtype=float32) Tensor("Mean_1:0", shape=(), dtype=float32) '
            'Tensor("div_no_nan:0", shape=(), dtype=float32)')
    assert _lines(capsys) == [line, line]        # the first trace made the optimizer's variables: traced again
    keras.backend.clear_session()


@pytest.mark.parametrize('loss, text', [
    ('mse', 'Tensor("compile_loss/mse/div_no_nan:0", shape=(), dtype=float32)'),
    ('binary_crossentropy', 'Tensor("compile_loss/binary_crossentropy/div_no_nan:0", shape=(), dtype=float32)'),
    (lambda: keras.losses.Huber(), 'Tensor("compile_loss/huber_loss/div_no_nan:0", shape=(), dtype=float32)'),
    (lambda: keras.losses.MeanSquaredError(),
     'Tensor("compile_loss/mean_squared_error/div_no_nan:0", shape=(), dtype=float32)'),
])
def test_compute_loss_in_a_custom_step_is_the_compiled_losss_div_no_nan(capsys, loss, text):
    # (the lines TF 2.21 prints for these compiles: notes/progs/tracenames/probe11.py)
    keras.backend.clear_session()

    class M(keras.Model):
        def train_step(self, data):
            x, y = data
            y_pred = self(x, training=True)
            value = self.compute_loss(y=y, y_pred=y_pred)
            print('loss', value)
            return {'loss': value}

    inp = keras.Input((3,))
    m = M(inp, keras.layers.Dense(2)(inp))
    m.compile(optimizer='sgd', loss=loss() if callable(loss) else loss)
    m.fit(np.ones((4, 3), 'float32'), np.zeros((4, 2), 'float32'), batch_size=4, verbose=0)
    assert _lines(capsys) == ['loss ' + text]
    keras.backend.clear_session()


def test_compute_loss_with_added_losses_keeps_its_value(capsys):
    # TF 2.21 prints Tensor("Sum_2:0", ...): a sum whose parts tapeflow does not name, so the value here
    keras.backend.clear_session()

    class M(keras.Model):
        def train_step(self, data):
            x, y = data
            value = self.compute_loss(y=y, y_pred=self(x, training=True))
            print('loss', value.shape, str(value).startswith('tf.Tensor('))
            return {'loss': value}

    inp = keras.Input((3,))
    m = M(inp, keras.layers.Dense(2, kernel_regularizer='l2')(inp))
    m.compile(optimizer='sgd', loss='mae')
    m.fit(np.ones((4, 3), 'float32'), np.zeros((4, 2), 'float32'), batch_size=4, verbose=0)
    assert _lines(capsys) == ['loss () True']
    keras.backend.clear_session()
