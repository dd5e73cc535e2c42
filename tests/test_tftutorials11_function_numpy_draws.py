"""numpy's global random draws inside a tf.function are made once, when TensorFlow traces it: they
become constants of the graph, later calls return the same numbers and the global stream moves on only
per trace. tapeflow replays the Python at every call, so each call drew anew (the graph-optimization
tutorial's `tf.constant(np.random.randn(...))` function, called twice, left numpy's stream one draw
further on than TF and the next function's constant differed). Golden numbers printed by TF 2.21
(/opt/tfref) for /work/notes/progs/tftutorials11/probe_nprand.py."""
import numpy as np

import framework as tf


def test_numpy_draws_are_trace_constants():
    np.random.seed(0)

    @tf.function
    def f(x):
        return x + tf.constant(np.random.randn(3), dtype=tf.float32)

    first = f(tf.constant(0.0)).numpy()
    np.testing.assert_array_equal(first, np.float32([1.7640524, 0.4001572, 0.978738]))
    np.testing.assert_array_equal(f(tf.constant(0.0)).numpy(), first)
    np.testing.assert_array_equal(f(tf.constant(1.0)).numpy(), first + np.float32(1))
    np.testing.assert_array_equal(np.random.randn(2), [2.240893199201458, 1.8675579901499675])
    # a new trace (another shape) draws the next numbers; the first trace keeps its own
    np.testing.assert_array_equal(f(tf.constant([0.0, 0.0, 0.0])).numpy(),
                                  np.float32([-0.9772779, 0.95008844, -0.1513572]))
    np.testing.assert_array_equal(f(tf.constant(0.0)).numpy(), first)
    np.testing.assert_array_equal(np.random.randn(1), [-0.10321885179355784])


def test_a_function_drawing_nothing_leaves_numpy_alone():
    np.random.seed(0)

    @tf.function
    def g(x):
        return x * 2

    assert g(tf.constant(1.0)).numpy() == 2.0 and g(tf.constant(2.0)).numpy() == 4.0
    np.testing.assert_array_equal(np.random.randn(1), [1.764052345967664])
