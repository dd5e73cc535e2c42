"""unconnected_gradients='zero' for a Keras variable the target does not reach (a layer the loss never
used) fails in TF 2.21 / Keras 3: the tape's zeros fill reads the source's dtype, a string on a Keras
variable. tf.Variables and tensors still get zeros.

Golden values printed by TF 2.21 (notes/progs/seedvariants4/kzero22.py, kzero23.py):
    d = keras.layers.Dense(1); d.build((None, 2)); other = keras.layers.Dense(1); other.build((None, 2))
    with tf.GradientTape(persistent=True) as t:
        y = tf.reduce_sum(d(tf.ones([1, 2])))
    t.gradient(y, other.kernel, unconnected_gradients='zero')   # AttributeError: 'str' object has no attribute '_type_enum'
    t.gradient(y, other.kernel)                                 # None
    t.jacobian(y, [d.kernel, other.kernel], unconnected_gradients='zero')
        # AttributeError: "in user code:\n\n\n    AttributeError: 'str' object has no attribute '_type_enum'\n"
    t.jacobian(y, other.kernel, unconnected_gradients='zero', experimental_use_pfor=False)   # the plain AttributeError
    t.jacobian(y, other.kernel)                                 # None
    t.gradient(y, tf.Variable(1.0), unconnected_gradients='zero')   # tf.Tensor(0.0, shape=(), dtype=float32)
"""
import pytest

import framework as tf
from framework import keras

_TF_TEXT = "'str' object has no attribute '_type_enum'"


def _layers():
    d = keras.layers.Dense(1)
    d.build((None, 2))
    other = keras.layers.Dense(1)
    other.build((None, 2))
    return d, other


def test_gradient_zero_mode_refuses_an_unreached_keras_variable():
    d, other = _layers()
    with tf.GradientTape(persistent=True) as tape:
        y = tf.reduce_sum(d(tf.ones([1, 2])))
    for sources in (other.kernel, [d.bias, other.bias], {'a': other.kernel}):
        with pytest.raises(AttributeError) as info:
            tape.gradient(y, sources, unconnected_gradients='zero')
        assert str(info.value) == _TF_TEXT
    with pytest.raises(AttributeError):
        tape.gradient(y, other.kernel, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    assert tape.gradient(y, other.kernel) is None
    # reached Keras variables and unreached tf.Variables are answered as before
    assert tape.gradient(y, d.bias, unconnected_gradients='zero').numpy().tolist() == [1.0]
    assert str(tape.gradient(y, tf.Variable(1.0), unconnected_gradients='zero')) == \
        'tf.Tensor(0.0, shape=(), dtype=float32)'


def test_unused_layer_of_a_training_step():
    model = keras.Sequential([keras.layers.Input(shape=(2,)), keras.layers.Dense(1)])
    unused = keras.layers.Dense(3)
    unused.build((None, 2))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones([1, 2])))
    with pytest.raises(AttributeError) as info:
        tape.gradient(loss, model.trainable_variables + unused.trainable_variables, unconnected_gradients='zero')
    assert str(info.value) == _TF_TEXT


def test_jacobian_zero_mode_refuses_an_unreached_keras_variable():
    d, other = _layers()
    with tf.GradientTape(persistent=True) as tape:
        y = tf.reduce_sum(d(tf.ones([1, 2])))
    with pytest.raises(AttributeError) as info:
        tape.jacobian(y, [d.kernel, other.kernel], unconnected_gradients='zero')
    assert str(info.value) == 'in user code:\n\n\n    AttributeError: %s\n' % _TF_TEXT
    with pytest.raises(AttributeError) as info:
        tape.jacobian(y, other.kernel, unconnected_gradients='zero', experimental_use_pfor=False)
    assert str(info.value) == _TF_TEXT
    assert tape.jacobian(y, other.kernel) is None
    assert tape.jacobian(y, d.kernel, unconnected_gradients='zero').numpy().tolist() == [[1.0], [1.0]]

