"""keras.losses.cosine_similarity of a zero prediction: Keras 3 normalizes with x * min(rsqrt(sum x^2), 1/eps),
so rsqrt(0) = inf sits in the graph. TF 2.21 (progs/gradfuzz18/t4.py):

    yt = tf.constant([[0.3, -1.2, 0.5], [1., 2., 3.]]); p = tf.constant([[0., 0., 0.], [0.5, -0.1, 1e-20]])
    first derivative of reduce_sum(cosine_similarity(yt, p) * [0.3, -0.8]): finite (RsqrtGrad gives 0 where its
    upstream gradient is 0); second derivative: nan on the zero row (_RsqrtGradGrad multiplies 0 by inf),
    the other row -0x1.f08c12p+0 -0x1.a336f0p-4 -0x1.8c593cp-4.
"""
import warnings

import numpy as np

import framework as tf
from framework import keras


def _hex(values):
    return np.float32([float.fromhex(v) for v in values.split()]).tolist()


def _derivatives():
    yt = tf.constant([[0.3, -1.2, 0.5], [1., 2., 3.]])
    p = tf.constant([[0., 0., 0.], [0.5, -0.1, 1e-20]])
    with tf.GradientTape() as outer:
        outer.watch(p)
        with tf.GradientTape() as inner:
            inner.watch(p)
            s = tf.reduce_sum(keras.losses.cosine_similarity(yt, p) * tf.constant([0.3, -0.8]))
        first = inner.gradient(s, p)
        u = tf.reduce_sum(first * tf.constant([[0.3, 0.5, -0.7], [0.2, 0.9, 0.1]]))
    return first, outer.gradient(u, p)


def test_zero_prediction_second_derivative_is_nan_as_tensorflow():
    first, second = _derivatives()
    want_first = _hex('-0x1.496254p+19 0x1.496254p+21 -0x1.127c9ap+20 0x1.6b51c2p-3 0x1.c62636p-1 0x1.42087ap+0')
    assert first.numpy().ravel().tolist() == want_first
    assert np.isnan(second.numpy()[0]).all()
    assert second.numpy()[1].tolist() == _hex('-0x1.f08c12p+0 -0x1.a336f0p-4 -0x1.8c593cp-4')


def test_zero_prediction_first_derivative_warns_nothing():
    # RsqrtGrad's discarded 0 * inf where the upstream gradient is 0 is not a numpy RuntimeWarning
    yt = tf.constant([[1., 2., 3.]])
    p = tf.constant([[0., 0., 0.]])
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        with tf.GradientTape() as tape:
            tape.watch(p)
            loss = keras.losses.CosineSimilarity()(yt, p)
        grad = tape.gradient(loss, p)
    assert np.isfinite(grad.numpy()).all()
