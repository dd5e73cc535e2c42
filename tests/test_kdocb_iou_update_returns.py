"""IoU metrics' update_state returns the new total confusion matrix, as Keras 3's ``total_cm.assign``.

Golden values from TensorFlow 2.21 + Keras 3.15 (the IoU / BinaryIoU / MeanIoU docstrings print
what update_state returns).
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def test_iou_update_returns_running_total():
    m = keras.metrics.IoU(num_classes=2, target_class_ids=[0])
    first = m.update_state([0, 0, 1, 1], [0, 1, 0, 1])
    assert first.dtype == tf.int64 and first.shape == (2, 2)
    np.testing.assert_array_equal(first.numpy(), [[1, 1], [1, 1]])
    second = m.update_state([0, 0, 1, 1], [0, 1, 0, 1], sample_weight=[2, 3, 3, 1])
    np.testing.assert_array_equal(second.numpy(), [[3, 4], [4, 2]])
    np.testing.assert_array_equal(first.numpy(), [[1, 1], [1, 1]])     # a snapshot, not the live state


def test_binary_and_mean_iou_return_the_total():
    got = keras.metrics.BinaryIoU().update_state([0, 1, 0, 1], [0.1, 0.2, 0.4, 0.7])
    np.testing.assert_array_equal(got.numpy(), [[2, 0], [1, 1]])
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        got = keras.metrics.MeanIoU(num_classes=3).update_state(
            np.array([[0, 2], [1, 1]]), np.array([[0, 1], [2, 1]]), sample_weight=np.array([[2.5, 1], [1, 1]]))
    np.testing.assert_array_equal(got.numpy(), [[2, 0, 0], [0, 1, 1], [0, 1, 0]])


def test_float64_state_takes_list_weights_in_float64():
    m = keras.metrics.IoU(num_classes=2, target_class_ids=[0], dtype='float64')
    got = m.update_state([0, 0, 1, 1], [0, 1, 0, 1], sample_weight=[0.3, 0.3, 0.3, 0.1])
    assert got.dtype == tf.float64
    np.testing.assert_array_equal(got.numpy(), [[0.3, 0.3], [0.3, 0.1]])


def test_float_weight_warning_only_for_weights_with_a_dtype():
    m = keras.metrics.IoU(num_classes=2, target_class_ids=[0])
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        m.update_state([0, 0, 1, 1], [0, 1, 0, 1], sample_weight=[0.3, 0.3, 0.3, 0.1])
    assert not [w for w in seen if 'passing weight as `float`' in str(w.message)]
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        m.update_state([0, 0, 1, 1], [0, 1, 0, 1], sample_weight=np.array([0.3, 0.3, 0.3, 0.1]))
    assert [w for w in seen if 'passing weight as `float`' in str(w.message)]


IOU_CASES = [(keras.metrics.IoU, dict(num_classes=2, target_class_ids=[0])),
             (keras.metrics.MeanIoU, dict(num_classes=2)), (keras.metrics.BinaryIoU, {})]


@pytest.mark.parametrize('cls, kw', IOU_CASES)
@pytest.mark.parametrize('args, weights, text', [
    # TF 2.21's kernels: Keras broadcasts the weights to y_true's samples first, then ANDs the bounds masks
    ((np.array([[0, 1], [1, 1]]), np.array([[0, 1], [0, 1]])), np.ones(3),
     r'\{\{function_node __wrapped__BroadcastTo_device_/job:localhost/replica:0/task:0/device:CPU:0\}\} '
     r'Incompatible shapes: \[3\] vs. \[4\] \[Op:BroadcastTo\]'),
    ((np.array([0, 1, 1]), np.array([0, 1])), None,
     r'\{\{function_node __wrapped__LogicalAnd_device_/job:localhost/replica:0/task:0/device:CPU:0\}\} '
     r'Incompatible shapes: \[3\] vs. \[2\] \[Op:LogicalAnd\] name: '),
    ((np.array([0, 1, 1]), np.array([0, 1])), np.ones(2), r'Incompatible shapes: \[2\] vs. \[3\] \[Op:BroadcastTo\]'),
    ((np.array([[0, 1], [1, 1]]), np.array([[0, 1], [0, 1]])), np.ones((2, 3)),
     r'Incompatible shapes: \[6\] vs. \[4\] \[Op:BroadcastTo\]'),
])
def test_mismatched_samples_raise_tf_kernel_errors(cls, kw, args, weights, text):
    m = cls(**kw)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        with pytest.raises(tf.errors.InvalidArgumentError, match=text):
            m.update_state(*args, sample_weight=weights)
    np.testing.assert_array_equal(m.total_cm.numpy(), np.zeros((2, 2)))
