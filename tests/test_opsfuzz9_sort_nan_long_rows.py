"""tf.argsort / tf.math.top_k of rows longer than 16 values holding NaN, in TF 2.21's order: its TopKV2 kernel
sorts a whole row with libstdc++'s std::sort (introsort, then insertion sort), and NaN, neither greater nor less
than anything, lands wherever that algorithm leaves it. Replayed by framework/ops/libstdcxx_sort.py.

Expected indices printed by TF 2.21 (/work/notes/progs/opsfuzz9/p16_sort_nan_rows.py):
    print(tf.argsort(tf.constant(row)).numpy().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework.ops.libstdcxx_sort import std_sort

nan, inf = np.nan, np.inf

ROW_18 = [3., nan, 1., 0., nan, 2., -inf, 1., nan, 0., 5., nan, 2., 1., nan, 3., 0., 4.]
ROW_33 = [nan, 1., 0., -inf, 1., nan, nan, 0., 2., 1., 0., nan, -inf, 3., 1., nan, 2., 0., 1., nan, 1., 0., 7., nan,
          2., 1., 0., nan, 1., 0., 3., nan, 1.]


@pytest.mark.parametrize('row, ascending, descending', [
    (ROW_18, [6, 3, 9, 16, 2, 7, 5, 0, 15, 17, 14, 13, 12, 11, 10, 8, 4, 1],
     [10, 17, 15, 5, 2, 9, 16, 14, 0, 12, 7, 13, 11, 8, 6, 4, 3, 1]),
    (ROW_33, [3, 17, 26, 19, 21, 23, 12, 10, 27, 7, 29, 1, 25, 28, 31, 2, 18, 20, 32, 16, 15, 14, 24, 13, 22, 11, 9, 8,
              6, 5, 4, 30, 0],
     [22, 30, 32, 0, 31, 28, 27, 8, 24, 25, 23, 20, 19, 13, 16, 1, 4, 14, 18, 2, 7, 29, 5, 9, 26, 6, 15, 10, 21, 11,
      17, 3, 12]),
])
def test_long_rows_with_nan(row, ascending, descending):
    x = tf.constant(row)
    assert tf.argsort(x).numpy().tolist() == ascending
    assert tf.argsort(x, direction='DESCENDING').numpy().tolist() == descending
    assert tf.math.top_k(x, len(row)).indices.numpy().tolist() == descending


def test_std_sort_sorts_a_strict_weak_order_like_sorted():
    rng = np.random.RandomState(3)
    for n in (0, 1, 16, 17, 40, 300):
        values = rng.randint(0, 50, size=n).tolist()
        assert std_sort(list(values), lambda a, b: a < b) == sorted(values)
