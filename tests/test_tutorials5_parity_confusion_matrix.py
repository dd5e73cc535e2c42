"""tf.math.confusion_matrix as the imbalanced-data tutorial calls it: (N, 1) float labels
against (N,) bool predictions (``predictions > 0.5``). TensorFlow squeezes the side one rank
higher and casts both to int64; the expected matrices and error texts were printed by
TensorFlow 2.21 for the same calls."""
import numpy as np
import pytest

import framework as tf


def test_float_column_labels_and_bool_predictions():
    m = tf.math.confusion_matrix(np.array([[0.], [1.], [1.]], 'float32'), np.array([True, False, True]))
    assert m.dtype == tf.int32
    np.testing.assert_array_equal(m.numpy(), [[0, 1], [1, 1]])


def test_float_labels_are_truncated_and_column_predictions_squeezed():
    np.testing.assert_array_equal(tf.math.confusion_matrix(np.array([0.7, 1.9, 2.2]), np.array([0, 1, 2])).numpy(),
                                  np.eye(3, dtype=np.int32))
    np.testing.assert_array_equal(tf.math.confusion_matrix(np.array([0, 1, 1]), np.array([[0], [1], [0]])).numpy(),
                                  [[1, 0], [1, 1]])
    # -0.5 truncates to 0: no negative value is left
    np.testing.assert_array_equal(tf.math.confusion_matrix(np.array([0., 1.5, -0.5]), np.array([0, 1, 0])).numpy(),
                                  [[2, 0], [0, 1]])


@pytest.mark.parametrize('labels, predictions, kwargs, cls, text', [
    ([[0, 1, 1]], [0, 1, 0], {}, tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Pack_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Shapes of all '
     'inputs must match: values[0].shape = [1,3] != values[1].shape = [3] [Op:Pack] name: stack'),
    ([0, -1, 1], [0, 1, 0], {}, tf.errors.InvalidArgumentError,
     "`labels` contains negative values.  \nCondition x >= 0 did not hold element-wise:\n"
     "x (shape=(3,) dtype=int64) = \n['0', '-1', '1']"),
    ([0, 1, 1], [0, -1, 0], {}, tf.errors.InvalidArgumentError,
     "`predictions` contains negative values.  \nCondition x >= 0 did not hold element-wise:\n"
     "x (shape=(3,) dtype=int64) = \n['0', '-1', '0']"),
    ([0, 3, 1], [0, 1, 0], {'num_classes': 2}, tf.errors.InvalidArgumentError,
     '`labels` out of bound\nCondition x < y did not hold.\nFirst 3 elements of x:\n[0 3 1]\n'
     'First 1 elements of y:\n[2]'),
    ([0, 1, 1], [0, 1, 2], {'num_classes': 2}, tf.errors.InvalidArgumentError,
     '`predictions` out of bound\nCondition x < y did not hold.\nFirst 3 elements of x:\n[0 1 2]\n'
     'First 1 elements of y:\n[2]'),
    (np.array(['a']), [0], {}, tf.errors.UnimplementedError,
     '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast string to int64 '
     'is not supported [Op:Cast] name: '),
])
def test_errors_carry_tensorflow_class_and_text(labels, predictions, kwargs, cls, text):
    with pytest.raises(cls) as info:
        tf.math.confusion_matrix(np.array(labels), np.array(predictions), **kwargs)
    assert str(info.value) == text
    assert any('confusion_matrix' in note for note in getattr(info.value, '__notes__', ()))


def test_weights_cast_to_the_output_dtype():
    m = tf.math.confusion_matrix([0, 1, 1], [0, 1, 0], weights=[0.5, 1.5, 2.5])
    np.testing.assert_array_equal(m.numpy(), [[0, 0], [2, 1]])
    m = tf.math.confusion_matrix([0, 1, 1], [0, 1, 0], weights=[0.5, 1.5, 2.5], dtype=tf.float32)
    np.testing.assert_array_equal(m.numpy(), np.array([[0.5, 0.], [2.5, 1.5]], np.float32))
