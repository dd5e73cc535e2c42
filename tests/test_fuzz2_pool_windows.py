"""Pooling windows larger than the input, as TF 2.21 / Keras 3.15 answer (fuzz2).

Measured with TF: VALID sizes are (input - window + stride) / stride, C-truncated. Eagerly,
AveragePooling returns an empty axis where that is 0, MaxPooling raises oneDNN's AbortedError,
and a negative size is InvalidArgumentError ('Computed output size would be negative: -1 ...').
After a keras.Input (shapes inferred), Keras refuses an empty output with a ValueError.
SAME padding always answers.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import AbortedError, InvalidArgumentError

L = keras.layers
X1 = np.random.RandomState(0).rand(2, 3, 2).astype('float32')
X2 = np.random.RandomState(1).rand(2, 3, 3, 2).astype('float32')
X3 = np.random.RandomState(2).rand(2, 3, 3, 3, 2).astype('float32')


@pytest.mark.parametrize('layer, x, shape', [
    (lambda: L.AveragePooling1D(5), X1, (2, 0, 2)),
    (lambda: L.AveragePooling1D(5, data_format='channels_first'), X1, (2, 3, 0)),
    (lambda: L.AveragePooling2D(5), X2, (2, 0, 0, 2)),
    (lambda: L.AveragePooling2D((2, 5)), X2, (2, 1, 0, 2)),
    (lambda: L.AveragePooling2D(4, strides=1), X2, (2, 0, 0, 2)),
    (lambda: L.AveragePooling2D(5, data_format='channels_first'), X2, (2, 3, 0, 0)),
    (lambda: L.AveragePooling3D(5), X3, (2, 0, 0, 0, 2)),
])
def test_an_average_pool_larger_than_its_input_is_empty(layer, x, shape):
    out = layer()(x)
    assert tuple(out.shape) == shape and out.dtype == 'float32'


@pytest.mark.parametrize('layer, x', [
    (lambda: L.MaxPooling1D(5), X1), (lambda: L.MaxPooling1D(4), X1), (lambda: L.MaxPooling2D(5), X2),
    (lambda: L.MaxPooling2D((5, 2)), X2), (lambda: L.MaxPooling3D(5), X3),
])
def test_an_empty_max_pool_raises_aborted_error_as_onednn_does(layer, x, xeon_cpu):
    with pytest.raises(AbortedError, match="padding='same'"):
        layer()(x)


@pytest.mark.parametrize('call', [
    lambda: L.AveragePooling1D(5, strides=1)(X1), lambda: L.MaxPooling2D(5, strides=1)(X2),
    lambda: L.MaxPooling3D(5, strides=1)(X3), lambda: tf.nn.max_pool2d(X2, 5, 1, 'VALID'),
    lambda: tf.nn.avg_pool1d(X1, 5, 1, 'VALID'), lambda: tf.nn.avg_pool3d(X3, 5, 1, 'VALID'),
    lambda: keras.ops.max_pool(X2, 5, 1, 'valid'), lambda: keras.ops.average_pool(X2, 5, 1, 'valid'),
])
def test_a_negative_output_size_is_tf_invalid_argument_error(call):
    with pytest.raises(InvalidArgumentError, match=r'Computed output size would be negative: -1 \[input_size: 3, '
                                                   r'effective_filter_size: 5, stride: 1\]'):
        call()


@pytest.mark.parametrize('layer, shape', [
    (lambda: L.MaxPooling2D(5), (3, 3, 2)), (lambda: L.AveragePooling1D(5), (3, 2)),
    (lambda: L.MaxPooling3D(5), (3, 3, 3, 2)),
])
def test_after_an_input_keras_refuses_an_empty_output(layer, shape):
    with pytest.raises(ValueError, match='Computed output size would be zero or negative'):
        keras.Sequential([keras.Input(shape), layer()])


def test_keras_words_for_compute_output_shape():
    with pytest.raises(ValueError, match=r'`inputs.shape=\[None 3 2\]`, `pool_size=\[5\]`, `strides=\(5,\)`'):
        L.AveragePooling1D(5).compute_output_shape((None, 3, 2))


def test_same_padding_and_fitting_windows_are_unchanged():
    assert tuple(L.MaxPooling2D(5, padding='same')(X2).shape) == (2, 1, 1, 2)
    np.testing.assert_allclose(L.AveragePooling2D(3)(X2).numpy()[:, 0, 0], X2.mean(axis=(1, 2)), rtol=1e-6)


def test_the_empty_average_pool_has_a_zero_gradient():
    x = tf.Variable(X2)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(L.AveragePooling2D(5)(x))
    grad = tape.gradient(y, x)
    assert grad is not None and tuple(grad.shape) == X2.shape and not np.any(grad.numpy())


@pytest.mark.parametrize('shape, pool, out', [
    ((2, 0, 0, 3), 2, (2, 0, 0, 3)), ((0, 3, 3, 2), 5, (0, 0, 0, 2)), ((2, 3, 3, 0), 5, (2, 0, 0, 0)),
])
def test_an_empty_input_max_pools_to_an_empty_output_as_tf(shape, pool, out, xeon_cpu):
    # (the AbortedError is the Xeon's oneDNN MaxPool; TF's own kernel, where oneDNN is off, gives the empty output:
    # tests/test_errors46_pool_windows_without_onednn.py)
    # TF 2.21 (progs/fuzz2/poolzero.py): MaxPool returns at once for an input with no element,
    # where a non-empty input too small for the window is oneDNN's AbortedError
    x = np.zeros(shape, 'float32')
    assert tuple(tf.nn.max_pool2d(x, pool, pool, 'VALID').shape) == out
    assert tuple(tf.nn.avg_pool2d(x, pool, pool, 'VALID').shape) == out
    assert tuple(L.MaxPooling2D(pool)(x).shape) == out
    with pytest.raises(AbortedError):
        tf.nn.max_pool2d(np.zeros((2, 1, 4, 3), 'float32'), 2, 2, 'VALID')
