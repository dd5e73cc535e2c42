"""tf.edit_distance: values pinned to TF 2.21 (/work/notes/progs/tfops/c1.py run with /opt/tfref)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

H = tf.sparse.from_dense(tf.constant([[1, 2, 3, 0], [4, 5, 0, 0], [0, 0, 0, 0]]))
T = tf.sparse.from_dense(tf.constant([[1, 3, 3, 4], [5, 4, 0, 0], [7, 0, 0, 0]]))


def _check(out, expected):
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), np.asarray(expected, np.float32))


def test_tf_docstring_example():
    hyp = tf.SparseTensor([[0, 0, 0], [1, 0, 0]], ['a', 'b'], (2, 1, 1))
    truth = tf.SparseTensor([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]], ['a', 'b', 'c', 'a'], (2, 2, 2))
    _check(tf.edit_distance(hyp, truth, normalize=True), [[np.inf, 1.], [0.5, 1.]])
    _check(tf.edit_distance(hyp, truth, normalize=False), [[1., 1.], [1., 1.]])


def test_integer_sequences_match_tf():
    _check(tf.edit_distance(H, T), [0.5, 1., 1.])
    _check(tf.edit_distance(H, T, normalize=False), [2., 2., 1.])
    _check(tf.edit_distance(T, H), [np.float32(2) / np.float32(3), 1., np.inf])


def test_empty_sequences_match_tf():
    empty = tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.constant([], tf.int32), [2, 3])
    _check(tf.edit_distance(empty, empty), [0., 0.])
    no_truth = tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.constant([], tf.int32), [3, 4])
    _check(tf.edit_distance(H, no_truth), [np.inf, np.inf, 0.])
    f = tf.sparse.from_dense(tf.constant([[1.5, 2.5], [0., 3.]]))
    _check(tf.edit_distance(f, tf.sparse.from_dense(tf.constant([[1.5, 0.], [3., 3.]]))), [1., 0.5])


def test_bad_input_raises_as_tf():
    with pytest.raises(InvalidArgumentError, match='edit_distance'):
        tf.edit_distance(H, tf.sparse.from_dense(tf.constant([[1.]])))
    with pytest.raises(InvalidArgumentError, match='Input SparseTensors must have rank at least 2, but truth_shape '
                                                   'rank is: 1'):
        tf.edit_distance(H, tf.sparse.from_dense(tf.constant([1, 2])))
    with pytest.raises(TypeError, match='Hypothesis must be a SparseTensor'):
        tf.edit_distance(tf.constant([[1, 2]]), T)


# The framework.ops names this file checks (no gradient: TF registers none), for test_op_gradients.
COVERED_HERE = {'edit_distance'}
SWEEP_CALLS = {'edit_distance': ((H, T), {})}
