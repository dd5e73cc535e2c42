"""A Keras loss made with an integer dtype (Loss(dtype='int32')) averages as Keras 3 does on TF 2.21: its
reduction divides the integer sum with keras.ops.divide_no_nan, which divides as floats, so the result is float32
(MeanSquaredError(dtype='int32') of 2.7 vs 0: the values become 2 and 0, each squared error 4, the mean 4.0);
tapeflow raised "`x` and `y` must have the same dtype, got tf.int32 != tf.float32." 'sum' and no reduction keep
the integers. Values printed by TF 2.21 (/work/notes/progs/errors48/c7.txt); exact (small integers)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

PRED, TRUE = tf.ones((2, 3)) * 2.7, tf.zeros((2, 3))


@pytest.mark.parametrize('loss, kwargs, dtype, value', [
    (keras.losses.MeanSquaredError(dtype='int32'), {}, 'float32', 4.0),
    (keras.losses.MeanAbsoluteError(dtype='int32'), {}, 'float32', 2.0),
    (keras.losses.MeanSquaredError(dtype='int32'), {'sample_weight': tf.constant([1.0, 0.5])}, 'float32', 2.0),
    (keras.losses.MeanSquaredError(dtype='int32', reduction='mean_with_sample_weight'),
     {'sample_weight': tf.constant([2.0, 1.0])}, 'float32', 4.0),
    (keras.losses.MeanSquaredError(dtype='int64', reduction='mean'), {}, 'float32', 4.0),
    (keras.losses.MeanAbsoluteError(dtype='uint8'), {}, 'float32', 2.0),
    (keras.losses.MeanSquaredError(dtype='int32', reduction='sum'), {}, 'int32', 8),
])
def test_an_integer_loss_is_reduced_as_keras(loss, kwargs, dtype, value):
    result = loss(PRED, TRUE, **kwargs)
    assert result.dtype.name == dtype and result.shape == ()
    assert result.numpy() == value


def test_unreduced_and_empty_integer_losses_stay_integers():
    result = keras.losses.MeanSquaredError(dtype='int32', reduction=None)(PRED, TRUE)
    assert result.dtype.name == 'int32' and np.array_equal(result.numpy(), [4, 4])
    empty = keras.losses.MeanSquaredError(dtype='int32')(tf.ones((0, 3)), tf.zeros((0, 3)))
    assert empty.dtype.name == 'int32' and empty.shape == (0,)


def test_integer_data_through_an_integer_loss_and_metric():
    result = keras.losses.MeanSquaredError(dtype='int32')([[3, 1]], [[0, 0]])
    assert result.dtype.name == 'float32' and result.numpy() == 5.0
    metric = keras.metrics.MeanSquaredError(dtype='int32')
    metric.update_state([[3.0, 1.0]], [[0.0, 0.0]])
    assert metric.result().dtype.name == 'float32' and metric.result().numpy() == 5.0
