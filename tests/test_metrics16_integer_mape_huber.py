"""keras.losses.mape / keras.losses.huber (and keras.metrics.mape) of integer predictions, as Keras 3 runs them.

Keras converts y_pred as it comes and casts y_true, epsilon, delta and the 0.5 to its dtype: mape's epsilon becomes
0 and its int32 / int64 truediv is float64 (int8 / int16 / uint8: float32); huber's quadratic part is 0 and delta
is truncated. Goldens: TF 2.21 printed them, /work/notes/progs/metrics16/p1.py and p2.py (tf1.txt, tf2.txt).
These are exact small-integer quotients, the same bits on every CPU.
"""
import math

import numpy as np
import pytest

import framework as tf
from framework import keras

Y_TRUE = np.array([[1, 2, 3], [4, 5, 6]])
Y_PRED = np.array([[2, 2, 1], [4, 7, 6]])
ZERO_TRUE = np.array([[0, 2, 3], [4, 0, 6]])
ZERO_PRED = np.array([[0, 2, 1], [4, 7, 6]])


def hexes(result):
    return [float(v).hex() for v in np.asarray(result).ravel()]


@pytest.mark.parametrize('function', [keras.losses.mape, keras.metrics.mape], ids=['losses', 'metrics'])
@pytest.mark.parametrize('dtype', ['int32', 'int64'])
def test_mape_of_wide_integers_is_float64(function, dtype):
    result = function(Y_TRUE.astype(dtype), Y_PRED.astype(dtype))
    assert result.dtype == tf.float64
    assert hexes(result) == ['0x1.bc71c71c71c71p+5', '0x1.aaaaaaaaaaaabp+3']


@pytest.mark.parametrize('dtype, result_dtype', [('int8', 'float32'), ('int16', 'float32'), ('int32', 'float64'),
                                                 ('int64', 'float64'), ('uint8', 'float32')])
def test_mape_zero_label_divides_by_zero(dtype, result_dtype):
    # epsilon cast to an integer dtype is 0: 0 / 0 is nan, 7 / 0 inf (uint8: Keras's abs leaves it as it is)
    result = keras.losses.mape(ZERO_TRUE.astype(dtype), ZERO_PRED.astype(dtype))
    assert result.dtype == getattr(tf, result_dtype)
    values = np.asarray(result)
    assert math.isnan(values[0]) and values[1] == math.inf


@pytest.mark.parametrize('args, expected', [
    (([[1, 2], [3, 4]], [[2, 2], [3, 1]]), ['0x1.9000000000000p+5', '0x1.2c00000000000p+5']),
    ((np.array([[1.5, 2.]]), np.array([[2, 2]])), ['0x1.9000000000000p+5']),      # y_true cast to int: 1
    ((np.array([1, 2, 3]), np.array([[2], [2], [1]])), ['0x1.9000000000000p+6', '0x0.0p+0', '0x1.0aaaaaaaaaaaap+6']),
], ids=['lists', 'float_true', 'rank_lined_up'])
def test_mape_integer_predictions_other_inputs(args, expected):
    result = keras.losses.mape(*args)
    assert result.dtype == tf.float64
    assert hexes(result) == expected


def test_mape_float_predictions_and_loss_class_unchanged():
    # integer labels with float predictions, and the Loss class (it casts to float32 first), keep epsilon
    assert hexes(keras.losses.mape(np.array([[1, 2]]), np.array([[2., 2.]]))) == ['0x1.9000000000000p+5']
    result = keras.losses.MeanAbsolutePercentageError(reduction=None)(ZERO_TRUE, ZERO_PRED)
    assert result.dtype == tf.float32
    assert hexes(result) == ['0x1.638e3a0000000p+4', '0x1.1627b00000000p+31']


@pytest.mark.parametrize('delta, expected', [
    (1.0, ['0x1.5555560000000p-1', '0x1.2aaaaa0000000p+1']),
    (1.5, ['0x1.5555560000000p-1', '0x1.2aaaaa0000000p+1']),      # truncated to 1
    (2, ['0x0.0p+0', '0x1.2aaaaa0000000p+2']),
    (0.5, ['0x0.0p+0', '0x0.0p+0']),                              # truncated to 0
    (3.7, ['0x0.0p+0', '0x1.c000000000000p+2']),
])
@pytest.mark.parametrize('dtype', ['int8', 'int32', 'int64'])
def test_huber_of_integers_has_no_quadratic_part(delta, expected, dtype):
    result = keras.losses.huber(ZERO_TRUE.astype(dtype), ZERO_PRED.astype(dtype), delta=delta)
    assert result.dtype == tf.float32
    assert hexes(result) == expected


@pytest.mark.parametrize('args, expected', [
    (([[1, 2], [3, 4]], [[2, 2], [3, 1]]), ['0x0.0p+0', '0x1.8000000000000p+0']),
    ((np.array([[1.5, 2.]]), np.array([[2, 5]])), ['0x1.8000000000000p+0']),
    ((tf.constant([[1, 2]]), tf.constant([[2, 5]])), ['0x1.8000000000000p+0']),
    ((np.array([1, 2, 3]), np.array([[2], [2], [1]])), ['0x0.0p+0', '0x0.0p+0', '0x1.0000000000000p+1']),
], ids=['lists', 'float_true', 'tensors', 'rank_lined_up'])
def test_huber_integer_predictions_other_inputs(args, expected):
    assert hexes(keras.losses.huber(*args)) == expected


def test_huber_int_row_and_loss_class():
    # keras.metrics.huber of int32 rows: 2/3 each (float inputs give 2/3 and 1/2); the Huber class casts first
    assert hexes(keras.metrics.huber(Y_TRUE.astype('int32'), Y_PRED.astype('int32'))) == \
        ['0x1.5555560000000p-1', '0x1.5555560000000p-1']
    assert hexes(keras.losses.Huber()(ZERO_TRUE, ZERO_PRED)) == ['0x1.5555560000000p+0']
    assert hexes(keras.losses.huber(Y_TRUE.astype('float32'), Y_PRED.astype('float32'))) == \
        ['0x1.5555560000000p-1', '0x1.0000000000000p-1']
