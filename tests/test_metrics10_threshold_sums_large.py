"""Precision / Recall / TruePositives & co with a thresholds list on more than 65,536 weighted predictions.

Keras sums each threshold's row of weighted hits with ops.sum(..., axis=1); TF 2.21's Sum kernel adds a
long row in Eigen's tree order, so the counts' last bit (and Precision's, Recall's) depend on it.
Golden values printed by TF 2.21 (/work/notes/progs/metrics10/t1.py):

    rng = np.random.RandomState(4); N = 70000
    yt = (rng.rand(N) > .4).astype('float32'); yp = rng.rand(N).astype('float32'); sw = rng.rand(N).astype('float32')
    m = C(thresholds=[.2, .5]); m.update_state(yt, yp, sw)
    print(C.__name__, [float(v).hex() for v in np.asarray(m.result())])
"""
import numpy as np
import pytest

from framework import keras

TF_PRINTED = {
    'TruePositives': ['0x1.05a1de0000000p+14', '0x1.44b5800000000p+13'],
    'FalsePositives': ['0x1.5bb91c0000000p+13', '0x1.b17ba40000000p+12'],
    'Precision': ['0x1.3398540000000p-1', '0x1.330c280000000p-1'],
    'Recall': ['0x1.983b380000000p-1', '0x1.faa6c40000000p-2'],
}


def _inputs():
    rng = np.random.RandomState(4)
    n = 70000
    y_true = (rng.rand(n) > .4).astype('float32')
    y_pred = rng.rand(n).astype('float32')
    weights = rng.rand(n).astype('float32')
    return y_true, y_pred, weights


@pytest.mark.parametrize('name', sorted(TF_PRINTED))
def test_weighted_counts_at_listed_thresholds_carry_tf_last_bit(name):
    metric = getattr(keras.metrics, name)(thresholds=[.2, .5])
    y_true, y_pred, weights = _inputs()
    metric.update_state(y_true, y_pred, sample_weight=weights)
    assert [float(v).hex() for v in np.asarray(metric.result())] == TF_PRINTED[name]


@pytest.mark.parametrize('thresholds, curve, printed', [
    ([.1, .4, .8], 'ROC', '0x1.fe69b40000000p-2'),
    ([.1, .5, .7], 'PR', '0x1.3327d00000000p-1'),
    ([.25, .6], 'PR', '0x1.33b40a0000000p-1'),
    ([.3, .35, .5, .9], 'PR', '0x1.3346a80000000p-1'),
])
def test_auc_with_listed_thresholds_on_many_predictions(thresholds, curve, printed):
    # TF 2.21: print(float(AUC(thresholds=..., curve=...).result()).hex()) after the same update
    # (/work/notes/progs/metrics10/t2.py)
    metric = keras.metrics.AUC(thresholds=thresholds, curve=curve)
    y_true, y_pred, weights = _inputs()
    metric.update_state(y_true, y_pred, sample_weight=weights)
    assert float(metric.result()).hex() == printed


@pytest.mark.parametrize('options, printed', [
    ({}, '0x1.fee1d80000000p-2'),
    ({'label_weights': [.1, .2, .3, .4]}, '0x1.fe40940000000p-2'),
    ({'curve': 'PR'}, '0x1.00dba80000000p-1'),
    ({'num_thresholds': 3}, '0x1.fdeb900000000p-2'),
])
def test_multi_label_auc_label_totals_on_many_samples(options, printed):
    # Keras's optimized update sums each label's weights (tn, fn at the lowest threshold) with
    # ops.sum(..., axis=1) over 25,000 samples. Printed by TF 2.21 (/work/notes/progs/metrics10/t3.py):
    #   rng = np.random.RandomState(5); N = 25000
    #   yt = (rng.rand(N, 4) > .5).astype('float32'); yp = rng.rand(N, 4).astype('float32')
    #   sw = rng.rand(N).astype('float32')
    #   m = keras.metrics.AUC(multi_label=True, **options); m.update_state(yt, yp, sw)
    #   print(float(m.result()).hex())
    rng = np.random.RandomState(5)
    n = 25000
    y_true = (rng.rand(n, 4) > .5).astype('float32')
    y_pred = rng.rand(n, 4).astype('float32')
    weights = rng.rand(n).astype('float32')
    metric = keras.metrics.AUC(multi_label=True, **options)
    metric.update_state(y_true, y_pred, sample_weight=weights)
    assert float(metric.result()).hex() == printed
