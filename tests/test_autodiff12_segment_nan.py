"""NaN in segment max / min as TF 2.21's CPU kernels compute them (notes/progs/autodiff12/x_segnan.py,
x_segnan2.py; tapeflow propagated every NaN, as numpy's maximum.at).

TF folds a segment's rows in order as acc = (x < acc) ? acc : x (min mirrored): a NaN is taken
and the next row replaces it, so only a NaN in the last row survives. The sorted kernels reduce
whole AVX packets of a row (8 float32, 4 float64 values) with a NaN-skipping max instead.
"""
import numpy as np
import pytest

import framework as tf

NAN = float('nan')


def _same(got, want):
    np.testing.assert_array_equal(np.asarray(got.numpy(), np.float64), np.array(want, np.float64))


@pytest.mark.parametrize('values, maximum, minimum', [
    ([NAN, 1.0], 1.0, 1.0),
    ([1.0, NAN], NAN, NAN),
    ([NAN, NAN], NAN, NAN),
    ([2.0, NAN, 1.0], 1.0, 1.0),
    ([NAN, 3.0, 1.0], 3.0, 1.0),
])
def test_a_nan_is_replaced_by_the_next_row(values, maximum, minimum):
    t = tf.constant(values)
    ids = [0] * len(values)
    _same(tf.math.segment_max(t, ids), [maximum])
    _same(tf.math.segment_min(t, ids), [minimum])
    _same(tf.math.unsorted_segment_max(t, ids, 1), [maximum])
    _same(tf.math.unsorted_segment_min(t, ids, 1), [minimum])


def test_rows_segments_and_dropped_ids():
    d = tf.constant([[NAN, 1.0], [2.0, NAN], [0.5, 3.0], [NAN, -1.0], [4.0, 2.0]])
    # TF 2.21 outputs
    _same(tf.math.segment_max(d, [0, 0, 0, 1, 1]), [[2.0, 3.0], [4.0, 2.0]])
    _same(tf.math.segment_min(d, [0, 0, 1, 1, 1]), [[2.0, NAN], [4.0, -1.0]])
    lowest = float(np.finfo(np.float32).min)
    _same(tf.math.unsorted_segment_max(d, [1, 0, 1, 0, 2], 4),
          [[NAN, -1.0], [0.5, 3.0], [4.0, 2.0], [lowest, lowest]])
    _same(tf.math.unsorted_segment_min(d, [2, 2, -1, 0, 2], 3), [[NAN, -1.0], [-lowest, -lowest], [2.0, 2.0]])
    _same(tf.math.segment_max(tf.constant([1.0, NAN]), [0, 2]), [1.0, 0.0, NAN])


@pytest.mark.parametrize('dtype, width', [(np.float32, 9), (np.float32, 17), (np.float64, 5), (np.float64, 8)])
def test_sorted_kernels_skip_nan_in_whole_packets(dtype, width):
    d = np.array([[2.0] * width, [NAN] * width, [1.0] * width], dtype)
    packed = width // (8 if dtype == np.float32 else 4) * (8 if dtype == np.float32 else 4)
    tail = width - packed
    _same(tf.math.segment_max(tf.constant(d), [0, 0, 0])[0], [2.0] * packed + [1.0] * tail)
    _same(tf.math.segment_max(tf.constant(np.full((2, width), NAN, dtype)), [0, 0])[0],
          [-np.inf] * packed + [NAN] * tail)
    _same(tf.math.segment_min(tf.constant(d[::-1].copy()), [0, 0, 0])[0], [1.0] * packed + [2.0] * tail)
    # the unsorted kernels fold every element in row order
    _same(tf.math.unsorted_segment_max(tf.constant(d), [0, 0, 0], 1)[0], [1.0] * width)


def test_inner_axes_count_together_and_gradients_stay_finite():
    x = tf.constant(np.array([[2.0] * 8, [NAN] * 8, [1.0] * 8], np.float32).reshape(3, 2, 4))
    _same(tf.math.segment_max(x, [0, 0, 0]), np.full((1, 2, 4), 2.0))      # TF 2.21: 8 inner values, one packet
    y = tf.constant([[1.0, 2.0], [3.0, 0.5]])
    with tf.GradientTape() as tape:
        tape.watch(y)
        z = tf.reduce_sum(tf.math.unsorted_segment_max(y, [0, 0], 1))
    _same(tape.gradient(z, y), [[0.0, 1.0], [1.0, 0.0]])
