"""AUC's bucketed update with sample weights keeps TF 2.21's float32 rounding.

Keras 3 sums each bucket's weights with UnsortedSegmentSum (one by one, float32) and takes fn / tn as
ops.sum(labels' weights) - cumsum (Eigen's summation order), so fn and tn at the lowest threshold are
TF's rounding residue (1e-6, -5e-7), not 0. tapeflow summed the buckets in float64 and the totals with
numpy: weighted AUC histories were 1-2 ulps off (grid12 grid2 cases 10, 27: weighted_metrics=[AUC()]).
Golden bits from TF 2.21 (grid12 auc_gold.py: two update_state calls, then each variable's first
entry's bits and its float64 sum's bits).
"""
import numpy as np
import pytest

from framework import keras


def _data(n, k, seed):
    rng = np.random.RandomState(seed)
    y = np.eye(k, dtype='float32')[rng.randint(0, k, n)] if k > 1 else rng.randint(0, 2, (n, 1)).astype('float32')
    return y, rng.rand(n, k).astype('float32'), (rng.rand(n) + 0.5).astype('float32')


CASES = [
    ((16, 1, 0), {}, 1052529973, [1100604966, 1096220013, 897581056, 897581056],
     [4656619175062011904, 4655972985523404800, 4650333271811424256, 4655731833449742336]),
    ((8, 1, 1), {}, 1053412725, [1093157222, 1080762458, 0, 0],
     [4649202313705029632, 4643767279417294848, 4646574162180046848, 4653969208010342400]),
    ((24, 1, 2), dict(curve='PR'), 1055296784, [1106148852, 1101298092, 0, 905969664],
     [4656360586247929856, 4657111010625716224, 4656013872212213760, 4661006767646310400]),
    ((16, 3, 3), dict(multi_label=True), 1057569984, [1096251460, 1100396149, 0, 897581056],
     [4658874126712045568, 4663034215950647296, 4664618121539616768, 4659771011496411136]),
    ((40, 3, 4), {}, 1056523077, [1117898943, 1126287552, -1224736768, 922746880],
     [4664761114572357632, 4669575041102643200, 4670448679892549632, 4666100243707723776]),
]


@pytest.mark.parametrize('shape, options, result, firsts, sums', CASES)
def test_weighted_auc_state_is_tensorflows_to_the_bit(shape, options, result, firsts, sums):
    y, p, w = _data(*shape)
    metric = keras.metrics.AUC(**options)
    metric.update_state(y, p, sample_weight=w)
    metric.update_state(y[::-1], p, sample_weight=w)
    state = [np.asarray(v) for v in metric.variables]      # true_positives, false_positives, tn, fn
    assert [int(v.reshape(-1)[0].view('int32')) for v in state] == firsts
    assert [int(v.astype('float64').sum().view('int64')) for v in state] == sums
    assert np.float32(metric.result()).view('int32') == result


def test_unweighted_counts_stay_whole_numbers():
    y, p, _ = _data(40, 3, 4)
    metric = keras.metrics.AUC(num_thresholds=7)
    metric.update_state(y, p)
    tp, fp, tn, fn = (np.asarray(v) for v in metric.variables)
    assert (tp + fn == y.sum()).all() and (fp + tn == (1 - y).sum()).all()
    assert all((v == np.round(v)).all() for v in (tp, fp, tn, fn))
