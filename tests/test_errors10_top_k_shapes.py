"""Top-k accuracy of mismatched labels and scores fails in InTopKV2's words, as Keras 3 on TF 2.21.

Keras flattens labels of rank > 1 and scores of rank > 2 and hands the rest to tf.math.in_top_k, whose
kernel checks 'predictions must be 2-dimensional', 'targets must be 1-dimensional' and 'First dimension
of predictions N must match length of targets M' (tapeflow raised its own ValueError: errors10 fuzzer
C rows; its sentence is now a note). k=None is TF's tensor-conversion ValueError. Expected lines are
TF's, printed by /work/notes/progs/errors10/p/k1.py under /opt/tfref.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
LBL = np.array([0, 1, 2, 1], 'int32')
HEAD = '{{function_node __wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
TOPK = lambda: keras.metrics.TopKCategoricalAccuracy(k=2)
SPARSE = lambda: keras.metrics.SparseTopKCategoricalAccuracy(k=2)


def update(make, y_true, y_pred):
    metric = make()
    metric.update_state(y_true, y_pred)
    return float(metric.result())


@pytest.mark.parametrize('make, y_true, y_pred, text', [
    (TOPK, YT[:, 0], YP, 'targets must be 1-dimensional'),
    (TOPK, YT[:, :, None], YP, 'First dimension of predictions 4 must match length of targets 12'),
    (TOPK, YT[:3], YP, 'First dimension of predictions 4 must match length of targets 3'),
    (TOPK, YT, YP[:, 0], 'predictions must be 2-dimensional'),
    (TOPK, YT, YP[:, :, None], 'First dimension of predictions 12 must match length of targets 4'),
    (TOPK, YT, YP[:3], 'First dimension of predictions 3 must match length of targets 4'),
    (SPARSE, np.eye(3)[LBL], YP, 'First dimension of predictions 4 must match length of targets 12'),
    (SPARSE, LBL, np.float32(0.5), 'predictions must be 2-dimensional'),
])
def test_shapes_in_top_k_refuses_raise_its_kernel_text(make, y_true, y_pred, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        update(make, y_true, y_pred)
    assert str(info.value) == HEAD + text + ' [Op:InTopKV2] name: '
    assert 'need scores of shape' in info.value.__notes__[0]


def test_the_function_form_checks_the_same():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.metrics.sparse_top_k_categorical_accuracy(LBL[:3], YP, k=1)
    assert str(info.value) == HEAD + 'First dimension of predictions 4 must match length of targets 3 [Op:InTopKV2] name: '


def test_a_dtype_error_comes_before_the_shapes():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        update(SPARSE, LBL[:3], YP.astype('float64'))
    assert str(info.value) == ('cannot compute InTopKV2 as input #0(zero-based) was expected to be a float tensor but '
                               'is a double tensor [Op:InTopKV2] name: ')


def test_k_none_is_the_conversion_error():
    with pytest.raises(ValueError) as info:
        keras.metrics.top_k_categorical_accuracy(YT, YP, k=None)
    assert str(info.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


@pytest.mark.parametrize('make, y_true, y_pred', [
    (SPARSE, LBL[:, None], YP),                               # a label column is one target per sample
    (TOPK, np.stack([YT, YT]), np.stack([YP, YP])),           # higher ranks are flattened alike
])
def test_shapes_keras_flattens_to_agree_still_count(make, y_true, y_pred):
    assert update(make, y_true, y_pred) == 1.0
