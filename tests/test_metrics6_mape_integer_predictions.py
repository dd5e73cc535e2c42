"""MAPE of integer predictions divides by the labels themselves, as Keras 3 does.

keras.losses.mean_absolute_percentage_error converts epsilon (1e-7) to y_pred's dtype before anything
else: with integer predictions it is 0, so a zero label gives 0 / 0 = nan or x / 0 = inf. TF 2.21
(notes progs/metrics6/mapeint.py, repr1.py):

    yt = np.array([[1], [2], [0], [3]]); yp = np.array([[1], [1], [0], [2]])
    keras.losses.MAPE(yt, yp)                        -> [0, 50, nan, 33.333...]
    m = keras.metrics.MeanAbsolutePercentageError(); m.update_state(yt, yp + 1); m.result() -> inf
    keras.losses.MeanAbsolutePercentageError()(yt, yp + 1) -> 250000032.0 (the Loss casts to float32 first)

tapeflow gave 0 and 2.5e8-sized values (its predictions were float32 with epsilon 1e-7).
"""
import math

import numpy as np

import framework as tf
from framework import keras

LABELS = np.array([[1], [2], [0], [3]])
PREDICTIONS = np.array([[1], [1], [0], [2]])


def test_function_of_integer_predictions_divides_by_zero_labels():
    values = np.asarray(keras.losses.MAPE(LABELS, PREDICTIONS)).tolist()
    assert values[0] == 0.0 and values[1] == 50.0 and math.isnan(values[2])
    assert math.isinf(float(keras.losses.MAPE(np.array([0, 1]), np.array([1, 1]))))
    assert math.isnan(np.asarray(keras.losses.MAPE([[1], [0]], [[1], [0]]))[1])          # Python ints too
    assert math.isnan(np.asarray(keras.losses.MAPE(tf.constant([[1], [0]]), tf.constant([[1], [0]])))[1])


def test_float_predictions_keep_epsilon():
    assert np.asarray(keras.losses.MAPE([[1.0], [0.0]], [[1.0], [0.0]])).tolist() == [0.0, 0.0]
    labels_int = keras.losses.MAPE(np.array([[1], [0]]), np.array([[1.0], [0.5]], np.float32))
    assert np.isfinite(np.asarray(labels_int)).all()


def test_metric_of_integer_predictions():
    metric = keras.metrics.MeanAbsolutePercentageError()
    metric.update_state(LABELS, PREDICTIONS + 1)
    assert math.isinf(float(metric.result()))
    metric = keras.metrics.MeanAbsolutePercentageError()
    metric.update_state(LABELS, PREDICTIONS)
    assert math.isnan(float(metric.result()))


def test_loss_object_casts_to_float32_first():
    assert float(keras.losses.MeanAbsolutePercentageError()(LABELS, PREDICTIONS + 1)) == 250000032.0
