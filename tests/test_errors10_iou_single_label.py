"""IoU metrics broadcast a single label (or prediction) over the batch, as Keras 3 on TF 2.21 does.

Keras ANDs the label and prediction masks (TF's LogicalAnd broadcasts a size-1 operand) and builds the
confusion matrix from the broadcast pairs; tapeflow refused such batches ('Incompatible shapes: [1] vs.
[12]'). Values (result and the confusion matrix) printed by /work/notes/progs/errors10/p/i1.py under /opt/tfref.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
LBL = np.array([0, 1, 2, 1], 'int32')


@pytest.mark.parametrize('make, y_true, y_pred, result, matrix', [
    (lambda: keras.metrics.BinaryIoU(target_class_ids=[0, 1]), np.float32(1.0), YP, 0.125, [0, 0, 9, 3]),
    (lambda: keras.metrics.BinaryIoU(target_class_ids=[0, 1]), YT, np.float32(0.7), 0.1666667, [0, 8, 0, 4]),
    (lambda: keras.metrics.MeanIoU(num_classes=3), np.int32(1), LBL, 0.1666667, [0, 0, 0, 1, 2, 1, 0, 0, 0]),
    (lambda: keras.metrics.OneHotIoU(num_classes=3, target_class_ids=[0, 1]), YT[:, 0], YP, 0.125,
     [1, 2, 1, 0, 0, 0, 0, 0, 0]),
])
def test_a_single_label_or_prediction_is_broadcast(make, y_true, y_pred, result, matrix):
    metric = make()
    metric.update_state(y_true, y_pred)
    assert float(metric.result()) == pytest.approx(result, abs=1e-7)
    assert np.asarray(metric.variables[0]).ravel().tolist() == matrix


def test_other_counts_still_fail_in_logical_and():
    metric = keras.metrics.MeanIoU(num_classes=3)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[3\] vs. \[4\] \[Op:LogicalAnd\]'):
        metric.update_state(LBL[:3], LBL)
