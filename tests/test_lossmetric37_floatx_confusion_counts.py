"""Confusion metrics count in their variables' dtype, which is keras.backend.floatx() (Keras 3's Variable
default, whatever the metric's dtype): after set_floatx('float64') float32 weights add in float64, after
set_floatx('float16') in float16. tapeflow counted in float32 and cast the counts. Expected values printed
by TF 2.21 / Keras 3.15 for the same inputs.
"""
import numpy as np
import pytest

from framework import keras, metrics

Y_TRUE = np.array([[1., 0.], [1., 1.], [0., 1.]], 'float32')
Y_PRED = np.array([[0.7, 0.2], [0.9, 0.6], [0.3, 0.8]], 'float32')
WEIGHTS = np.array([0.1, 0.3, 0.7], 'float32')


def _state(metric):
    metric.update_state(Y_TRUE, Y_PRED, sample_weight=WEIGHTS)
    return [metric.result().numpy().tolist(), [v.numpy().tolist() for v in metric.variables]]


@pytest.mark.usefixtures('float64_floatx')
def test_precision_and_recall_count_in_float64():
    assert _state(metrics.Precision()) == [1.0, [[1.400000013411045], [0.0]]]      # float32 sums: 1.4000000476837158
    assert _state(metrics.Recall(thresholds=[0.25, 0.65])) == [
        [1.0, 0.7857142792520475], [[1.400000013411045, 1.1000000014901161], [0.0, 0.30000001192092896]]]
    assert _state(metrics.TruePositives()) == [1.400000013411045, [[1.400000013411045]]]


@pytest.mark.usefixtures('float64_floatx')
def test_auc_and_sensitivity_count_in_float64():
    expected = [[1.400000013411045, 1.400000013411045, 1.1000000014901161, 0.0], [0.7999999895691872, 0.0, 0.0, 0.0],
                [0.0, 0.7999999895691872, 0.7999999895691872, 0.7999999895691872],
                [0.0, 0.0, 0.30000001192092896, 1.400000013411045]]
    assert _state(metrics.AUC(num_thresholds=4)) == [1.0, expected]
    assert _state(metrics.SensitivityAtSpecificity(0.5, num_thresholds=4)) == [1.0, expected]
    multi = _state(metrics.AUC(num_thresholds=4, multi_label=True))
    assert multi[1][0] == [[0.4000000134110451, 1.0], [0.4000000134110451, 1.0], [0.4000000134110451, 0.699999988079071],
                           [0.0, 0.0]]


def test_auc_counts_in_float16_floatx():
    keras.backend.set_floatx('float16')
    try:
        assert _state(metrics.Precision()) == [1.0, [[1.400390625], [0.0]]]
        assert _state(metrics.AUC(num_thresholds=4)) == [0.99951171875, [
            [1.3994140625, 1.3994140625, 1.099609375, 0.0], [0.80029296875, 0.0, 0.0, 0.0],
            [0.0, 0.80029296875, 0.80029296875, 0.80029296875], [0.0009765625, 0.0009765625, 0.30078125, 1.400390625]]]
    finally:
        keras.backend.set_floatx('float32')
