"""Empty inputs give empty outputs where TensorFlow computes them, not numpy's reshape errors
(found by fuzzing keras.activations and the image augmentation layers with empty batches)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('fn', [tf.nn.softmax, tf.nn.log_softmax, keras.activations.softmax,
                                keras.activations.log_softmax])
@pytest.mark.parametrize('shape', [(0,), (2, 0), (0, 3)])
def test_softmax_of_nothing_is_nothing(fn, shape):
    # TF 2.21: tf.nn.softmax(np.zeros((0,), 'float32')) -> tf.Tensor([], shape=(0,), dtype=float32)
    out = fn(np.zeros(shape, np.float32))
    assert tuple(out.shape) == shape and out.dtype == tf.float32


def test_softmax_of_an_empty_batch_has_an_empty_gradient():
    x = tf.Variable(np.zeros((0, 3), np.float32))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.softmax(x))
    assert tuple(tape.gradient(y, x).shape) == (0, 3)


@pytest.mark.parametrize('make', [lambda: keras.layers.RandomRotation(0.1), lambda: keras.layers.RandomZoom(0.1),
                                  lambda: keras.layers.RandomTranslation(0.1, 0.1)])
def test_affine_augmentations_pass_an_empty_batch(make):
    # TF 2.21: RandomRotation(0.1)(np.zeros((0, 8, 8, 3)), training=True).shape == (0, 8, 8, 3); the
    # transform rows were broadcast to one row and numpy refused
    assert tuple(make()(np.zeros((0, 8, 8, 3), np.float32), training=True).shape) == (0, 8, 8, 3)
