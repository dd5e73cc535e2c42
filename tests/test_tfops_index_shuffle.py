"""tf.random_index_shuffle: TF 2.21's permutations (its Simon-cipher kernel, cycle-walked) for several seeds,
dtypes, block sizes and per-index seeds (/work/notes/progs/tfops/i1.py run with /opt/tfref)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_permutations_match_tf():
    out = tf.random_index_shuffle(5, [1, 2, 3], 9)
    assert out.dtype == tf.int32 and out.shape == () and int(out) == 1
    assert tf.random_index_shuffle(tf.range(10), [1, 2, 3], 9).numpy().tolist() == [2, 0, 6, 4, 8, 1, 7, 9, 5, 3]
    out = tf.random_index_shuffle(tf.range(10, dtype=tf.int64), tf.constant([7, 8, 9], tf.int64), 9, rounds=6)
    assert out.dtype == tf.int64 and out.numpy().tolist() == [6, 5, 0, 3, 8, 2, 9, 1, 4, 7]
    out = tf.random_index_shuffle(tf.cast(tf.range(20), tf.uint64), tf.constant([4, 0, 2 ** 31], tf.uint64),
                                  tf.constant(99, tf.uint64))
    assert out.numpy().tolist() == [65, 68, 78, 24, 23, 90, 21, 53, 93, 31, 44, 83, 15, 51, 19, 61, 66, 33, 80, 20]
    assert tf.random_index_shuffle(tf.constant([3, 70000]), [11, 12, 13], 100000).numpy().tolist() == [39994, 31578]
    assert tf.random_index_shuffle(tf.constant([3, 4]), [[1, 2, 3], [4, 5, 6]], [5, 9]).numpy().tolist() == [4, 2]
    assert int(tf.random_index_shuffle(0, [1, 2, 3], 0)) == 0
    assert sorted(tf.random_index_shuffle(tf.range(1000), [5, 6, 7], 999).numpy().tolist()) == list(range(1000))


def test_bad_input_raises_as_tf():
    with pytest.raises(InvalidArgumentError, match="Value for attr 'dtype' of float is not in the list"):
        tf.random_index_shuffle(5.0, [1, 2, 3], 9)
    with pytest.raises(InvalidArgumentError, match=r'Seed must be a vector of size \[3\] or a matrix of size \[1, 3\] '
                                                   r'but got \[2\]'):
        tf.random_index_shuffle(5, [1, 2], 9)


# The framework.ops names this file checks (an integer op: no gradient), for test_op_gradients.
COVERED_HERE = {'random_index_shuffle'}
SWEEP_CALLS = {'random_index_shuffle': ((np.array([1, 2], np.int32), np.array([1, 2, 3], np.int32), 9), {})}
