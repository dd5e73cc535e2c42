"""Strings where metrics and hinge losses take numbers fail in TF's Cast kernel, as Keras 3 on TF 2.21.

Keras ops.casts labels, predictions and weights in the confusion-matrix metrics (Precision, Recall, TP..FN,
AUC, *AtRecall), the IoU metrics (to their int64 state) and the hinge functions (labels to the scores'
dtype): a Python string converts to a string tensor and the Cast refuses it, an UnimplementedError. tapeflow
converted straight to the dtype (TF's TypeError there) or raised numpy's ValueError (errors10 fuzzer
*_str rows; same 198 -> 241 of 370). Texts as TF printed them in the fuzzer logs.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
LBL = np.array([0, 1, 2, 1], 'int32')
CAST = ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Cast string to %s is not supported [Op:Cast] name: ')


def update(make, *batch, **weights):
    make().update_state(*batch, **weights)


@pytest.mark.parametrize('call, target', [
    (lambda: update(keras.metrics.Precision, 'a', YP), 'float'),
    (lambda: update(keras.metrics.Recall, YT, 'a'), 'float'),
    (lambda: update(keras.metrics.AUC, YT, YP, sample_weight='a'), 'float'),
    (lambda: update(lambda: keras.metrics.PrecisionAtRecall(0.5), 'a', YP), 'float'),
    (lambda: update(lambda: keras.metrics.MeanIoU(num_classes=3), 'a', LBL), 'int64'),
    (lambda: update(lambda: keras.metrics.BinaryIoU(), YT, YP, sample_weight='a'), 'int64'),
    (lambda: keras.losses.hinge('a', YP), 'float'),
    (lambda: keras.losses.categorical_hinge('a', YP), 'float'),
    (lambda: update(keras.metrics.Hinge, 'a', YP), 'float'),
])
def test_strings_fail_in_the_cast_kernel(call, target):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        call()
    assert str(info.value) == CAST % target


def test_losses_that_convert_straight_to_the_dtype_keep_tfs_type_error():
    # Keras's MeanSquaredError converts y_true with convert_to_tensor(..., dtype): TF's TypeError, as before
    with pytest.raises(TypeError, match="Cannot convert 'a' to EagerTensor of dtype float"):
        keras.losses.MeanSquaredError()('a', YP)
