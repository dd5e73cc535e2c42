"""tf.autodiff.ForwardAccumulator over a Keras model's variables (a forward-mode variant of seed 000/003's
tapes) fails in TF 2.21 / Keras 3 when it is made: it reads primal.dtype.is_floating, and a Keras 3
variable's dtype is the string 'float32'. Tensors and tf.Variables still work.

Golden values printed by TF 2.21 (notes/progs/seedvariants4/fwdk26.py):
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.layers.Input(shape=(2,)), keras.layers.Dense(2, activation='tanh'), keras.layers.Dense(1)])
    x = tf.constant([[0.5, -1.0]])
    tf.autodiff.ForwardAccumulator(model.trainable_variables, [tf.ones_like(v) * 0.1 for v in model.trainable_variables])
        # AttributeError: 'str' object has no attribute 'is_floating'
    with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
        y = model(x)
    acc.jvp(y)      # tf.Tensor([[1.4820292]], shape=(1, 1), dtype=float32)
"""
import pytest

import framework as tf
from framework import keras


def _model():
    keras.utils.set_random_seed(3)
    return keras.Sequential([keras.layers.Input(shape=(2,)), keras.layers.Dense(2, activation='tanh'),
                             keras.layers.Dense(1)])


def test_keras_variable_primals_fail_as_in_tf():
    model = _model()
    for primals in (model.trainable_variables, model.layers[0].kernel):
        tangents = tf.nest.map_structure(lambda v: tf.ones_like(v) * 0.1, primals)
        with pytest.raises(AttributeError) as info:
            tf.autodiff.ForwardAccumulator(primals, tangents)
        assert str(info.value) == "'str' object has no attribute 'is_floating'"


def test_input_and_tf_variable_primals_still_work():
    model = _model()
    x = tf.constant([[0.5, -1.0]])
    with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
        y = model(x)
    assert str(acc.jvp(y)) == 'tf.Tensor([[1.4820292]], shape=(1, 1), dtype=float32)'
    w = tf.Variable([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(w, tf.constant([3.0, 3.0])) as acc:
        z = w * w
    assert acc.jvp(z).numpy().tolist() == [6.0, 12.0]
