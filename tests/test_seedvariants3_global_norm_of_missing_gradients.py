"""tf.clip_by_global_norm / tf.linalg.global_norm of a gradient list with None entries (a tape's missing
gradients), eager and in a tf.function. Expected values printed by TF 2.21 (/opt/tfref/bin/python):
    print(tf.clip_by_global_norm([None, None], 1.0)); print(repr(tf.linalg.global_norm([])))
and, traced, print(n), print(m, b) for the two calls in test_traced_names_skip_none_but_keep_indices."""
import numpy as np

import framework as tf


def test_all_none_or_empty_lists_have_a_zero_float32_norm():
    # TF 2.21: ([None, None], <tf.Tensor: shape=(), dtype=float32, numpy=0.0>); global_norm([]) the same 0.0
    clipped, norm = tf.clip_by_global_norm([None, None], 1.0)
    assert clipped == [None, None]
    assert norm.dtype == tf.float32 and norm.shape == () and float(norm) == 0.0
    empty = tf.linalg.global_norm([])
    assert repr(empty) == '<tf.Tensor: shape=(), dtype=float32, numpy=0.0>'
    clipped, norm = tf.clip_by_global_norm([], 2.0)
    assert clipped == [] and float(norm) == 0.0


def test_none_entries_are_skipped_beside_tensors():
    clipped, norm = tf.clip_by_global_norm([tf.constant([3.0]), None, tf.constant([4.0])], 1.0)
    assert clipped[1] is None and np.isclose(float(norm), 5.0)
    assert np.allclose(clipped[0].numpy(), [0.6]) and np.allclose(clipped[2].numpy(), [0.8])


def test_traced_names_skip_none_but_keep_indices():
    # TF 2.21 prints Tensor("global_norm/global_norm:0", ...) for the all-None call, then
    # Tensor("global_norm_1/global_norm:0", ...) [<tf.Tensor 'clip_by_global_norm_1/clip_by_global_norm_1/_0:0'
    # shape=(1,) dtype=float32>, None, <tf.Tensor 'clip_by_global_norm_1/clip_by_global_norm_1/_2:0' ...>]
    seen = []

    @tf.function
    def clip():
        _, n = tf.clip_by_global_norm([None], 1.0)
        b, m = tf.clip_by_global_norm([tf.constant([3.0]), None, tf.constant([4.0])], 1.0)
        seen.append((str(n), str(m), repr(b)))
        return n

    assert float(clip()) == 0.0
    n, m, b = seen[0]
    assert n == 'Tensor("global_norm/global_norm:0", shape=(), dtype=float32)'
    assert m == 'Tensor("global_norm_1/global_norm:0", shape=(), dtype=float32)'
    assert b == ("[<tf.Tensor 'clip_by_global_norm_1/clip_by_global_norm_1/_0:0' shape=(1,) dtype=float32>, None, "
                 "<tf.Tensor 'clip_by_global_norm_1/clip_by_global_norm_1/_2:0' shape=(1,) dtype=float32>]")
