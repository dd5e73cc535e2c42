"""A traced next(iterator) that runs out names the failing call's own graph node (TF 2.21).

TF's graph has one IteratorGetNext node per next() the trace made: the second is IteratorGetNext_1, one
inside tf.name_scope('inner') inner/IteratorGetNext, and the graph's OutOfRangeError names the one that
ran out, on the first trace and on later runs of the kept trace alike (progs/optimtraj28/p1_eos.py).
"""
import re

import pytest

import framework as tf


def _end_node(function, *args):
    with pytest.raises(tf.errors.OutOfRangeError) as raised:
        function(*args)
    text = str(raised.value)
    assert 'End of sequence' in text
    node = text.rsplit('[[{{node ', 1)[1].split('}}]]')[0]
    assert 'Detected at node %s defined at' % node in text
    return node


def _ds(n):
    return tf.data.Dataset.range(n)


def test_second_next_of_a_first_trace():
    @tf.function
    def step(it):
        a = next(it)
        return a + next(it)
    # TF 2.21 gives [[{{node IteratorGetNext_1}}]] [Op:__inference_step_20]
    assert _end_node(step, iter(_ds(1))) == 'IteratorGetNext_1'
    # the kept trace run again: the same node; the first next on an empty dataset: IteratorGetNext
    assert _end_node(step, iter(_ds(1).map(lambda x: x * 0))) == 'IteratorGetNext_1'
    assert _end_node(step, iter(_ds(0))) == 'IteratorGetNext'
    assert step.experimental_get_tracing_count() == 1


def test_replay_of_a_trace_that_succeeded():
    @tf.function
    def step(it):
        a = next(it)
        b = next(it)
        return a + b + next(it)
    assert _end_node(step, iter(_ds(2))) == 'IteratorGetNext_2'     # TF 2.21: IteratorGetNext_2
    assert int(step(iter(_ds(3)))) == 3
    assert _end_node(step, iter(_ds(1))) == 'IteratorGetNext_1'     # TF 2.21: IteratorGetNext_1


def test_name_scope_and_element_tuples():
    @tf.function
    def scoped(it):
        a = next(it)
        with tf.name_scope('inner'):
            b = next(it)
        return a + b
    assert _end_node(scoped, iter(_ds(1))) == 'inner/IteratorGetNext'    # TF 2.21
    assert int(scoped(iter(_ds(2)))) == 1
    assert _end_node(scoped, iter(_ds(1))) == 'inner/IteratorGetNext'

    pairs = tf.data.Dataset.from_tensor_slices(([1., 2.], [3., 4.]))

    @tf.function
    def paired(it):
        x, y = next(it)
        x2, y2 = next(it)
        x3, _ = next(it)
        return x + y + x2 + y2 + x3
    assert _end_node(paired, iter(pairs)) == 'IteratorGetNext_2'    # TF 2.21
    assert _end_node(paired, iter(pairs.take(1))) == 'IteratorGetNext_1'    # TF 2.21 (a replay)


def test_get_next_replayed_after_a_failed_first_run():
    @tf.function
    def step(it):
        a = it.get_next()
        return a + it.get_next()
    assert _end_node(step, iter(_ds(1))) == 'IteratorGetNext_1'
    assert int(step(iter(_ds(2)))) == 1
    # TF 2.21 gives the graph's [[{{node IteratorGetNext_1}}]] (tapeflow gave the eager kernel's text)
    assert _end_node(step, iter(_ds(1))) == 'IteratorGetNext_1'


def test_two_iterators_and_a_first_trace_with_variables():
    @tf.function
    def two(it1, it2):
        a = next(it1)
        return a + next(it2)
    assert _end_node(two, iter(_ds(1)), iter(_ds(0))) == 'IteratorGetNext_1'   # TF 2.21

    made = []

    @tf.function
    def step(it):
        if not made:
            made.append(tf.Variable(0, dtype=tf.int64))
        a = next(it)
        return made[0].assign_add(a + next(it))
    assert _end_node(step, iter(_ds(1))) == 'IteratorGetNext_1'      # TF 2.21, both calls
    assert _end_node(step, iter(_ds(1))) == 'IteratorGetNext_1'
    assert int(step(iter(_ds(2)))) == 1
    assert step.experimental_get_tracing_count() == 2


def _no_uid(error):
    return re.sub(r'(__inference_<lambda>)_\d+', r'\1', str(error))


def test_a_lambda_function_keeps_the_runtime_text():
    # TF 2.21 interpolates the defining frames only for a function named by a word: a lambda's run error is
    # '{{function_node __inference_<lambda>_20}} End of sequence\n\t [[{{node IteratorGetNext}}]]
    # [Op:__inference_<lambda>_20]' (the uid left out here), a kernel's the same
    step = tf.function(lambda it: next(it))
    with pytest.raises(tf.errors.OutOfRangeError) as raised:
        step(iter(_ds(0)))
    assert _no_uid(raised.value) == ('{{function_node __inference_<lambda>}} End of sequence\n\t [[{{node IteratorGetNext}}]] '
                                 '[Op:__inference_<lambda>]')
    v = tf.Variable([1., 2.])
    pick = tf.function(lambda i: tf.gather(v, i))
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        pick(tf.constant(7))
    assert _no_uid(raised.value) == ('{{function_node __inference_<lambda>}} indices = 7 is not in [0, 2)\n\t '
                                 '[[{{node Gather}}]] [Op:__inference_<lambda>]')
