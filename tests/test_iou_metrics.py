"""IoU, MeanIoU, BinaryIoU, OneHotIoU and OneHotMeanIoU against Keras 3.15.

Golden values (result and total confusion matrix) were printed from
keras.metrics in the reference environment for the same updates and copied
here; each follows from IoU_c = cm[c, c] / (row_c + col_c - cm[c, c]),
averaged over the target classes with a non-zero denominator.
"""
import warnings

import numpy as np
import pytest

from framework import losses, metrics
from framework.keras import metrics as keras_metrics

ONE_HOT = np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0], [1, 0, 0]], np.float32)
SCORES = np.array([[0.2, 0.3, 0.5], [0.1, 0.2, 0.7], [0.5, 0.3, 0.1], [0.1, 0.4, 0.5]], np.float32)


def updated(metric, *updates):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')       # float weights on an int matrix warn, as in Keras
        for args in updates:
            metric.update_state(*args[:2], **({'sample_weight': args[2]} if len(args) > 2 else {}))
    return metric


CASES = [
    ('MeanIoU', lambda: updated(metrics.MeanIoU(3), ([0, 1, 2, 2, 1], [0, 2, 2, 1, 1])),
     0.555555522441864, [[1, 0, 0], [0, 1, 1], [0, 1, 1]]),
    ('MeanIoU two batches, weighted', lambda: updated(
        metrics.MeanIoU(3), ([0, 1, 2, 2, 1], [0, 2, 2, 1, 1]),
        (np.array([[0, 1], [2, 0]]), np.array([[0, 1], [1, 0]]), np.array([[1, 2], [3, 1]]))),
     0.5138888955116272, [[3, 0, 0], [0, 3, 1], [0, 4, 1]]),
    ('MeanIoU float classes truncate', lambda: updated(metrics.MeanIoU(3), (np.array([0., 1., 2.]),
                                                                           np.array([0.7, 1.9, 2.2]))),
     0.9999998211860657, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
    ('MeanIoU ignore_class, out of range', lambda: updated(metrics.MeanIoU(3, ignore_class=1),
                                                           ([0, 1, 2, 2, 1, 5, -1], [0, 2, 2, 1, 1, 1, 0])),
     0.4999999701976776, [[1, 0, 0], [0, 0, 0], [0, 1, 1]]),
    ('MeanIoU scores, float weights truncated', lambda: updated(
        metrics.MeanIoU(3, sparse_y_pred=False),
        ([0, 1, 2], [[0.8, 0.1, 0.1], [0.2, 0.3, 0.5], [0.1, 0.1, 0.8]], [0.5, 1.5, 2.5])),
     0.3333333432674408, [[0, 0, 0], [0, 0, 1], [0, 0, 2]]),
    ('MeanIoU float32 state', lambda: updated(metrics.MeanIoU(3, dtype='float32'),
                                              ([0, 1, 2, 2], [0, 1, 1, 2], [0.5, 1.5, 2.5, 0.25])),
     0.4886362850666046, [[0.5, 0, 0], [0, 1.5, 0], [0, 2.5, 0.25]]),
    ('IoU', lambda: updated(metrics.IoU(3, target_class_ids=[0, 2]), ([0, 1, 2, 2, 1], [0, 2, 2, 1, 1])),
     0.6666666269302368, [[1, 0, 0], [0, 1, 1], [0, 1, 1]]),
    ('IoU absent class skipped', lambda: updated(metrics.IoU(4, target_class_ids=[0, 3]),
                                                 ([0, 1, 2, 2, 1], [0, 2, 2, 1, 1])),
     0.9999997615814209, [[1, 0, 0, 0], [0, 1, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]]),
    ('BinaryIoU', lambda: updated(metrics.BinaryIoU(), ([0, 1, 0, 1], [0.1, 0.9, 0.5, 0.3])),
     0.3333333432674408, [[1, 1], [1, 1]]),
    ('BinaryIoU threshold, weights', lambda: updated(metrics.BinaryIoU(target_class_ids=[1], threshold=0.3),
                                                     ([0, 1, 0, 1], [0.1, 0.9, 0.5, 0.3], [1, 2, 3, 4])),
     0.6666666269302368, [[1, 3], [0, 6]]),
    ('OneHotIoU', lambda: updated(metrics.OneHotIoU(3, target_class_ids=[0, 2]), (ONE_HOT, SCORES)),
     0.1666666716337204, [[0, 0, 2], [1, 0, 0], [0, 0, 1]]),
    ('OneHotMeanIoU weighted', lambda: updated(metrics.OneHotMeanIoU(3), (ONE_HOT, SCORES, [1, 2, 3, 4])),
     0.0476190485060215, [[0, 0, 6], [3, 0, 0], [0, 0, 1]]),
    ('OneHotMeanIoU ignore_class', lambda: updated(metrics.OneHotMeanIoU(3, ignore_class=0), (ONE_HOT, SCORES)),
     0.333333283662796, [[0, 0, 0], [1, 0, 0], [0, 0, 1]]),
]


@pytest.mark.parametrize('label, make, result, matrix', CASES, ids=[c[0] for c in CASES])
def test_results_and_confusion_matrices_match_keras(label, make, result, matrix):
    metric = make()
    value = metric.result()
    assert value.dtype == np.float32 and value.shape == ()
    np.testing.assert_allclose(float(value), result, rtol=1e-6)
    np.testing.assert_array_equal(metric.total_cm.numpy(), np.array(matrix, metric.total_cm.numpy().dtype))


def test_state_is_keras_shaped_and_resets():
    metric = metrics.MeanIoU(3)
    assert metric.name.startswith('mean_io_u') and metric.dtype == 'int64'
    assert [(v.path, tuple(v.shape), str(v.numpy().dtype)) for v in metric.variables] == [
        (metric.name + '/total_confusion_matrix', (3, 3), 'int64')]
    metric.update_state([0, 1], [1, 1])
    metric.reset_state()
    assert not metric.total_cm.numpy().any() and float(metric.result()) == 0.0


def test_float_weights_on_an_int_matrix_warn_as_keras():
    with pytest.warns(UserWarning, match='weight as `float`'):
        metrics.MeanIoU(2).update_state([0, 1], [0, 1], sample_weight=np.array([0.5, 1.0]))


# Keras 3.15's get_config() of each (names as Keras numbers them on first use, left out here).
CONFIGS = {
    'IoU': (dict(num_classes=3, target_class_ids=[0, 2]),
            {'dtype': 'int64', 'num_classes': 3, 'target_class_ids': [0, 2], 'ignore_class': None,
             'sparse_y_true': True, 'sparse_y_pred': True, 'axis': -1}),
    'MeanIoU': (dict(num_classes=3), {'num_classes': 3, 'dtype': 'int64', 'ignore_class': None,
                                      'sparse_y_true': True, 'sparse_y_pred': True, 'axis': -1}),
    'BinaryIoU': ({}, {'target_class_ids': [0, 1], 'threshold': 0.5, 'dtype': 'int64'}),
    'OneHotIoU': (dict(num_classes=3, target_class_ids=[0, 2]),
                  {'num_classes': 3, 'target_class_ids': [0, 2], 'dtype': 'int64', 'ignore_class': None,
                   'sparse_y_pred': False, 'axis': -1}),
    'OneHotMeanIoU': (dict(num_classes=3), {'num_classes': 3, 'dtype': 'int64', 'ignore_class': None,
                                            'sparse_y_pred': False, 'axis': -1}),
}


@pytest.mark.parametrize('name', sorted(CONFIGS))
def test_configs_match_keras_and_round_trip(name):
    arguments, expected = CONFIGS[name]
    metric = getattr(keras_metrics, name)(**arguments)
    config = metric.get_config()
    assert config.pop('name') == metric.name
    assert config == expected
    again = metrics.deserialize(metrics.serialize(metric))
    assert type(again) is type(metric) and again.get_config() == metric.get_config()
    assert metric._direction == 'up'


def test_focal_functions_are_exported_as_keras_metrics():
    assert keras_metrics.binary_focal_crossentropy is losses.binary_focal_crossentropy
    assert keras_metrics.categorical_focal_crossentropy is losses.categorical_focal_crossentropy


@pytest.mark.parametrize('make, message', [
    (lambda: metrics.IoU(3, target_class_ids=[3]), 'Target class id 3 is out of range'),     # Keras's words (errors10)
    (lambda: metrics.IoU(3, target_class_ids=[]), 'target_class_ids'),
    (lambda: metrics.MeanIoU(0), r'max\(\) arg is an empty sequence'),     # Keras's words (errors31)
    (lambda: metrics.BinaryIoU(threshold='a'), 'threshold'),
])
def test_bad_arguments_are_named(make, message):
    with pytest.raises(ValueError, match=message):
        make()


@pytest.mark.parametrize('args, kwargs', [
    (([0, 1, 2], [0, 1]), {}),
    (([0, 1], [0, 1]), {'sample_weight': [1, 2, 3]}),
    (([0, 1], 'abc'), {}),
    ((None, [0, 1]), {}),
])
def test_bad_updates_name_the_metric_and_change_nothing(args, kwargs):
    metric = metrics.MeanIoU(3, name='seg_iou')
    metric.update_state([0, 1, 2], [0, 1, 1])
    before = metric.total_cm.numpy().copy()
    with pytest.raises((TypeError, ValueError), match='seg_iou'):
        metric.update_state(*args, **kwargs)
    np.testing.assert_array_equal(metric.total_cm.numpy(), before)
