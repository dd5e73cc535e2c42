"""Cross-entropies score a sigmoid/softmax output from the logits it carries, as Keras 3 on TensorFlow.

binary_focal_crossentropy(from_logits=True) applies keras.ops.sigmoid, whose output carries its logits,
so the cross-entropy inside is sigmoid_cross_entropy_with_logits (not the clipped probabilities: a
saturated sigmoid(-18.6) scored 1.19e-7 instead of 8.36e-9). keras.ops.binary_crossentropy,
categorical_crossentropy and sparse_categorical_crossentropy read the carried logits the same way,
and warn when from_logits=True is given with such an output.
Golden float32 bytes (hex) from TensorFlow 2.21 + Keras 3.15 (KERAS_BACKEND=tensorflow).
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import ops

Y_TRUE = np.array([[0, 1], [0, 0]])
LOGITS = np.array([[-18.6, 0.51], [2.94, -12.8]])


def hexed(t):
    return np.asarray(t).astype(np.float32).tobytes().hex()


@pytest.mark.parametrize('kw, loss_hex, fn_hex', [
    (dict(gamma=2), '48f3303f', '1097073d8fb6ac3f'),
    (dict(gamma=3, apply_class_balancing=True, alpha=0.35), 'b95dd63e', '6d718e3bd640553f'),
    (dict(gamma=2, label_smoothing=0.1), '710f1a3f', '095f1d3d7924953f'),
])
def test_binary_focal_from_logits_scores_the_logits(kw, loss_hex, fn_hex):
    loss = keras.losses.BinaryFocalCrossentropy(from_logits=True, **kw)
    assert hexed(loss(Y_TRUE, LOGITS)) == loss_hex
    got = keras.losses.binary_focal_crossentropy(Y_TRUE, LOGITS.astype('float32'), from_logits=True, **kw)
    assert hexed(got) == fn_hex


def test_focal_from_logits_gradient_matches_central_differences():
    x = np.array([[-1.3, 0.51], [2.94, -0.8]])
    def f(v):
        return float(np.sum(keras.losses.binary_focal_crossentropy(Y_TRUE.astype('float64'), v, from_logits=True,
                                                                   gamma=2).numpy()))
    xv = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xv)
        total = tf.reduce_sum(keras.losses.binary_focal_crossentropy(Y_TRUE.astype('float64'), xv,
                                                                     from_logits=True, gamma=2))
    grad = tape.gradient(total, xv).numpy()
    h, want = 1e-6, np.zeros_like(x)
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        want[i] = (f(up) - f(down)) / (2 * h)
    np.testing.assert_allclose(grad, want, rtol=1e-6, atol=1e-9)


def test_keras_ops_crossentropies_read_carried_logits():
    x = LOGITS.astype('float32')
    t = Y_TRUE.astype('float32')
    p = ops.sigmoid(x)
    assert hexed(ops.binary_crossentropy(t, p)) == '93980f32e8ccf03eff743f40a3453936'
    s = ops.softmax(x * 3)
    assert hexed(ops.categorical_crossentropy(t[:, ::-1], s)) == 'ec51654200000000'
    assert hexed(ops.sparse_categorical_crossentropy(np.array([1, 0]), s)) == '0000000000000000'


def test_keras_ops_from_logits_on_a_sigmoid_output_warns_and_uses_its_logits():
    p = ops.sigmoid(LOGITS.astype('float32'))
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        got = ops.binary_crossentropy(Y_TRUE.astype('float32'), p, from_logits=True)
    assert hexed(got) == '93980f32e8ccf03eff743f40a3453936'
    assert any('`binary_crossentropy` received `from_logits=True`, but the `output` argument was produced by a '
               'Sigmoid activation' in str(w.message) for w in seen)
