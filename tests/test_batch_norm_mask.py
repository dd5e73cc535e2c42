"""BatchNormalization with a Keras mask: statistics of the kept steps only, as Keras 3.

Keras 3's BatchNormalization.call takes ``mask`` (one flag per step) and computes
the batch mean and variance over the kept steps (sums divided by the count plus
keras.backend.epsilon()); the goldens below are Keras 3.15's output, moving
statistics and gradients for this input (TensorFlow backend, float32).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = (np.arange(2 * 4 * 3, dtype='float32').reshape(2, 4, 3) % 5) / 4.0
MASK = np.array([[True, True, False, False], [True, False, True, False]])
WEIGHTS = np.linspace(-1, 1, 24).reshape(2, 4, 3).astype('float32')
KERAS_OUT = [[[-1.6243528127670288, -1.6243526935577393, 0.30063802003860474],
              [0.8121763467788696, 0.8121764659881592, -0.9019140601158142],
              [-0.8121764063835144, -0.8121763467788696, 0.9019140601158142],
              [1.6243528127670288, -2.4365291595458984, -0.30063802003860474]],
             [[0.0, 0.0, 1.503190040588379],
              [-1.6243528127670288, -1.6243526935577393, 0.30063802003860474],
              [0.8121763467788696, 0.8121764659881592, -0.9019140601158142],
              [-0.8121764063835144, -0.8121763467788696, 0.9019140601158142]]]
KERAS_MOVING_MEAN = [0.25, 0.375, 0.1875]
KERAS_MOVING_VARIANCE = [0.546875, 0.546875, 0.5859375]
KERAS_GRAD_X = [[[-2.2178549766540527, -1.9879080057144165, -2.5326972007751465],
                 [-2.0691540241241455, -2.6078717708587646, -1.3949060440063477],
                 [-1.5537288188934326, -1.2712326049804688, -0.7319881916046143],
                 [-0.7062403559684753, -0.42374420166015625, -0.10456974804401398]],
                [[0.7062405347824097, 0.4237443506717682, -0.5333964228630066],
                 [0.9887364506721497, 1.2712326049804688, 1.150267243385315],
                 [2.168288230895996, 1.6295706033706665, 1.742186188697815],
                 [2.68371319770813, 2.966209650039673, 2.405104160308838]]]
KERAS_GRAD_GAMMA = [0.3531206250190735, 0.7415526509284973, 0.7058457732200623]


def test_masked_batch_statistics_outputs_and_gradients_match_keras():
    layer = keras.layers.BatchNormalization(momentum=0.5)
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, training=True, mask=tf.constant(MASK))
        loss = tf.reduce_sum(y * WEIGHTS)
    grad_x, grad_gamma = tape.gradient(loss, [x, layer.gamma])
    np.testing.assert_allclose(y.numpy(), KERAS_OUT, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(layer.moving_mean.numpy(), KERAS_MOVING_MEAN, rtol=1e-6)
    np.testing.assert_allclose(layer.moving_variance.numpy(), KERAS_MOVING_VARIANCE, rtol=1e-6)
    np.testing.assert_allclose(grad_x.numpy(), KERAS_GRAD_X, rtol=1e-5, atol=2e-6)
    np.testing.assert_allclose(grad_gamma.numpy(), KERAS_GRAD_GAMMA, rtol=1e-5, atol=1e-6)


def test_mask_from_an_embedding_reaches_batch_normalization():
    embedding = keras.layers.Embedding(10, 3, mask_zero=True)
    tokens = np.array([[1, 2, 0, 0], [3, 4, 5, 0]])
    vectors = embedding(tokens)
    by_mask = keras.layers.BatchNormalization()
    explicit = keras.layers.BatchNormalization()
    np.testing.assert_array_equal(by_mask(vectors, training=True).numpy(),
                                  explicit(vectors, training=True, mask=tf.constant(tokens != 0)).numpy())


def test_a_mask_of_the_wrong_rank_is_refused():
    with pytest.raises(ValueError, match='one dimension less than the inputs'):
        keras.layers.BatchNormalization()(X, training=True, mask=tf.constant(np.ones((2, 4, 3), bool)))
