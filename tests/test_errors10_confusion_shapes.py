"""Precision / Recall / AUC / the confusion counts with labels, predictions or sample weights of
mismatched shapes fail, or count, as Keras 3 on TensorFlow 2.21.

Keras flattens y_true and y_pred, so equal sizes pair up whatever the shapes and a single label
broadcasts on the thresholded path; other sizes fail in TF's LogicalAnd (Precision, Recall, TP ...)
or in segment_sum's check (AUC, PrecisionAtRecall: thresholds distributed evenly). Sample weights go
through ops.broadcast_to (TF's BroadcastTo kernel). tapeflow raised its own ValueError for each
(errors10 fuzzer C/D rows); its sentence is now a note. Expected lines are TF's, printed by
/work/notes/progs/errors10/p/m1.py under /opt/tfref.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
WRAP = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def update(make, y_true, y_pred, sample_weight=None):
    metric = make()
    metric.update_state(y_true, y_pred, sample_weight=sample_weight)
    return float(metric.result())


@pytest.mark.parametrize('make, y_true, y_pred, text', [
    (keras.metrics.Precision, YT[:, 0], YP, 'Incompatible shapes: [1,4] vs. [1,12] [Op:LogicalAnd] name: '),
    (keras.metrics.Precision, YT[:3], YP, 'Incompatible shapes: [1,9] vs. [1,12] [Op:LogicalAnd] name: '),
    (lambda: keras.metrics.TruePositives(thresholds=[0.2, 0.5, 0.8]), YT[:, :2], YP,
     'Incompatible shapes: [3,8] vs. [3,12] [Op:LogicalAnd] name: '),
])
def test_label_and_prediction_sizes_that_differ_are_the_logical_and_error(make, y_true, y_pred, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        update(make, y_true, y_pred)
    assert str(info.value) == WRAP % 'LogicalAnd' + text
    assert 'y_true and y_pred must have the same shape' in info.value.__notes__[0]


@pytest.mark.parametrize('make, y_true, y_pred, text', [
    (keras.metrics.AUC, YT[:, 0], YP, 'Got (12,) v.s. (4,).'),
    (keras.metrics.AUC, YT, YP[:3], 'Got (9,) v.s. (12,).'),
    (lambda: keras.metrics.PrecisionAtRecall(0.5), np.float32(1.0), YP, 'Got (12,) v.s. (1,).'),
])
def test_evenly_bucketed_metrics_fail_with_segment_sums_words(make, y_true, y_pred, text):
    with pytest.raises(ValueError) as info:
        update(make, y_true, y_pred)
    assert str(info.value) == 'Argument `segment_ids` and `data` should have same leading dimension. ' + text


@pytest.mark.parametrize('make, y_true, expected', [
    (keras.metrics.Precision, np.float32(1.0), 1.0),          # one label broadcasts over the predictions
    (keras.metrics.TruePositives, np.float32(1.0), 2.0),
    (keras.metrics.Recall, YT.reshape(3, 4), 0.5),            # equal sizes pair up in flat order
    (keras.metrics.FalseNegatives, YT.T.copy(), 3.0),
    (keras.metrics.AUC, YT.reshape(3, 4), 1.0),
])
def test_labels_keras_pairs_up_are_counted_as_there(make, y_true, expected):
    assert update(make, y_true, YP) == expected


@pytest.mark.parametrize('make, weights, text', [
    (keras.metrics.Precision, np.ones(3), 'Incompatible shapes: [3,1] vs. [4,3] [Op:BroadcastTo]'),
    (keras.metrics.Precision, np.ones((4, 3, 1)),
     'Rank of input (4) must be no greater than rank of output shape (2). [Op:BroadcastTo]'),
    (keras.metrics.AUC, np.ones((4, 2)), 'Incompatible shapes: [4,2] vs. [4,3] [Op:BroadcastTo]'),
    (keras.metrics.TrueNegatives, np.ones((3, 4)), 'Incompatible shapes: [3,4] vs. [4,3] [Op:BroadcastTo]'),
])
def test_sample_weights_that_do_not_broadcast_are_broadcast_tos_error(make, weights, text):
    metric = make()
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        metric.update_state(YT, YP, sample_weight=weights)
    assert str(info.value) == WRAP % 'BroadcastTo' + text
    assert 'does not broadcast to y_pred of shape (4, 3)' in info.value.__notes__[0]
    assert float(metric.result()) == 0.0          # a refused batch changes nothing


def test_weights_of_y_preds_shape_still_weigh_each_entry():
    assert update(keras.metrics.Precision, YT, YP, np.arange(12, dtype='float32').reshape(4, 3)) == 1.0
