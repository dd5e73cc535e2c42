"""Ragged reduce_mean over all axes and ragged.constant's row_splits_dtype check, as TF 2.21.

Expected values printed by TF 2.21 (/work/notes/progs/opsfuzz9/p11_ragged.py), e.g.
    print(tf.reduce_mean(tf.ragged.constant([[1, 2, 3], [], [4, 5]])))
"""
import numpy as np
import pytest

import framework as tf


def test_mean_of_all_int_values_is_the_sum_over_the_count_in_float64():
    rt = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
    out = tf.reduce_mean(rt)        # TF: tf.Tensor(3.0, shape=(), dtype=float64) (tapeflow: int32 3)
    assert out.dtype == tf.float64 and out.numpy() == 3.0
    kept = tf.reduce_mean(rt, keepdims=True)        # TF: [[3.]] float64
    assert kept.dtype == tf.float64 and kept.shape == (1, 1)
    # float values: TF 0x1.d333340000000p+0 (float32)
    assert float(tf.reduce_mean(tf.ragged.constant([[1.1, 2.2, 3.3], [0.7]])).numpy()).hex() == '0x1.d333340000000p+0'
    assert tf.reduce_mean(tf.ragged.constant([[[1., 2.]], [[3., 5.]]], ragged_rank=1)).numpy() == np.float32(2.75)


def test_row_splits_dtype_must_be_int32_or_int64():
    with pytest.raises(ValueError) as info:
        tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.float32)
    assert str(info.value) == 'row_splits must have dtype int32 or int64'
    with pytest.raises(ValueError):
        tf.ragged.constant([[1]], row_splits_dtype=tf.int16)
    assert tf.ragged.constant([1, 2], row_splits_dtype=tf.float32).shape == (2,)     # no splits: TF builds it
    assert tf.ragged.constant([[1]], row_splits_dtype=tf.int32).row_splits.dtype == tf.int32
