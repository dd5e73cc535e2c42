"""A shape holding None (an unknown batch size) where TensorFlow builds a graph is make_tensor_proto's
TypeError, as TF 2.21 raises it.

The functional API guide's custom RNN layer makes ``ops.zeros(shape=(inputs.shape[0], units))``; called on
an Input without a batch size that shape is (None, 32). Keras traces the call in a graph, where zeros and
ones convert the shape to int32 ("Expected int32, but got None of type 'NoneType'.") and reshape /
broadcast_to / fill / the random ops without a dtype ('Failed to convert elements of (None, 3) to Tensor.
...'); tapeflow raised the eager converter's ValueError there. Eagerly keras.ops.full and broadcast_to raised a
kernel error (the None read as -1) where TF raises that ValueError, whose words depend on where None comes. Expected: TF 2.21 (progs/kerasguides27/n16-n18).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_INT32 = "Expected int32, but got None of type 'NoneType'."
_FAILED = ('Failed to convert elements of (None, 3) to Tensor. Consider casting elements to a supported type. '
           'See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes.')
_EAGER = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


class CustomRNN(keras.layers.Layer):
    def call(self, inputs):
        state = keras.ops.zeros(shape=(inputs.shape[0], 4))
        return inputs[:, :4] + state


def test_a_layer_making_zeros_of_the_batch_size_on_an_unknown_batch():
    keras.backend.clear_session()       # (the layer's name in the text)
    with pytest.raises(TypeError) as error:
        CustomRNN()(keras.Input((5,)))
    assert ("Could not automatically infer the output shape / dtype of 'custom_rnn' (of type CustomRNN). Either "
            "the `CustomRNN.call()` method is incorrect, or you need to implement the `CustomRNN.compute_output_spec()"
            " / compute_output_shape()` method. Error encountered:\n\n" + _INT32) in str(error.value)


def test_a_known_batch_size_still_builds():
    out = CustomRNN()(keras.Input(batch_shape=(16, 5)))
    assert out.shape == (16, 4)


@pytest.mark.parametrize('make, text', [
    (lambda: tf.zeros((None, 32)), _INT32),
    (lambda: tf.ones((2, None)), _INT32),
    (lambda: keras.ops.zeros((None, 3), dtype='float64'), _INT32),
    (lambda: tf.fill((None, 3), 1.0), _FAILED),
    (lambda: keras.ops.full((None, 3), 1.0), _FAILED),
    (lambda: tf.reshape(tf.ones(6), (None, 3)), _FAILED),
    (lambda: keras.ops.broadcast_to(tf.ones(3), (None, 3)), _FAILED),
    (lambda: tf.random.normal((None, 3)), _FAILED),
    (lambda: tf.random.uniform((None, 3), maxval=5, dtype=tf.int32), _FAILED),
    (lambda: tf.random.normal([4, None]), _FAILED.replace('(None, 3)', '(4, None)')),
    (lambda: keras.random.normal((None, 3)), _FAILED),
    (lambda: tf.tile(tf.ones((1, 3)), (None, 1)), _FAILED.replace('(None, 3)', '(None, 1)')),
])
def test_in_a_tf_function(make, text):
    @tf.function
    def f():
        return make()
    with pytest.raises(TypeError) as error:
        f()
    assert str(error.value).rstrip().endswith('TypeError: ' + text)


@pytest.mark.parametrize('make', [
    lambda: keras.ops.full((None, 3), 1.0),
    lambda: keras.ops.broadcast_to(np.ones(3), (None, 3)),
    lambda: tf.zeros((None, 32)),
    lambda: tf.reshape(np.ones(6), (None, 3)),
])
def test_eagerly_the_converters_value_error(make):
    with pytest.raises(ValueError) as error:
        make()
    assert str(error.value) == _EAGER


_MIXED = "Can't convert Python sequence with mixed types to Tensor."


@pytest.mark.parametrize('make, text', [
    (lambda: tf.zeros((2, None)), _MIXED),      # the converter names None only when it comes first
    (lambda: keras.ops.zeros((2, None)), _MIXED),
    (lambda: keras.ops.full((2, None), 1.0), _MIXED),
    (lambda: tf.reshape(tf.ones(6), (2, None)), _MIXED),
    (lambda: tf.broadcast_to(tf.ones(3), (2, None)), _MIXED),
    (lambda: tf.random.normal((None, 3)), _EAGER),
    (lambda: tf.random.uniform((None, 3), maxval=5, dtype=tf.int32), _EAGER),
    (lambda: tf.random.normal((2, None)), _MIXED),
    (lambda: keras.random.normal((2, None)), _MIXED),
    (lambda: keras.random.uniform((None, 2)), _EAGER),
    (lambda: tf.tile(tf.ones((1, 3)), (None, 1)), _EAGER),
    (lambda: tf.tile(tf.ones((1, 3)), [2, None]), _MIXED),
])
def test_eagerly_where_none_comes(make, text):
    with pytest.raises(ValueError) as error:
        make()
    assert str(error.value) == text


@pytest.mark.parametrize('make, error, text', [
    (lambda: keras.ops.eye(None), TypeError,       # Keras's eye is tf.eye(N, M) for k == 0
     'Arguments `num_rows` and `num_columns` must be positive integer values. Received: num_rows=None, '
     'num_columns=None'),
    (lambda: keras.ops.eye(1.5), TypeError, 'Argument `N` must be an integer or an integer tensor.'),
    (lambda: keras.ops.eye(2, 2.5), TypeError, 'Argument `M` must be an integer, an integer tensor, or `None`.'),
    (lambda: keras.ops.eye(2.5, k=1), TypeError, 'Argument `N` must be an integer or an integer tensor.'),
    (lambda: keras.ops.identity(1.5), TypeError,
     'Arguments `num_rows` and `num_columns` must be positive integer values. Received: num_rows=1.5, '
     'num_columns=1.5'),
    (lambda: keras.ops.eye(-1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} Dimension -1 must '
     'be >= 0 [Op:Fill] name: '),
])
def test_keras_eye_sizes(make, error, text):
    with pytest.raises(error) as raised:
        make()
    assert str(raised.value) == text


def test_keras_eye_values():
    assert keras.ops.eye(2, dtype='int32').numpy().tolist() == [[1, 0], [0, 1]]
    assert keras.ops.eye(np.int64(2), 3).numpy().tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert keras.ops.eye(2, 3, k=1).numpy().tolist() == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    assert keras.ops.identity(2).dtype == 'float32'
