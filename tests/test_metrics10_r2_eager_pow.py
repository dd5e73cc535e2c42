"""R2Score updated eagerly on more than 256 values: Keras's `(y_true - y_pred) ** 2` runs TF's Pow kernel
(Eigen's pow, which is not x * x in the last bit), so total_mse and the score carry its rounding.

Golden values printed by TF 2.21 (/work/notes/progs/metrics10/t4.py):

    rng = np.random.RandomState(6); N = 4000
    yt = rng.randn(N, 3).astype('float32'); yp = (yt + rng.randn(N, 3) * .5).astype('float32')
    sw = rng.rand(N).astype('float32')
    m = keras.metrics.R2Score(**options); m.update_state(yt, yp, sample_weight=w)
    print([float(v).hex() for v in np.ravel(m.result())], [float(v).hex() for v in np.asarray(m.total_mse)])
"""
import numpy as np
import pytest

from framework import keras

UNWEIGHTED_TOTAL_MSE = ['0x1.fabde60000000p+9', '0x1.d9b71c0000000p+9', '0x1.f3ce2c0000000p+9']
WEIGHTED_TOTAL_MSE = ['0x1.f7d5820000000p+8', '0x1.d540de0000000p+8', '0x1.f0cfdc0000000p+8']


def _inputs():
    rng = np.random.RandomState(6)
    n = 4000
    y_true = rng.randn(n, 3).astype('float32')
    y_pred = (y_true + rng.randn(n, 3) * .5).astype('float32')
    return y_true, y_pred, rng.rand(n).astype('float32')


@pytest.mark.parametrize('options, weighted, score, total_mse', [
    ({}, False, ['0x1.7fcd1a0000000p-1'], UNWEIGHTED_TOTAL_MSE),
    ({}, True, ['0x1.7ff7a00000000p-1'], WEIGHTED_TOTAL_MSE),
    ({'class_aggregation': None}, False,
     ['0x1.7ac53e0000000p-1', '0x1.81cf8a0000000p-1', '0x1.82d2840000000p-1'], UNWEIGHTED_TOTAL_MSE),
    ({'class_aggregation': 'variance_weighted_average'}, True, ['0x1.8005720000000p-1'], WEIGHTED_TOTAL_MSE),
])
def test_r2_score_squares_residuals_with_tf_pow(options, weighted, score, total_mse):
    y_true, y_pred, weights = _inputs()
    metric = keras.metrics.R2Score(**options)
    metric.update_state(y_true, y_pred, sample_weight=weights if weighted else None)
    assert [float(v).hex() for v in np.ravel(metric.result())] == score
    assert [float(v).hex() for v in np.asarray(metric.total_mse)] == total_mse
