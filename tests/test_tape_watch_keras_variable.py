"""GradientTape.watch refuses a Keras 3 variable (a layer's weight), as TensorFlow 2.21's tape does: it
takes tf.Variables and tensors only. Tapes watch layer weights when they are read, so the usual
loop never calls watch on them; tapeflow's own callers (fit with frozen layers, stateless_call)
still watch Keras variables through the tape's private entry."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_watch_of_a_layer_kernel_raises_tensorflows_value_error():
    keras.utils.set_random_seed(0)
    dense = keras.layers.Dense(2)
    dense(tf.ones((1, 3)))
    with tf.GradientTape() as tape:
        with pytest.raises(ValueError) as caught:
            tape.watch(dense.kernel)
    text = str(caught.value)
    assert text.startswith('Passed in object <Variable path=dense') and '/kernel, shape=(3, 2), dtype=float32, value=[[' in text
    assert text.endswith("]]> of type 'Variable', not tf.Tensor or tf.Variable or ExtensionType.")
    assert 'tapes watch a layer' in ' '.join(caught.value.__notes__)


def test_watch_of_a_list_holding_a_keras_variable_raises_and_tf_variables_still_watch():
    dense = keras.layers.Dense(1)
    dense(tf.ones((1, 2)))
    plain = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        with pytest.raises(ValueError, match="of type 'Variable'"):
            tape.watch([plain, dense.bias])
        tape.watch(plain)
        y = tf.reduce_sum(plain * plain)
    np.testing.assert_array_equal(tape.gradient(y, plain).numpy(), [2.0, 4.0])


def test_keras_variables_read_under_the_tape_still_get_gradients():
    dense = keras.layers.Dense(1, kernel_initializer='ones')
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(dense(tf.constant([[1.0, 2.0]])))
    kernel_grad, bias_grad = tape.gradient(y, dense.trainable_variables)
    np.testing.assert_array_equal(kernel_grad.numpy(), [[1.0], [2.0]])
    np.testing.assert_array_equal(bias_grad.numpy(), [1.0])

