"""A traced function's op whose result nothing uses never runs in TensorFlow's graph (non-strict execution).

The graph guide's cell: on a one-element x, ``tf.gather(x, [1])  # unused`` raises eagerly and passes
inside a tf.function. The values below are TF 2.21's (progs/lead41 ns2.py printed them under both).
"""
import numpy as np
import pytest

import framework as tf


def _x():
    return tf.constant([0.0])


def test_the_graph_guides_unused_gather_raises_eagerly_and_not_in_a_function():
    def unused_return(x):
        tf.gather(x, [1])  # unused
        return x
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices\[0\] = 1 is not in \[0, 1\)'):
        unused_return(_x())
    traced = tf.function(unused_return)
    for _ in range(2):      # the trace, then a replay
        assert traced(_x()).numpy().tolist() == [0.0]


def test_a_local_never_read_and_an_underscore_are_dropped_too():
    @tf.function
    def stored(x):
        y = tf.gather(x, [1])
        return x

    @tf.function
    def underscore(x):
        _ = tf.gather_nd(x, [[3]])
        return x * 2

    assert stored(_x()).numpy().tolist() == [0.0]
    assert underscore(tf.constant([1.5])).numpy().tolist() == [3.0]


def test_a_helper_that_drops_its_gather_inside_a_function():
    def helper(x):
        tf.gather(x, [2])
        return x + 1

    assert tf.function(lambda x: helper(x))(_x()).numpy().tolist() == [1.0]


@pytest.mark.parametrize('case', ['returned', 'read_later', 'printed'])
def test_a_result_that_is_used_still_raises(case):
    def returned(x):
        return tf.gather(x, [1])

    def read_later(x):
        y = tf.gather(x, [1])
        return x + y

    def printed(x):
        tf.print(tf.gather(x, [1]))
        return x
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices\[0\] = 1 is not in \[0, 1\)'):
        tf.function({'returned': returned, 'read_later': read_later, 'printed': printed}[case])(_x())


def test_functions_run_eagerly_raise():
    @tf.function
    def unused_return(x):
        tf.gather(x, [1])
        return x
    tf.config.run_functions_eagerly(True)
    try:
        with pytest.raises(tf.errors.InvalidArgumentError):
            unused_return(_x())
    finally:
        tf.config.run_functions_eagerly(False)


def test_an_optimizer_step_that_needs_a_gather_is_not_dropped():
    # a stateful call dropped by the user (apply_gradients as a statement) still needs what it reads inside
    v = tf.Variable(np.ones((2, 2), 'float32'))

    @tf.function
    def step():
        v.scatter_nd_update([[5, 0]], [1.0])
        return v.read_value()
    with pytest.raises((tf.errors.InvalidArgumentError, IndexError, ValueError)):
        step()
    assert v.numpy().tolist() == [[1.0, 1.0], [1.0, 1.0]]
