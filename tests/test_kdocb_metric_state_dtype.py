"""Metric state dtypes as Keras 3: add_variable defaults to floatx whatever the metric's dtype, so the
confusion metrics (TruePositives, Precision, Recall, AUC, *AtSensitivity/Specificity) and R2Score keep
float32 state, count in float32 and return float32 even with dtype='float64' or 'float16'; Mean/Sum,
F1Score and the IoU family pass their own dtype. Values (float bytes, hex) and dtypes from TensorFlow
2.21 + Keras 3.15 (np.random.RandomState(3) inputs).
"""
import numpy as np
import pytest

from framework import keras

RNG = np.random.RandomState(3)
YB = (RNG.rand(5, 3) > 0.5).astype('float32')
PB = RNG.rand(5, 3).astype('float32')
REG = RNG.randn(5, 3).astype('float32')
SW = RNG.rand(5).astype('float32')

CASES = [
    ('TruePositives', {}, lambda m: m.update_state(YB, PB, sample_weight=SW[:, None]), 'float32', '0962303f'),
    ('Precision', dict(thresholds=[0.3, 0.6]), lambda m: m.update_state(YB, PB, sample_weight=SW[:, None]),
     'float32', '7ae39e3eff3ae43e'),
    ('Recall', {}, lambda m: m.update_state(YB, PB, sample_weight=SW[:, None]), 'float32', '2cf9b13e'),
    ('AUC', dict(multi_label=True), lambda m: m.update_state(YB, PB), 'float32', 'abaaaa3e'),
    ('AUC', dict(curve='PR'), lambda m: m.update_state(YB, PB), 'float32', '7261f63e'),
    ('SensitivityAtSpecificity', dict(specificity=0.5), lambda m: m.update_state(YB, PB), 'float32', '2549923e'),
    ('IoU', dict(num_classes=2, target_class_ids=[1]), lambda m: m.update_state(YB, np.round(PB)), None, '8b2e3a3e'),
]


@pytest.mark.parametrize('dtype', ['float64', 'float16'])
@pytest.mark.parametrize('name, kw, update, state, want', CASES)
def test_state_dtype_and_result(name, kw, update, state, want, dtype):
    m = getattr(keras.metrics, name)(dtype=dtype, **kw)
    update(m)
    assert [v.dtype for v in m.variables] == [state or dtype] * len(m.variables)
    result = m.result()
    assert result.dtype == 'float32' and np.asarray(result).tobytes().hex() == want


@pytest.mark.parametrize('dtype, want', [('float64', '6f6ac4bf'), ('float16', 'f38ac4bf')])
def test_r2_state_is_float32(dtype, want):
    m = keras.metrics.R2Score(dtype=dtype)
    m.update_state(REG, PB, sample_weight=SW)
    assert [v.dtype for v in m.variables] == ['float32'] * 5
    assert m.result().dtype == 'float32' and np.asarray(m.result()).tobytes().hex() == want


@pytest.mark.parametrize('dtype, want', [('float64', '45bee80c2455d03f562a9bf09b88e23f0f8d1ada407cea3f'),
                                         ('float16', '1534a2389f3a')])
def test_f1_keeps_its_own_dtype(dtype, want):
    m = keras.metrics.F1Score(dtype=dtype)
    m.update_state(YB, PB, sample_weight=SW)
    assert [v.dtype for v in m.variables] == [dtype] * 4
    assert np.asarray(m.result()).tobytes().hex() == want


def test_custom_metric_variables_default_to_float32():
    class Counting(keras.metrics.Metric):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.seen = self.add_variable((), 'zeros', name='seen')

        def update_state(self, x):
            self.seen.assign_add(1.0)

        def result(self):
            return self.seen

    assert Counting(dtype='float64').seen.dtype == 'float32'
