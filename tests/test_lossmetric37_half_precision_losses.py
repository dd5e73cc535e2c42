"""Losses on float16 / bfloat16 tensors round as Keras 3.15 on TF 2.21 does.

- MeanSquaredError / MeanAbsoluteError: keras.ops.mean averages half-precision values in float32 and
  rounds back once; tapeflow's fused op summed them in the half type.
- tf.nn.softmax_cross_entropy_with_logits computes float16 and bfloat16 logits in float32 and casts
  the losses back; the sparse op does so for float16 only (bfloat16 runs in its own type). Keras's
  categorical / sparse categorical cross-entropies call these ops.

Expected values (float.hex) printed by the reference environment for the same inputs.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

LOGITS = np.array([[1.5, -0.25, 0.75, 2.0, -1.0], [0.3, 0.9, -2.2, 1.1, 0.0], [-0.7, 0.4, 0.05, -1.3, 2.6]], 'float32')
LABELS = np.array([3, 1, 4])
ONE_HOT = np.eye(5, dtype='float32')[LABELS]


def _hexes(tensor):
    return [float(v).hex() for v in np.asarray(tensor.numpy(), 'float32').reshape(-1)]


def test_float16_mean_squared_error_averages_in_float32():
    y_true = np.array([0.1, 0.7, 0.35, 0.9, 0.2], 'float32')
    y_pred = np.array([0.3, 0.45, 0.8, 0.15, 0.6], 'float32')
    loss = keras.losses.MeanSquaredError(dtype='float16')(y_true, y_pred)
    assert loss.dtype == tf.float16
    assert float(loss).hex() == '0x1.a500000000000p-3'         # the half-precision sum gave 0x1.a48p-3
    assert float(keras.losses.mean_squared_error(tf.cast(y_true, 'float16'), tf.cast(y_pred, 'float16'))).hex() \
        == '0x1.a500000000000p-3'


def test_half_mean_absolute_error_averages_in_float32():
    y_true = np.array([0.1, 0.7, 0.35, 0.9, 0.2, 0.55, 0.05], 'float32')
    y_pred = np.array([0.3, 0.45, 0.8, 0.15, 0.6, 0.95, 0.4], 'float32')
    assert float(keras.losses.MeanAbsoluteError(dtype='bfloat16')(y_true, y_pred)).hex() == '0x1.9a00000000000p-2'
    assert float(keras.losses.MeanAbsoluteError(dtype='float16')(y_true, y_pred)).hex() == '0x1.99c0000000000p-2'


def test_softmax_cross_entropy_of_half_logits_runs_in_float32():
    for dtype, expected in [('float16', ['0x1.6f00000000000p-1', '0x1.2b80000000000p+0', '0x1.c280000000000p-3']),
                            ('bfloat16', ['0x1.7000000000000p-1', '0x1.2c00000000000p+0', '0x1.c600000000000p-3'])]:
        loss = tf.nn.softmax_cross_entropy_with_logits(tf.cast(ONE_HOT, dtype), tf.cast(LOGITS, dtype))
        assert loss.dtype == dtype
        assert _hexes(loss) == expected, dtype


def test_sparse_softmax_cross_entropy_casts_float16_only():
    float16 = tf.nn.sparse_softmax_cross_entropy_with_logits(LABELS, tf.cast(LOGITS, 'float16'))
    assert _hexes(float16) == ['0x1.6f00000000000p-1', '0x1.2b80000000000p+0', '0x1.c280000000000p-3']
    bfloat16 = tf.nn.sparse_softmax_cross_entropy_with_logits(LABELS, tf.cast(LOGITS, 'bfloat16'))
    assert _hexes(bfloat16) == ['0x1.6e00000000000p-1', '0x1.2c00000000000p+0', '0x1.c800000000000p-3']


def test_categorical_crossentropy_gradient_through_the_float32_op():
    for dtype, expected in [
            ('float16', ['0x1.67c0000000000p-1', ['0x1.9440000000000p-4', '0x1.1900000000000p-6', '0x1.7dc0000000000p-5',
                                                  '-0x1.5d40000000000p-3', '0x1.0980000000000p-7']]),
            ('bfloat16', ['0x1.6800000000000p-1', ['0x1.9600000000000p-4', '0x1.1a00000000000p-6', '0x1.7e00000000000p-5',
                                                   '-0x1.5e00000000000p-3', '0x1.0a00000000000p-7']])]:
        logits = tf.Variable(tf.cast(LOGITS, dtype))
        with tf.GradientTape() as tape:
            loss = keras.losses.CategoricalCrossentropy(from_logits=True, dtype=dtype)(ONE_HOT, logits)
        grad = tape.gradient(loss, logits)
        assert grad.dtype == dtype
        assert [float(loss).hex(), _hexes(grad)[:5]] == expected, dtype


def test_float16_sparse_categorical_crossentropy_of_probabilities():
    g = np.random.RandomState(2)
    logits = g.uniform(-2, 2, (8, 5)).astype('float32')
    labels = np.eye(5, dtype='float32')[g.randint(0, 5, 8)].argmax(-1)
    probs = (np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)).astype('float32')
    loss = keras.losses.SparseCategoricalCrossentropy(dtype='float16', reduction='none')(labels, probs)
    assert _hexes(loss) == ['0x1.1840000000000p+0', '0x1.fc40000000000p+0', '0x1.f500000000000p-1', '0x1.2200000000000p+0',
                            '0x1.af80000000000p-1', '0x1.5100000000000p+1', '0x1.06c0000000000p+0', '0x1.4000000000000p+1']


def test_bfloat16_circle_loss_takes_its_cast_labels():
    # the loss casts the integer labels to its dtype; tapeflow refused bfloat16 labels (TypeError)
    g = np.random.RandomState(9)
    labels = g.randint(0, 3, 8)
    embeddings = g.uniform(-1, 1, (8, 5)).astype('float32')
    losses = keras.losses.Circle(reduction='none', dtype='bfloat16')(labels, embeddings)
    assert [float(v) for v in losses.numpy()] == [376.0, 54.75, 404.0, 149.0, 266.0, 18.25, 22.375, 178.0]
    assert float(keras.losses.Circle(dtype='bfloat16')(labels, embeddings)) == 184.0
