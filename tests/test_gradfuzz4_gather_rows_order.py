"""A variable gathered twice or more: its IndexedSlices gradient lists the gathers' rows in TF 2.21's order.

TF's tape visits ops first in, first out from the targets (tape.h) and concatenates a variable's IndexedSlices
in that order; tapeflow joined two gathers' rows in reverse recording order, and under nested tapes or in a
tf.function in the reads' order. The rows' order is printed with the gradient and decides how repeated rows
add when it is made dense (the [0, 1] entry below). Found by gradfuzz4's templated fuzz; values from TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

V = [[-1.95, -0.16], [1.85, -0.66], [-0.11, -1.58]]


def _indices(g):
    assert type(g).__name__ == 'IndexedSlices'
    return g.indices.numpy().tolist()


@pytest.mark.parametrize('loss, tf_indices', [
    (lambda v: tf.reduce_sum(tf.gather(v, [2, 0]) + tf.gather(v, [1])), [2, 0, 1]),
    (lambda v: tf.reduce_sum(tf.gather(v, [2, 0]) * tf.gather(v, [1])), [2, 0, 1]),
    (lambda v: tf.reduce_sum(tf.gather(v, [2, 0])) + tf.reduce_sum(tf.gather(v, [1])), [2, 0, 1]),
    (lambda v: tf.reduce_sum(tf.gather(v, [1]) * 3.0) + tf.reduce_sum(tf.gather(v, [2, 0]) * 2.0), [1, 2, 0]),
    # embedding_lookup ends in an Identity: TF's tape reaches its gather one step after sparse_read's
    (lambda v: tf.reduce_sum(tf.nn.embedding_lookup(v, [1, 2]) + v.sparse_read([0])), [0, 1, 2]),
])
def test_two_gathers_rows_in_tfs_visiting_order(loss, tf_indices):
    v = tf.Variable(V)
    with tf.GradientTape() as t:
        y = loss(v)
    assert _indices(t.gradient(y, v)) == tf_indices


def test_repeated_rows_add_in_tfs_order():
    v = tf.Variable(V)
    with tf.GradientTape() as t:
        e = tf.gather(v, [2, 0, 1, 0]) + tf.gather(v, [0])
        y = tf.reduce_sum(e * e)
    g = t.gradient(y, v)
    assert _indices(g) == [2, 0, 1, 0, 0]
    np.testing.assert_array_equal(g.values.numpy(), np.array(
        [[-4.119999885559082, -3.4800000190734863], [-7.800000190734863, -0.6399999856948853],
         [-0.20000004768371582, -1.6400001049041748], [-7.800000190734863, -0.6399999856948853],
         [-19.920000076293945, -6.400000095367432]], np.float32))
    # TF: -7.68000030517578 (tapeflow's reversed rows added to -7.679999828338623)
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), np.array(
        [[-35.52000045776367, -7.680000305175781], [-0.20000004768371582, -1.6400001049041748],
         [-4.119999885559082, -3.4800000190734863]], np.float32))


@pytest.mark.parametrize('k, tf_indices', [(0, [0, 1, 1, 2]), (1, [0, 1, 1, 2]), (2, [2, 0, 1])])
def test_rows_order_under_an_outer_tape(k, tf_indices):
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape():
        with tf.GradientTape() as t1:
            if k == 0:
                y = tf.reduce_sum(tf.gather(v, [0, 1]) ** 3) + tf.reduce_sum(tf.gather(v, [1, 2]) ** 2)
            elif k == 1:
                y = tf.reduce_sum(tf.gather(v, [0, 1]) * tf.gather(v, [1, 2]))
            else:
                y = (tf.reduce_sum(tf.gather(v, [0]) * 2.0) + tf.reduce_sum(tf.gather(v, [1]) * 3.0)
                     + tf.reduce_sum(tf.gather(v, [2])))
        g = t1.gradient(y, v)
    assert _indices(g) == tf_indices


def test_rows_order_in_a_tf_function():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

    @tf.function
    def step():
        with tf.GradientTape() as t:
            y = (tf.reduce_sum(tf.gather(v, [0]) * 2.0) + tf.reduce_sum(tf.gather(v, [1]) * 3.0)
                 + tf.reduce_sum(tf.gather(v, [2, 0])))
        g = t.gradient(y, v)
        return g.indices, g.values

    indices, values = step()
    assert indices.numpy().tolist() == [2, 0, 0, 1]
    assert values.numpy().ravel().tolist() == [1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0]
