"""``next(iterator)`` inside a tf.function at the end of the data: TensorFlow 2.21's graph raises
OutOfRangeError ('Graph execution error: ... End of sequence'), which a custom loop catches to end an
epoch; tapeflow let StopIteration out. The node is 'defined at' the user frames of the call that made the
trace. Outside a tf.function, next() still raises StopIteration. Values: TF 2.21 (notes
progs/tutorials31/q4.py, q5.py); TF's op name ends in a graph id (__inference_it_next_10), left out here."""
import pytest

import framework as tf


def _it_next(it):
    return next(it)


def _outer(fn, it):
    return fn(it)


def test_an_exhausted_iterator_in_a_function_is_out_of_range():
    it_next = tf.function(_it_next)
    it = iter(tf.data.Dataset.range(1))
    line = _outer.__code__.co_firstlineno + 1
    here = _outer(it_next, it)
    assert int(here) == 0
    with pytest.raises(tf.errors.OutOfRangeError) as caught:
        _outer(it_next, it)
    text = str(caught.value)
    assert text.startswith('Graph execution error:\n\nDetected at node IteratorGetNext defined at (most recent '
                           'call last):\n')
    assert ('  File "%s", line %d, in _outer\n\n  File "%s", line %d, in _it_next\n\nEnd of sequence\n'
            '\t [[{{node IteratorGetNext}}]] [Op:__inference__it_next]' % (
                __file__, line, __file__, _it_next.__code__.co_firstlineno + 1)) in text
    assert caught.value.error_code == 11
    with pytest.raises(StopIteration):
        next(it)


def test_a_loop_over_steps_ends_with_out_of_range():
    it = iter(tf.data.Dataset.range(3).batch(2))

    @tf.function
    def step(it):
        x = next(it)
        return tf.reduce_sum(x)
    seen = []
    for _ in range(3):
        try:
            seen.append(int(step(it)))
        except tf.errors.OutOfRangeError:
            seen.append('end')
    assert seen == [1, 2, 'end']


def test_the_first_trace_running_out_is_out_of_range_too():
    it = iter(tf.data.Dataset.range(1))

    @tf.function
    def two(it):
        return next(it) + next(it)
    with pytest.raises(tf.errors.OutOfRangeError, match='End of sequence'):
        two(it)
    with pytest.raises(StopIteration):
        next(it)


def test_a_python_iterator_keeps_its_stop_iteration():
    @tf.function
    def f(it):
        return next(it)
    with pytest.raises(StopIteration):
        f(iter([]))
