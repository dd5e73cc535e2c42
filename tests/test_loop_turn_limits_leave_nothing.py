"""Each turn of a traced loop records its set_loop_options call again; what the loop did not take must be
forgotten when it ends, else the next call's frame, at the same address, takes the old limit (seen as a CI
flake: tf.function(f)(10, limit=5) gave 3, the limit of the call before)."""
import framework as tf
from framework import loop_turn_limits


def _for_sum(n, limit=3):
    s = tf.constant(0)
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(maximum_iterations=limit)
        s += i
    return s


def _while_sum(n):
    i = tf.constant(0)
    s = tf.constant(0)
    while i < n:
        tf.autograph.experimental.set_loop_options(maximum_iterations=4)
        s += i
        i += 1
    return s


def test_a_limited_loop_leaves_no_recorded_limit_behind():
    assert int(tf.function(_for_sum)(tf.constant(10))) == 3
    assert int(tf.function(_while_sum)(tf.constant(10))) == 6
    assert not getattr(loop_turn_limits._local, 'pending', {})
    assert not getattr(loop_turn_limits._local, 'counts', {})


def test_each_new_function_takes_its_own_limit():
    for _ in range(30):     # new frames land on freed addresses
        assert int(tf.function(_for_sum)(tf.constant(10))) == 3
        assert int(tf.function(_for_sum)(tf.constant(10), tf.constant(5))) == 10
