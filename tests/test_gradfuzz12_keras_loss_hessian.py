"""Second derivatives through a Keras loss object's 'sum_over_batch_size' reduction follow TF's
``divide_no_nan(sum(losses), count)``: its DivNoNan gradient divides g before the sum spreads it, so an
outer tape sums before it divides (losses/reduction.py, ops/reductions.divided_mean). Values printed by
TF 2.21 (notes progs/gradfuzz12/t_tanh2.py); tapeflow's spread-then-divide order was up to 24 ulps off."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = [[2.9, -2.87, 0.1], [-0.08, 0.75, 2.12], [-0.01, 0.44, 0.02]]
LABELS = [[-0.77, 1.16, 0.89], [-0.04, 0.0, 0.82], [1.69, -0.13, -0.35]]
WEIGHTS = [[0.67, 1.41, 1.33], [-1.13, -0.01, -0.71], [-1.78, 0.73, 0.23]]


def _second_derivative(loss, head):
    x = tf.constant(X, tf.float32)
    labels = tf.constant(LABELS, tf.float32)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = loss(labels, x)
            total = head(y)
        g = inner.gradient(total, x)
        weighted = tf.reduce_sum(g * tf.constant(WEIGHTS, tf.float32))
    return ' '.join(float(v).hex() for v in np.ravel(outer.gradient(weighted, x).numpy()))


def test_huber_object_second_derivative():
    assert _second_derivative(keras.losses.Huber(delta=1.0), tf.tanh) == (
        '0x1.627b6a0000000p-10 -0x1.627b6a0000000p-10 0x1.c7cc220000000p-5 -0x1.8b22840000000p-5 '
        '0x1.342e520000000p-11 0x1.627b6a0000000p-10 -0x1.627b6a0000000p-10 0x1.054ac40000000p-5 '
        '0x1.51bc9a0000000p-7')


def test_mean_squared_error_object_second_derivative():
    assert _second_derivative(keras.losses.MeanSquaredError(), lambda y: y * y) == (
        '0x1.31eb300000000p-1 0x1.9379040000000p+1 0x1.3e719e0000000p+1 -0x1.ffc3ce0000000p+0 '
        '-0x1.1bf56a0000000p-3 -0x1.783cce0000000p+0 -0x1.714b1a0000000p+1 0x1.34270e0000000p+0 '
        '0x1.64ecbe0000000p-2')
