"""IoU / MeanIoU / R2Score constructor arguments are checked as Keras 3 checks them on TF 2.21.

IoU checks only max(target_class_ids) < num_classes (Python's errors for no list, an empty one or strings),
then casts the ids to int32 where the result gathers them (floats truncated, -1 the last class, NaN TF's
GatherV2 error); MeanIoU puts num_classes in a shape (True is one class, 2.5 Python's TypeError); R2Score
compares num_regressors < 0 (2.5 and True are taken). tapeflow refused most of these with its own ValueError
(errors10 fuzzer D/C rows metc.IoU / metc.MeanIoU / metc.R2); p/i2.py under /opt/tfref printed the
expected lines: 19 of 19 equal now.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

LBL = np.array([0, 1, 2, 1], 'int32')
P = np.array([0, 2, 2, 1], 'int32')
ERRORS = {'ValueError': ValueError, 'TypeError': TypeError, 'InvalidArgumentError': tf.errors.InvalidArgumentError}


def iou_result(make):
    metric = make()
    metric.update_state(LBL, P)
    return round(float(metric.result()), 6)


@pytest.mark.parametrize('ids, expected', [([0.5, 1.5, 2.0], 0.666667), ([0, -1], 0.75), ([True, False], 0.75),
                                           ((0, 1), 0.75)])
def test_target_class_ids_keras_takes(ids, expected):
    assert iou_result(lambda: keras.metrics.IoU(num_classes=3, target_class_ids=ids)) == expected


@pytest.mark.parametrize('make, error, text', [
    (lambda: keras.metrics.IoU(num_classes=3, target_class_ids=[0, 3]), 'ValueError',
     'Target class id 3 is out of range, which is [0, 3).'),
    (lambda: keras.metrics.IoU(num_classes=3, target_class_ids=[]), 'ValueError', 'max() arg is an empty sequence'),
    (lambda: keras.metrics.IoU(num_classes=3, target_class_ids='a'), 'TypeError',
     "'>=' not supported between instances of 'str' and 'int'"),
    (lambda: keras.metrics.IoU(num_classes=3, target_class_ids=None), 'TypeError', "'NoneType' object is not iterable"),
    (lambda: keras.metrics.MeanIoU(num_classes=2.5), 'TypeError', "'float' object cannot be interpreted as an integer"),
    (lambda: keras.metrics.R2Score(num_regressors=-1), 'ValueError',
     'Invalid value for argument `num_regressors`. Expected a value >= 0. Received: num_regressors=-1'),
    (lambda: keras.metrics.R2Score(num_regressors='a'), 'TypeError', "'<' not supported between instances of 'str' and 'int'"),
])
def test_arguments_keras_refuses_raise_its_class_and_words(make, error, text):
    with pytest.raises(ERRORS[error]) as info:
        make()
    assert type(info.value) is ERRORS[error] and str(info.value) == text


def test_a_nan_class_id_fails_where_the_result_gathers_it():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        iou_result(lambda: keras.metrics.IoU(num_classes=3, target_class_ids=[0, float('nan')]))
    assert str(info.value) == ('{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'indices[0,1] = -2147483645 is not in [0, 3) [Op:GatherV2] name: ')


def test_mean_iou_of_true_classes_and_r2_of_fractional_regressors_compute():
    assert iou_result(lambda: keras.metrics.MeanIoU(num_classes=True)) == 1.0
    assert iou_result(lambda: keras.metrics.MeanIoU(num_classes=np.int64(3))) == 0.666667
    for regressors, expected in ((2.5, 0.919999897480011), (True, 0.9599999785423279)):
        metric = keras.metrics.R2Score(num_regressors=regressors)
        metric.update_state(np.arange(5.0)[:, None], np.arange(5)[:, None] * 1.1)
        assert float(metric.result()) == pytest.approx(expected, abs=1e-7)
