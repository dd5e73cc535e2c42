"""Keras 3's probabilistic cross-entropies given integer predictions fail as on TF 2.21 (they scored in float32).

Goldens: TF 2.21 / Keras 3 printed these types and texts for the same calls (lead54/intxent.py), a numpy batch of
0 / 1 ints passed as both y_true and y_pred. Logits (from_logits=True) still score: their kernels' texts differ.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

Y = np.array([[0, 1, 1, 0], [1, 0, 1, 1]])
CLIP = 'Cannot convert 0.9999999 to EagerTensor of dtype %s'
MUL = ('cannot compute Mul as input #1(zero-based) was expected to be a %s tensor but is a double tensor '
       '[Op:Mul] name: ')
BINARY = ['binary_crossentropy', 'binary_focal_crossentropy']
CATEGORICAL = ['categorical_crossentropy', 'categorical_focal_crossentropy']


@pytest.mark.parametrize('name', BINARY + CATEGORICAL)
@pytest.mark.parametrize('y_true, y_pred, dtype', [
    (Y, Y, 'int64'), (Y.astype('int32'), Y.astype('int32'), 'int32'), (Y.astype('float32'), Y, 'int64'),
    ([[0, 1]], [[1, 0]], 'int32')], ids=['int64', 'int32', 'float-labels', 'lists'])
def test_integer_predictions_fail_in_the_formulas_first_float_op(name, y_true, y_pred, dtype):
    if name in BINARY:
        with pytest.raises(TypeError) as info:
            getattr(keras.losses, name)(y_true, y_pred)
        assert str(info.value) == CLIP % dtype
    else:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            getattr(keras.losses, name)(y_true, y_pred)
        assert str(info.value) == MUL % dtype


@pytest.mark.parametrize('name', BINARY + CATEGORICAL)
def test_label_smoothing_fails_first(name):
    with pytest.raises(TypeError) as info:
        getattr(keras.losses, name)(Y, Y, label_smoothing=0.1)
    assert str(info.value) == 'Cannot convert 0.9 to EagerTensor of dtype int64'


def test_categorical_over_another_axis_and_the_metrics():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.losses.categorical_crossentropy(Y, Y, axis=0)
    assert str(info.value) == MUL % 'int64'
    metric = keras.metrics.BinaryCrossentropy()
    with pytest.raises(TypeError) as info:
        metric.update_state(Y, Y)
    assert str(info.value) == CLIP % 'int64'
    metric = keras.metrics.CategoricalCrossentropy()
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        metric.update_state(Y, Y)
    assert str(info.value) == MUL % 'int64'


def test_float_predictions_and_logits_still_score():
    # the loss objects cast y_pred to their float32 dtype first (Keras's Loss.__call__), as do integer logits here
    assert keras.losses.BinaryCrossentropy()(Y, Y).dtype == tf.float32
    assert keras.losses.CategoricalCrossentropy()(Y, Y).numpy() == pytest.approx(2.3410656, rel=1e-6)
    np.testing.assert_allclose(keras.losses.binary_crossentropy(Y, Y.astype('float32')).numpy(), [1.192093e-07] * 2,
                               rtol=1e-5)
    assert keras.losses.binary_crossentropy(Y, Y, from_logits=True).dtype == tf.float32
