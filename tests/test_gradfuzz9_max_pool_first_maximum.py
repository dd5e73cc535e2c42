"""Max pools keep a window's first maximum, as TF 2.21's MaxPool / MaxPool3D kernels do (a later value replaces
it only when greater): a window holding -0.0 before +0.0 pools to -0.0, where numpy's maximum gave +0.0
(gradfuzz9 5 #141 on tf.round(x * 2) / 2 inputs). TF 2.21: 162 of 162 tie patterns follow this rule in
max_pool2d / max_pool1d, float32 and float64, and in max_pool3d (progs/gradfuzz9/t_mp0.py, t_mp3.py)."""
import math

import pytest

import framework as tf


def _sign(t):
    return math.copysign(1.0, float(tf.reshape(t, [-1])[0]))


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_first_of_tied_zeros_is_kept(dtype):
    x = tf.reshape(tf.constant([-0.0, 0.0, 0.0, -1.0], dtype), (1, 2, 2, 1))
    assert _sign(tf.nn.max_pool2d(x, 2, 2, 'VALID')) == -1.0
    assert _sign(tf.nn.max_pool1d(tf.reshape(x, (1, 4, 1)), 4, 4, 'VALID')) == -1.0
    assert _sign(tf.nn.max_pool2d(tf.reverse(x, [1, 2]), 2, 2, 'VALID')) == 1.0      # -1, 0, 0, -0: the first, +0.0
    y = tf.nn.max_pool2d(tf.reshape(tf.constant([0.0, -0.0, -0.0, -1.0], dtype), (1, 2, 2, 1)), 2, 2, 'VALID')
    assert _sign(y) == 1.0


def test_max_pool3d_keeps_the_first_maximum():
    x = tf.reshape(tf.constant([-0.0, -0.0, 0.0, 0.0, -0.0, -0.0, 0.0, 0.0]), (1, 2, 2, 2, 1))
    assert _sign(tf.nn.max_pool3d(x, 2, 2, 'VALID')) == -1.0


def test_keras_max_pooling_layer():
    from framework import keras
    x = tf.reshape(tf.constant([-0.0, 0.0, -0.5, 0.0]), (1, 2, 2, 1))
    assert _sign(keras.layers.MaxPooling2D(2)(x)) == -1.0
