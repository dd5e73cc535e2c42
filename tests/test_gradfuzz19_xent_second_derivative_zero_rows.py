"""Second derivatives of softmax cross-entropy from logits on a row of sample weight 0 carry TF 2.21's signed
zeros (gradfuzz18 C).

TF's _SoftmaxCrossEntropyWithLogitsGrad (and the sparse twin) starts from _BroadcastMul(grad_loss, backprop);
in a second derivative the loss output has no gradient and the tape fills zeros, so that term is 0 * backprop,
+0 or -0 by backprop's sign, and the grad_grad term is added to it. On a zero-weighted row the grad_grad term
is itself a zero, and the first term's sign wins: TF +0 where tapeflow, which left that term out, gave -0.

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t9.py:
    rs = np.random.RandomState(7); logits = (rs.randn(4, 5) * 2) as float32; one-hot labels of classes
    [1, 0, 3, 4] (sparse: the class ids); loss(from_logits=True, reduction='sum') with sample_weight
    [1, .5, 0, 2]; w = cos(arange(20) * .7 + .3).reshape(4, 5); the gradient of reduce_sum(g * w), g the
    loss's gradient, with respect to the logits: row 2 printed with float.hex, and the count of sign bits set.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

TF_ROW_2 = ['0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x0.0p+0', '0x0.0p+0']


@pytest.mark.parametrize('sparse', [False, True])
def test_a_zero_weighted_row_has_tensorflows_signed_zeros(sparse):
    rs = np.random.RandomState(7)
    logits = tf.constant((rs.randn(4, 5) * 2).astype(np.float32))
    classes = [1, 0, 3, 4]
    if sparse:
        loss, labels = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction='sum'), tf.constant(classes)
    else:
        loss = keras.losses.CategoricalCrossentropy(from_logits=True, reduction='sum')
        labels = tf.constant(np.eye(5, dtype=np.float32)[classes])
    w = tf.constant(np.cos(np.arange(20) * 0.7 + 0.3).reshape(4, 5).astype(np.float32))
    with tf.GradientTape() as outer:
        outer.watch(logits)
        with tf.GradientTape() as inner:
            inner.watch(logits)
            value = loss(labels, logits, sample_weight=tf.constant([1., 0.5, 0., 2.]))
        g = inner.gradient(value, logits)
        u = tf.reduce_sum(g * w)
    h = outer.gradient(u, logits).numpy()
    assert [float(v).hex() for v in h[2]] == TF_ROW_2
    assert np.signbit(h).sum() == 11
    # the weighted rows are the grad_grad term itself: 0 * backprop adds nothing to a non-zero
    assert np.all(h[[0, 1, 3]] != 0)
