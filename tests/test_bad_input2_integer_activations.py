"""Integer inputs to relu, relu6, leaky_relu and max pooling, as TensorFlow 2.21 takes them.

TF's Relu, Relu6 and MaxPool kernels accept integer tensors and keep their dtype;
leaky_relu computes integers in float32. Keras 3 layers pass integer inputs through
unchanged (only floats are cast to the layer's dtype), so MaxPooling2D on uint8/int64
images and Activation('relu') on integer data work on TF; here they raised 'expected
a floating-point tensor'. Values and dtypes below were printed by TF 2.21 / Keras 3.15.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

IMAGES = np.arange(2 * 8 * 8 * 3).reshape(2, 8, 8, 3) % 7      # int64


def test_tf_nn_activations_of_integers():
    assert tf.nn.relu(tf.constant([1, -2])).numpy().tolist() == [1, 0]
    assert tf.nn.relu(tf.constant([1, -2])).dtype == tf.int32
    assert tf.nn.relu6(tf.constant([1, -2, 9])).numpy().tolist() == [1, 0, 6]
    out = tf.nn.leaky_relu(tf.constant([1, -2]))
    assert out.dtype == tf.float32 and np.allclose(out.numpy(), [1.0, -0.4])
    pooled = tf.nn.max_pool2d(tf.constant(IMAGES.astype(np.int32)), 2, 2, 'VALID')
    assert pooled.dtype == tf.int32 and pooled.numpy()[0, 0, 0].tolist() == [6, 4, 5]


def test_keras_layers_and_ops_on_integer_inputs():
    assert keras.layers.MaxPooling2D()(IMAGES).dtype == tf.int64
    assert tuple(keras.layers.MaxPooling2D()(IMAGES).shape) == (2, 4, 4, 3)
    assert keras.layers.MaxPooling1D()(IMAGES[:, 0]).dtype == tf.int64
    assert keras.layers.Activation('relu')(IMAGES[:, 0, 0]).dtype == tf.int64
    assert keras.layers.ReLU(max_value=6.0)(IMAGES[:, 0, 0]).dtype == tf.int64
    assert keras.layers.ReLU(negative_slope=0.1)(IMAGES[:, 0, 0]).dtype == tf.float32
    assert keras.layers.LeakyReLU()(IMAGES[:, 0, 0]).dtype == tf.float32
    for dtype in ('int32', 'uint8', 'int8'):
        x = IMAGES[0, 0].astype(dtype)
        assert keras.ops.relu(x).dtype == dtype and keras.ops.relu6(x).dtype == dtype


def test_what_the_kernels_refuse_is_still_refused():
    with pytest.raises(tf.errors.InvalidArgumentError, match='relu: expected a floating-point or integer tensor'):
        tf.nn.relu(tf.constant([True, False]))
    with pytest.raises(tf.errors.InvalidArgumentError, match='avg_pool2d: expected a floating-point tensor'):
        tf.nn.avg_pool2d(tf.constant(IMAGES), 2, 2, 'VALID')       # TF's AvgPool takes floats only


def test_integer_relu_records_no_gradient():
    x = tf.Variable([1.0, -2.0])
    with tf.GradientTape() as tape:
        y = tf.nn.relu(x) + tf.cast(tf.nn.relu(tf.constant([3, -1])), tf.float32)
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 0.0]


def test_batch_normalization_of_integer_data_is_float32():
    # Keras 3.15 on TF 2.21 casts integer inputs to the compute dtype; these are its printed values
    x = np.arange(8).reshape(2, 4) % 3
    layer = keras.layers.BatchNormalization()
    np.testing.assert_allclose(layer(x).numpy(), [[0.0, 0.9995003938674927, 1.9990007877349854, 0.0],
                                                  [0.9995003938674927, 1.9990007877349854, 0.0, 0.9995003938674927]],
                               rtol=1e-6)
    trained = layer(x, training=True)
    assert trained.dtype == tf.float32
    np.testing.assert_allclose(trained.numpy()[0], [-0.9980060458183289, -0.9980059862136841, 0.9995003938674927,
                                                    -0.9980060458183289], rtol=1e-6)
    np.testing.assert_allclose(layer.moving_mean.numpy(), [0.005, 0.015, 0.01, 0.005], rtol=1e-6)
