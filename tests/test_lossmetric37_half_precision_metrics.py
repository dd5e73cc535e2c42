"""Metrics in float16 / bfloat16 reduce as Keras 3.15 on TF 2.21: keras.ops.mean and ops.var average half
precision in float32 and round back once (ops.std does not). tapeflow averaged in the half type:

- Mean's per-sample mean of (N, k) values and of (N, k) weights (RootMeanSquaredError feeds it squares);
- MeanSquaredError / MeanAbsoluteError metrics on float16 arrays (their fast path);
- pearson_correlation / concordance_correlation's means and variances;
- F1Score / FBetaScore's macro average.

Expected values (float.hex) printed by the reference environment for the same seeded inputs.
"""
import numpy as np
import pytest

import framework as tf
from framework import metrics

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _hexes(tensor):
    return [float(v).hex() for v in np.asarray(tf.cast(tensor, 'float32')).reshape(-1)]


def _state(metric, *args, **kwargs):
    metric.update_state(*args, **kwargs)
    return [_hexes(metric.result())] + [_hexes(v) for v in metric.variables]


def _pair(seed, shape=(8, 5), dtype='float32'):
    g = np.random.RandomState(seed)
    return (g.uniform(size=shape).astype(dtype), g.uniform(0.05, 0.95, size=shape).astype(dtype),
            g.uniform(size=shape).astype(dtype))


def test_mean_averages_bfloat16_rows_in_float32():
    values, _, _ = _pair(2)
    assert _state(metrics.Mean(dtype='bfloat16'), tf.cast(values * 3, 'bfloat16')) == [
        ['0x1.3800000000000p+0'], ['0x1.3800000000000p+3'], ['0x1.0000000000000p+3']]


def test_mean_averages_float16_weights_per_sample_in_float32():
    values, _, weights = _pair(0)
    state = _state(metrics.Mean(dtype='float16'), tf.cast(values * 3, 'float16'), sample_weight=tf.cast(weights, 'float16'))
    assert state == [['0x1.b980000000000p+0'], ['0x1.c580000000000p+2'], ['0x1.0700000000000p+2']]


def test_root_mean_squared_error_float16():
    y_true, y_pred, _ = _pair(0)
    assert _state(metrics.RootMeanSquaredError(dtype='float16'), y_true, y_pred) == [
        ['0x1.d980000000000p-2'], ['0x1.b600000000000p+0'], ['0x1.0000000000000p+3']]


def test_mean_squared_and_absolute_error_on_float16_arrays():
    y_true, y_pred, _ = _pair(1, (16, 7), 'float16')
    assert _state(metrics.MeanAbsoluteError(dtype='float16'), y_true, y_pred) == [
        ['0x1.6140000000000p-2'], ['0x1.6140000000000p+2'], ['0x1.0000000000000p+4']]
    assert _state(metrics.MeanSquaredError(dtype='float16'), y_true, y_pred) == [
        ['0x1.65c0000000000p-3'], ['0x1.65c0000000000p+1'], ['0x1.0000000000000p+4']]
    y_true, y_pred, _ = _pair(3, (16, 7), 'float16')
    assert _state(metrics.MeanAbsoluteError(dtype='float16'), tf.constant(y_true), tf.constant(y_pred)) == [
        ['0x1.3980000000000p-2'], ['0x1.3980000000000p+2'], ['0x1.0000000000000p+4']]


def _correlation_inputs(dtype):
    g = np.random.RandomState(3)
    y_true = g.uniform(size=(5, 3)).astype('float32')
    y_pred = g.uniform(0.05, 0.95, size=(5, 3)).astype('float32')
    return tf.cast(y_true, dtype), tf.cast(y_pred, dtype)


def test_correlations_take_float32_means_and_variances():
    assert _hexes(metrics.concordance_correlation(*_correlation_inputs('float16'))) == [
        '-0x1.3ec0000000000p-1', '0x1.fb40000000000p-5', '0x1.7480000000000p-4', '-0x1.fa40000000000p-2',
        '0x1.4b80000000000p-2']
    assert _hexes(metrics.pearson_correlation(*_correlation_inputs('float16'))) == [
        '-0x1.82c0000000000p-1', '0x1.3a00000000000p-1', '0x1.0240000000000p-1', '-0x1.c340000000000p-1',
        '0x1.6a00000000000p-2']
    assert _hexes(metrics.pearson_correlation(*_correlation_inputs('bfloat16'))) == [
        '-0x1.8400000000000p-1', '0x1.3c00000000000p-1', '0x1.0400000000000p-1', '-0x1.c400000000000p-1',
        '0x1.6c00000000000p-2']


def test_macro_f_scores_average_half_precision_in_float32():
    g = np.random.RandomState(11)
    y_true = (g.uniform(size=(20, 3)) > 0.5).astype('float32')
    y_pred = g.uniform(size=(20, 3)).astype('float32')
    weights = g.uniform(size=20).astype('float32')
    f1 = metrics.F1Score(average='macro', threshold=0.4, dtype='float16')
    f1.update_state(y_true, y_pred, sample_weight=weights)
    assert float(f1.result()).hex() == '0x1.c380000000000p-2'
    for dtype, threshold, expected in [('float16', 0.5, '0x1.be80000000000p-2'), ('float16', None, '0x1.61c0000000000p-2')]:
        f_beta = metrics.FBetaScore(average='macro', beta=2.0, threshold=threshold, dtype=dtype)
        f_beta.update_state(y_true, y_pred)
        assert float(f_beta.result()).hex() == expected, (dtype, threshold)
    f1 = metrics.F1Score(average='macro', threshold=0.5, dtype='bfloat16')
    f1.update_state(y_true, y_pred, sample_weight=weights)
    assert float(f1.result()).hex() == '0x1.d400000000000p-2'
