"""Keras layer and CTC argument errors carry Keras 3.15's class and text (literal values from TF 2.21)."""
import re

import numpy as np
import pytest

from framework import keras
from helpers_error_texts import assert_raises_exactly


def z(*shape):
    return np.zeros(shape, 'float32')


CASES = [
    (lambda: keras.layers.Discretization(bin_boundaries=[1,2], num_bins=3), ValueError,
     'Both `num_bins` and `bin_boundaries` should not be set. Received: `num_bins=3` and `bin_boundaries=[1, 2]`'),
    (lambda: keras.layers.Discretization(bin_boundaries=[1], output_mode='x'), ValueError,
     "Unknown value for `output_mode` argument of Discretization. Allowed values are: ('int', 'one_hot', 'multi_hot', 'count'). Received: output_mode=x"),
    (lambda: keras.layers.Discretization(num_bins=2, output_mode='tf_idf'), ValueError,
     "Unknown value for `output_mode` argument of Discretization. Allowed values are: ('int', 'one_hot', 'multi_hot', 'count'). Received: output_mode=tf_idf"),
    (lambda: keras.layers.CategoryEncoding(0), ValueError,
     '`num_tokens` must be >= 1. Received: num_tokens=0.'),
    (lambda: keras.layers.CategoryEncoding(-1), ValueError,
     '`num_tokens` must be >= 1. Received: num_tokens=-1.'),
    (lambda: keras.layers.CategoryEncoding(-3, output_mode='count'), ValueError,
     '`num_tokens` must be >= 1. Received: num_tokens=-3.'),
    (lambda: keras.layers.RNN(None), ValueError,
     'Argument `cell` should have a `call` method. Received: cell=None'),
    (lambda: keras.layers.RNN(3), ValueError,
     'Argument `cell` should have a `call` method. Received: cell=3'),
    (lambda: keras.layers.RNN('abc'), ValueError,
     'Argument `cell` should have a `call` method. Received: cell=abc'),
    (lambda: keras.layers.Add()([z(2,3), z(3,3)]), ValueError,
     'Cannot merge tensors with different batch sizes. Received tensors with shapes [(2, 3), (3, 3)]'),
    (lambda: keras.layers.Concatenate()([z(2,3), z(3,3)]), ValueError,
     'A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. Received: input_shape=[(2, 3), (3, 3)]'),
    (lambda: keras.layers.Multiply()([z(2,3), z(4,3)]), ValueError,
     'Cannot merge tensors with different batch sizes. Received tensors with shapes [(2, 3), (4, 3)]'),
    (lambda: keras.layers.Cropping2D(((1,1),(1,1)))(z(1,2,2,1)), ValueError,
     'Exception encountered when calling Cropping2D.call().\n\n\x1b[1mValues in `cropping` argument should be smaller than the corresponding spatial dimension of the input. Received: inputs.shape=(1, 2, 2, 1), cropping=((1, 1), (1, 1))\x1b[0m\n\nArguments received by Cropping2D.call():\n  • inputs=tf.Tensor(shape=(1, 2, 2, 1), dtype=float32)'),
    (lambda: keras.layers.Cropping2D(((0,0),(2,1)))(z(1,4,3,1)), ValueError,
     'Exception encountered when calling Cropping2D.call().\n\n\x1b[1mValues in `cropping` argument should be smaller than the corresponding spatial dimension of the input. Received: inputs.shape=(1, 4, 3, 1), cropping=((0, 0), (2, 1))\x1b[0m\n\nArguments received by Cropping2D.call():\n  • inputs=tf.Tensor(shape=(1, 4, 3, 1), dtype=float32)'),
    (lambda: keras.layers.Cropping3D(1)(z(1,2,4,4,1)), ValueError,
     'Exception encountered when calling Cropping3D.call().\n\n\x1b[1mValues in `cropping` argument should be smaller than the corresponding spatial dimension of the input. Received: inputs.shape=(1, 2, 4, 4, 1), cropping=((1, 1), (1, 1), (1, 1))\x1b[0m\n\nArguments received by Cropping3D.call():\n  • inputs=tf.Tensor(shape=(1, 2, 4, 4, 1), dtype=float32)'),
    (lambda: keras.layers.Cropping2D(((1,1),(1,1))).compute_output_shape((1,2,2,1)), ValueError,
     'Values in `cropping` argument should be smaller than the corresponding spatial dimension of the input. Received: input_shape=(1, 2, 2, 1), cropping=((1, 1), (1, 1))'),
    (lambda: keras.layers.Cropping2D(((1,1),(1,1)), data_format='channels_first')(z(1,1,2,5)), ValueError,
     'Exception encountered when calling Cropping2D.call().\n\n\x1b[1mValues in `cropping` argument should be smaller than the corresponding spatial dimension of the input. Received: inputs.shape=(1, 1, 2, 5), cropping=((1, 1), (1, 1))\x1b[0m\n\nArguments received by Cropping2D.call():\n  • inputs=tf.Tensor(shape=(1, 1, 2, 5), dtype=float32)'),
    (lambda: keras.losses.CTC()(z(2,3), z(2,3)), ValueError,
     'Logits `y_pred` are expected to be a tensor of shape `(batch_size, max_length, num_classes)`. Received: y_pred.shape=(2, 3)'),
    (lambda: keras.losses.CTC()(z(2,3,4), z(2,3,4)), ValueError,
     'Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` in integer format. Received: y_true.shape=(2, 3, 4)'),
    (lambda: keras.losses.CTC()(z(2), z(2,3,4)), ValueError,
     'Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` in integer format. Received: y_true.shape=(2,)'),
]


@pytest.mark.parametrize('call, error, text', CASES)
def test_layer_argument_error_texts(call, error, text):
    assert_raises_exactly(call, error, text)


class _NoStateSize:
    def call(self, inputs, states):
        return inputs


def test_rnn_cell_without_state_size():
    with pytest.raises(ValueError) as caught:
        keras.layers.RNN(_NoStateSize())
    assert re.fullmatch(r'The RNN cell should have a `state_size` attribute \(single integer or list of integers, '
                        r'one integer per RNN state\)\. Received: cell=<.*_NoStateSize object at 0x[0-9a-f]+>',
                        str(caught.value))
