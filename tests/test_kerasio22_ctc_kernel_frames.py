"""Sparse-label CTC (TensorFlow's CTCLoss kernel): which labels are refused, which cost inf.

The keras.io CTC speech-recognition example's loss is ``tf.keras.backend.ctc_batch_cost``, which
Keras 3's legacy backend computes as Keras 2 did: sparse labels into ``tf.compat.v1.nn.ctc_loss``.
Its clip of 8 frames labelled 'hello world' (11 labels, one repeat) fails on TF 2.21 with
'Not enough time for target transition sequence (required: 11, available: 8)0...'; tapeflow's
ctc_batch_cost took the dense-label path and trained on a finite loss, and its sparse-label check
counted a repeat's blank ('required: 12'). TF's kernel requires one frame per label only; a label
whose repeats leave no room for their blanks costs inf, its gradient the frames' softmax.

Goldens: /work/notes/progs/kerasio22/ctcprobe.py, ctcprobe2.py and asr2.py run with TF 2.21
(``/opt/tfref/bin/python``).
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.keras import backend as K

ZEROS = tf.zeros((4, 1, 5))


def _v1(row, logits=ZEROS, frames=(4,)):
    return tf.compat.v1.nn.ctc_loss(tf.sparse.from_dense(tf.constant([row], tf.int32)), logits, list(frames))


def _v2(row):
    return tf.nn.ctc_loss(tf.sparse.from_dense(tf.constant([row], tf.int32)), ZEROS, None, [4], blank_index=-1)


def test_one_frame_per_label_is_all_the_kernel_requires():
    for loss in (_v1, _v2):
        for row in ([1, 1, 2, 3], [1, 1, 2, 2], [1, 1, 1]):      # TF: inf, not an error
            assert float(loss(row)[0]) == float('inf')
        np.testing.assert_allclose(float(loss([1, 2, 1, 2])[0]), 6.437751770019531, rtol=1e-6)
        np.testing.assert_allclose(float(loss([2, 2])[0]), 4.828313827514648, rtol=1e-6)
        with pytest.raises(InvalidArgumentError, match=r'Not enough time for target transition sequence '
                                                       r'\(required: 5, available: 4\)0You can turn this error into '
                                                       r'a warning by using the flag ignore_longer_outputs_than_inputs'):
            loss([1, 2, 3, 3, 3])


def test_impossible_sample_costs_inf_with_the_softmax_gradient():
    x = tf.constant(np.random.RandomState(0).randn(4, 2, 5).astype('float32'))
    labels = tf.sparse.from_dense(tf.constant([[1, 1, 2, 3], [1, 2, 0, 0]], tf.int32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.compat.v1.nn.ctc_loss(labels, x, [4, 4])
    assert float(loss[0]) == float('inf')
    np.testing.assert_allclose(float(loss[1]), 2.553499221801758, rtol=1e-6)
    # TF 2.21's gradient of the inf sample: softmax of its frames (first frame shown)
    gradient = tape.gradient(loss, x).numpy()
    np.testing.assert_allclose(gradient[0, 0], [0.2256, 0.0577, 0.1029, 0.3635, 0.2503], atol=1e-4)
    np.testing.assert_allclose(gradient[:, 0], tf.nn.softmax(x[:, 0]).numpy(), rtol=1e-5)


def test_keras_backend_ctc_batch_cost_takes_the_kernel_path():
    x = np.random.RandomState(0).randn(4, 2, 5).astype('float32')
    y_pred = tf.nn.softmax(tf.transpose(tf.constant(x), [1, 0, 2]))
    cost = K.ctc_batch_cost(tf.constant([[1, 1, 2, 3], [1, 2, 0, 0]]), y_pred, tf.constant([[4], [4]]),
                            tf.constant([[4], [2]]))
    assert cost.shape == (2, 1) and float(cost[0, 0]) == float('inf')
    np.testing.assert_allclose(float(cost[1, 0]), 2.553499937057495, rtol=1e-6)
    with pytest.raises(InvalidArgumentError, match=r'\(required: 11, available: 8\)0You can turn'):
        K.ctc_batch_cost(tf.ones((1, 11), 'int32'), tf.fill((1, 8, 4), 0.25), tf.constant([[8]]), tf.constant([[11]]))
