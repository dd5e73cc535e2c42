"""tf.tensor_scatter_nd_max / min skip NaN updates, as TF 2.21's CPU kernel (cwiseMax / cwiseMin: std::max keeps the
element unless the update is larger), while a NaN element stays NaN. Golden values printed by TF 2.21
(notes/progs/opsfuzz10/p14.py, p15.py)."""
import numpy as np

import framework as tf


def _as_list(t):
    return [None if np.isnan(v) else v for v in t.numpy().ravel().tolist()]


def test_max_with_a_nan_among_repeated_updates():
    t = np.zeros(5, np.float32)
    idx = np.array([[1], [1], [3], [1]])
    got = tf.tensor_scatter_nd_max(t, idx, np.array([np.nan, 1., 2., 3.], np.float32))
    assert got.numpy().tolist() == [0.0, 3.0, 0.0, 2.0, 0.0]
    got = tf.tensor_scatter_nd_max(t, idx, np.array([1., np.nan, 2., 3.], np.float32))
    assert got.numpy().tolist() == [0.0, 3.0, 0.0, 2.0, 0.0]


def test_nan_updates_leave_elements_and_nan_elements_stay():
    t = np.array([0., np.nan, 1.0, -np.inf], np.float32)
    idx = np.array([[0], [1], [2], [3], [0]])
    u = np.array([np.nan, 2.0, np.nan, np.nan, -1.0], np.float32)
    for dtype in (np.float32, np.float64):
        assert _as_list(tf.tensor_scatter_nd_max(t.astype(dtype), idx, u.astype(dtype))) == [0.0, None, 1.0, -np.inf]
        assert _as_list(tf.tensor_scatter_nd_min(t.astype(dtype), idx, u.astype(dtype))) == [-1.0, None, 1.0, -np.inf]


def test_nan_in_slice_updates():
    got = tf.tensor_scatter_nd_max(np.zeros((2, 2), np.float32), np.array([[1], [1]]),
                                   np.array([[np.nan, 3.], [4., np.nan]], np.float32))
    assert got.numpy().tolist() == [[0.0, 0.0], [4.0, 3.0]]
    got = tf.tensor_scatter_nd_min(np.zeros((2, 2), np.float32), np.array([[1], [1]]),
                                   np.array([[np.nan, 3.], [4., np.nan]], np.float32))
    assert got.numpy().tolist() == [[0.0, 0.0], [0.0, 0.0]]
