"""The IoU family takes each row's class as TF's ArgMax does, where a NaN score never wins.

Values printed by keras.metrics in Keras 3.15 / TF 2.21 for the same inputs; numpy's argmax picks the
first NaN (rows 0 and 2 became classes 1 and 0, and OneHotMeanIoU was 0.0833 against TF's 0.2778 in
a diverging model's predictions).
"""
import numpy as np

from framework import metrics

NAN = float('nan')
ONE_HOT = np.eye(3, dtype='float32')[[0, 2, 1, 1]]
SCORES = np.array([[0.6, NAN, 0.3], [0.1, 0.2, 0.7], [NAN, 0.8, 0.1], [0.2, 0.5, 0.3]], 'float32')
MATRIX = [[1, 0, 0], [0, 2, 0], [0, 0, 1]]


def _matrix_and_result(metric, labels):
    metric.update_state(labels, SCORES)
    return metric.total_cm.numpy().tolist(), float(metric.result())


def test_one_hot_ious_skip_nan_scores():
    assert _matrix_and_result(metrics.OneHotIoU(3, [0, 1]), ONE_HOT) == (MATRIX, 0.9999999403953552)
    assert _matrix_and_result(metrics.OneHotMeanIoU(3), ONE_HOT) == (MATRIX, 0.9999999403953552)


def test_dense_predictions_of_mean_iou_skip_nan_scores():
    metric = metrics.MeanIoU(3, sparse_y_pred=False)
    assert _matrix_and_result(metric, np.array([0, 2, 1, 1])) == (MATRIX, 0.9999999403953552)
