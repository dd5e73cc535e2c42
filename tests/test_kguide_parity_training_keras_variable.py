"""``keras.Variable`` takes Keras 3's arguments and makes Keras's variable.

It was TensorFlow's Variable under another name: ``keras.Variable(initializer='zeros', shape=(2,))``
raised, and the variables printed and named as tf.Variables ('variable:0') with a ``value()`` method.
Goldens: /work/notes/progs/kguides_training/kvar2.py and kvar4.py run under TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_made_from_values_and_initializers_named_as_keras_names_them():
    keras.backend.clear_session()
    a = keras.Variable(3.0)
    b = keras.Variable(np.ones((2, 2)), name='b')
    c = keras.Variable(initializer='zeros', shape=(2,), dtype='float32')
    d = keras.Variable(keras.initializers.Ones(), shape=(3,), trainable=False, name='ones')
    assert repr(a) == '<Variable path=variable, shape=(), dtype=float32, value=3.0>'
    assert repr(c) == '<Variable path=variable_1, shape=(2,), dtype=float32, value=[0. 0.]>'
    assert repr(d) == '<Variable path=ones, shape=(3,), dtype=float32, value=[1. 1. 1.]>'
    described = [(v.name, v.path, v.dtype, v.shape, v.trainable) for v in (a, b, c, d)]
    assert described == [('variable', 'variable', 'float32', (), True), ('b', 'b', 'float64', (2, 2), True),
                         ('variable_1', 'variable_1', 'float32', (2,), True), ('ones', 'ones', 'float32', (3,), False)]
    assert float(a.value + 1) == 4.0                 # value is a property, as Keras 3's
    with tf.name_scope('outer'):
        e = keras.Variable(1.0, name='e')
    assert (e.name, e.path) == ('e', 'e')             # tf.name_scope does not reach Keras names
    assert keras.Variable('ones', shape=(1,), dtype='float64').dtype == 'float64'


def test_isinstance_holds_for_keras_variables_only():
    dense = keras.layers.Dense(1)
    dense.build((None, 2))
    assert isinstance(keras.Variable(1.0), keras.Variable)
    assert isinstance(dense.kernel, keras.Variable)
    assert not isinstance(tf.Variable(1.0), keras.Variable)


def test_an_initializer_needs_a_shape():
    with pytest.raises(ValueError, match='the `shape` argument should be specified'):
        keras.Variable('zeros')


def test_trains_with_keras_initial_values_and_optimizer_slot_names():
    keras.backend.clear_session()       # Keras numbers optimizer names per session: 'adam_1' after another Adam
    keras.utils.set_random_seed(1)
    a = keras.Variable(np.array([1.0, 2.0], 'float32'))
    b = keras.Variable('glorot_uniform', shape=(2, 2), name='w')
    np.testing.assert_allclose(b.numpy(), [[-0.5903275, 0.8878101], [1.0738579, -0.38398606]], rtol=1e-6)
    opt = keras.optimizers.Adam(0.1)
    for _ in range(2):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(a * a) + tf.reduce_sum(tf.matmul(b, b))
        opt.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))
    np.testing.assert_allclose(a.numpy(), [0.80041414, 1.8001684], rtol=1e-6)
    np.testing.assert_allclose(b.numpy(), [[-0.78318137, 0.6909081], [0.8806183, -0.580989]], rtol=1e-6)
    a_name = a.name
    assert [v.path for v in opt.variables] == [
        'adam/iteration', 'adam/learning_rate', 'adam/%s_momentum' % a_name, 'adam/%s_velocity' % a_name,
        'adam/w_momentum', 'adam/w_velocity']


class Scale(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a = keras.Variable(1.5, name='a')
        self.n = keras.Variable(np.zeros(2, 'float32'), trainable=False, name='n')
        self.plain = tf.Variable(1.0, name='plain')        # a tf.Variable: Keras does not track it

    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], 2), name='k')

    def call(self, x):
        return tf.matmul(x, self.k) * self.a + self.n


def test_keras_variables_set_as_layer_attributes_are_its_weights(tmp_path):
    # Golden: /work/notes/progs/kguides_training/kvar5.py under TF 2.21 (tapeflow tracked none of them)
    keras.backend.clear_session()       # the path names the model 'sequential', its session's first
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((3,)), Scale(name='scale')])
    assert [w.path for w in model.weights] == ['a', 'sequential/scale/k', 'n']
    assert [w.path for w in model.trainable_weights] == ['a', 'sequential/scale/k']
    model.compile('sgd', 'mse')
    history = model.fit(np.ones((8, 3), 'float32'), np.ones((8, 2), 'float32'), epochs=2, verbose=0).history
    np.testing.assert_allclose(history['loss'], [10.701998710632324, 8.070327758789062], rtol=1e-6)
    np.testing.assert_allclose(float(model.layers[0].a), 1.2807151079177856, rtol=1e-6)
    path = str(tmp_path / 's.weights.h5')
    model.save_weights(path)
    again = keras.Sequential([keras.Input((3,)), Scale(name='scale')])
    again.load_weights(path)
    np.testing.assert_allclose(float(again.layers[0].a), 1.2807151079177856, rtol=1e-6)
    np.testing.assert_allclose(again.layers[0].k.numpy(), model.layers[0].k.numpy())
