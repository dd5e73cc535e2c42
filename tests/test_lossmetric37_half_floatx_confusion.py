"""Confusion metrics after keras.backend.set_floatx('bfloat16' / 'float16'), as TF 2.21 / Keras 3.15 count:

- AUC's bucket of a prediction is ceil(y_pred * (num_thresholds - 1)) - 1 multiplied in the state's dtype
  (numpy promoted bfloat16 to float32, moving predictions near a bucket edge);
- bfloat16 sums (weighted counts, multi-label totals) add in float32 and round once, as TF's Sum;
- a multi-label AUC averages the labels' areas with ops.mean: in float32, rounded back once.

Expected values printed by the reference environment for the same seeded inputs.
"""
import numpy as np
import pytest

from framework import keras, metrics

_G = np.random.RandomState(7)
Y_TRUE = (_G.uniform(size=(40,)) > 0.5).astype('float32')
Y_PRED = _G.uniform(size=(40,)).astype('float32')
WEIGHTS = _G.uniform(size=40).astype('float32')
LABELS = (_G.uniform(size=(30, 3)) > 0.5).astype('float32')
SCORES = _G.uniform(size=(30, 3)).astype('float32')
LABEL_WEIGHTS = _G.uniform(size=30).astype('float32')


@pytest.fixture
def floatx():
    def use(dtype):
        keras.backend.set_floatx(dtype)
    yield use
    keras.backend.set_floatx('float32')


def _state(metric, y_true, y_pred, sample_weight=None):
    metric.update_state(y_true, y_pred, sample_weight=sample_weight)
    return float(metric.result()).hex(), [np.asarray(v.numpy(), 'float32').tolist() for v in metric.variables]


def test_bfloat16_auc_buckets_in_bfloat16(floatx):
    floatx('bfloat16')
    result, (tp, fp, tn, fn) = _state(metrics.AUC(), Y_TRUE, Y_PRED)
    assert result == '0x1.1c00000000000p-1'
    assert tp[80:86] == [13.0, 13.0, 12.0, 12.0, 11.0, 10.0]
    assert fp[24:28] == [19.0, 19.0, 18.0, 18.0] and fp[88:94] == [12.0, 12.0, 11.0, 11.0, 10.0, 10.0]


def test_float16_auc_buckets_in_float16(floatx):
    floatx('float16')
    result, (tp, _, _, _) = _state(metrics.AUC(), Y_TRUE, Y_PRED)
    assert result == '0x1.1c40000000000p-1'
    assert tp[186:194] == [3.0, 3.0, 2.0, 2.0, 2.0, 1.0, 0.0, 0.0]


def test_bfloat16_weighted_counts_add_in_float32(floatx):
    floatx('bfloat16')
    assert _state(metrics.Precision(thresholds=0.3), Y_TRUE, Y_PRED, WEIGHTS) == (
        '0x1.1a00000000000p-1', [[9.5], [7.71875]])


def test_bfloat16_multi_label_auc(floatx):
    floatx('bfloat16')
    result, (tp, fp, tn, fn) = _state(metrics.AUC(multi_label=True, num_thresholds=9), LABELS, SCORES, LABEL_WEIGHTS)
    assert result == '0x1.f800000000000p-2'
    assert tn[:3] == [[0.0, 0.0625, 0.0625], [0.5, 2.3125, 0.4375], [2.625, 3.0625, 1.96875]]
    assert fn[:3] == [[0.0, 0.0, 0.0], [0.40625, 1.28125, 1.8125], [0.40625, 1.59375, 3.515625]]
    result, (_, fp, tn, _) = _state(metrics.AUC(multi_label=True, num_thresholds=9), LABELS, SCORES)
    assert result == '0x1.dc00000000000p-2'
    assert fp[7] == [2.0, 3.0, 5.0] and tn[7] == [12.0, 14.0, 11.0]


def test_float16_multi_label_auc_averages_in_float32(floatx):
    floatx('float16')
    result, (_, _, tn, fn) = _state(metrics.AUC(multi_label=True, num_thresholds=9), LABELS, SCORES, LABEL_WEIGHTS)
    assert result == '0x1.f9c0000000000p-2'
    assert tn[:2] == [[0.0, 0.0, -0.0078125], [0.484375, 2.25, 0.3828125]]
    assert fn[:2] == [[0.0, -0.00390625, 0.0], [0.41796875, 1.26953125, 1.80078125]]
