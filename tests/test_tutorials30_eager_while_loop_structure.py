"""Eager tf.while_loop keeps loop_vars' structure as TF 2.21's while_loop_v2 does: with loop_vars [x], a
body that returns x bare is refused ('Cannot iterate over a scalar tensor.'); a list or tuple of one comes
back in the body's container. Printed by TF 2.21: progs/tutorials30/while_eager.py."""
import pytest

import framework as tf


@pytest.mark.parametrize('loop_vars', [[tf.constant(0)], (tf.constant(0),)])
def test_a_bare_body_result_for_a_list_of_one_is_refused(loop_vars):
    with pytest.raises(TypeError) as caught:
        tf.while_loop(lambda i: i < 2, lambda i: i + 1, loop_vars)
    assert str(caught.value) == 'Cannot iterate over a scalar tensor.'


def test_a_list_of_one_back_and_several_variables():
    out = tf.while_loop(lambda i: i < 2, lambda i: [i + 1], [0])
    assert isinstance(out, list) and int(out[0]) == 2
    out = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s + i), [0, 0])
    assert isinstance(out, tuple) and [int(v) for v in out] == [3, 3]
    out = tf.while_loop(lambda i: i < 0, lambda i: i + 1, [tf.constant(5)])      # no iteration: loop_vars back
    assert isinstance(out, list) and int(out[0]) == 5


def test_inside_a_function_the_bare_result_is_still_packed():
    f = tf.function(lambda: tf.while_loop(lambda i: i < 2, lambda i: i + 1, [tf.constant(0)]))
    assert int(f()[0]) == 2


@pytest.mark.parametrize('call', [
    lambda: tf.while_loop(lambda d: d['a'] < 2, lambda d: {'a': d['a'] + 1}, [{'a': tf.constant(0)}]),
    lambda: tf.while_loop(lambda i: i < 10, lambda i: i + 1, [tf.constant(0)], maximum_iterations=3),
])
def test_other_bare_results_are_structure_errors(call):
    with pytest.raises(ValueError, match="The two structures don't have the same nested structure."):
        call()
