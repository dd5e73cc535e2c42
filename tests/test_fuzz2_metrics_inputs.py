"""Metrics on integer and boolean predictions, as TF 2.21 / Keras 3.15 score them (fuzz2)."""
import numpy as np
import pytest

from framework import keras

Y_TRUE = np.array([[1], [0], [1], [0]])
Y_PRED = np.array([[0.9], [0.2], [0.1], [0.7]])


@pytest.mark.parametrize('y_true, y_pred', [
    (Y_TRUE.astype('int32'), (Y_PRED > 0.3).astype('int32')),     # class predictions as ints
    (Y_TRUE, Y_PRED > 0.3),                                        # boolean predictions
    (Y_TRUE.astype(bool), Y_PRED),
])
def test_binary_accuracy_compares_integer_and_boolean_predictions_as_numbers(y_true, y_pred):
    # TF 2.21 prints 0.5 and [[1.], [1.], [0.], [0.]] for each (keras.ops.greater promotes them)
    metric = keras.metrics.BinaryAccuracy()
    metric.update_state(y_true, y_pred)
    assert float(metric.result()) == 0.5
    assert keras.metrics.binary_accuracy(y_true, y_pred).numpy().tolist() == [[1.0], [1.0], [0.0], [0.0]]


def test_sparse_categorical_crossentropy_truncates_fractional_labels():
    # TF 2.21 prints 0.6911551356315613 for all three (labels cast to int64: 1.5 -> 1, -0.5 -> 0, 1.9 -> 1)
    y_pred = np.array([[0.7, 0.2, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4]], 'float32')
    loss = keras.losses.SparseCategoricalCrossentropy()
    assert float(loss(np.array([0.0, 1.5, 2.0, 1.0]), y_pred)) == pytest.approx(0.6911551356315613, rel=1e-6)
    assert float(loss(np.array([-0.5, 1.9, 2.0, 0.2]), y_pred)) == pytest.approx(0.6911551356315613, rel=1e-6)
    metric = keras.metrics.SparseCategoricalCrossentropy()
    metric.update_state(np.array([0.0, 1.5, 2.0, 1.0]), y_pred)
    assert float(metric.result()) == pytest.approx(0.6911551356315613, rel=1e-6)
