"""Under set_tf_exact_math(True), sums over the last axis of float32 arrays past 65,536 values take
TensorFlow's order (Eigen's packets, eigen_sum.row_sums) too: the anomaly-detection tutorial's
``tf.keras.losses.mae(reconstructions, normal_train_data)`` over 2,359 x 140 values (its threshold is
mean + std of those losses) read one ulp off TF's on about half the rows, since arrays of that size
kept numpy's pairwise sum in every mode. The default mode keeps numpy's sum there (a cost policy).

Golden bits: TF 2.21 on the same arrays (progs/tutorials28/rowsum_golden.py), printed as
``.view(np.uint32).tolist()``; numpy's sum differs on 9 of the 18 listed rows and 15 of the 40 sums.
"""
import numpy as np

import framework as tf

ROWS = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2358]
MAE_BITS = [1051400517, 1052339015, 1050862900, 1050840909, 1051208452, 1052112816, 1051208730, 1050823921,
            1051077339, 1051676403, 1051244402, 1051792770, 1051245638, 1050913355, 1051475943, 1050730043,
            1051853743, 1052347686]
SUM_BITS = [1149460259, 1149295353, 1149316387, 1149663754, 1149457895, 1149532129, 1149365130, 1149387621,
            1149522429, 1149441129, 1149374570, 1149407568, 1149418797, 1149497148, 1149480003, 1149333786,
            1149414070, 1149424499, 1149469757, 1149455371, 1149418172, 1149441460, 1149655267, 1149348942,
            1149314354, 1149451838, 1149402318, 1149509675, 1149341994, 1149445924, 1149502781, 1149462932,
            1149346170, 1149509400, 1149416834, 1149252198, 1149403462, 1149467474, 1149514222, 1149550045]


def _arrays():
    r = np.random.RandomState(28)
    return r.rand(2359, 140).astype(np.float32), r.rand(2359, 140).astype(np.float32)


def test_mae_over_2359_rows_of_140_has_tf_bits(exact_math):
    a, b = _arrays()
    mae = tf.keras.losses.mae(a, tf.constant(b)).numpy()
    assert mae[ROWS].view(np.uint32).tolist() == MAE_BITS


def test_reduce_sum_of_40_rows_of_2100_has_tf_bits(exact_math):
    a, _ = _arrays()
    s = tf.reduce_sum(tf.constant(a[:600].reshape(40, 2100)), axis=-1).numpy()
    assert s.view(np.uint32).tolist() == SUM_BITS
