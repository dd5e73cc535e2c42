"""A tf.debugging check failing in a later turn of a tensor loop in a tf.function names the node of the loop
body's one trace, its loop-variable operand as the body's placeholder, and lists the loop statement's line
before the body's, as TF 2.21 does. tapeflow named each turn's check anew ('while/assert_less_2/Assert/Assert',
'x (while/assert_less_2/x:0)', 'while/CheckNumerics_2') and left the for line out. Printed by TF 2.21 for the
same functions (/work/notes/progs/autograph12/p27.py)."""
import pytest

import framework as tf


def _lines(call):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    return [line for line in str(caught.value).split('\n') if line.strip()]


def test_an_assert_failing_in_the_third_turn():
    @tf.function
    def bounded(n):
        for i in tf.range(n):
            tf.debugging.assert_less(i, 2, message='i too big')
        return n
    lines = _lines(lambda: bounded(tf.constant(4)))
    assert lines[1] == 'Detected at node while/assert_less/Assert/Assert defined at (most recent call last):'
    first = bounded.python_function.__code__.co_firstlineno
    assert [line.strip() for line in lines if line.endswith(', in bounded')] == [
        'File "%s", line %d, in bounded' % (__file__, first + line) for line in (2, 3)]
    assert lines[-2] == ('assertion failed: [i too big] [Condition x < y did not hold element-wise:] '
                         '[x (while/Placeholder:0) = ] [2] [y (while/assert_less/y:0) = ] [2]')
    assert lines[-1].startswith('\t [[{{node while/assert_less/Assert/Assert}}]]')


def test_check_numerics_failing_in_the_third_turn():
    @tf.function
    def halves(x):
        for i in tf.range(3):
            x = tf.debugging.check_numerics(x / tf.cast(2 - i, tf.float32), 'bad')
        return x
    lines = _lines(lambda: halves(tf.constant(1.0)))
    assert lines[1] == 'Detected at node while/CheckNumerics defined at (most recent call last):'
    frames = [line.strip().split(', ')[1:] for line in lines if line.endswith(', in halves')]
    first = halves.python_function.__code__.co_firstlineno
    assert frames == [['line %d' % (first + 2), 'in halves'], ['line %d' % (first + 3), 'in halves']]
    assert lines[-2:] == ['bad : Tensor had Inf values',
                          '\t [[{{node while/CheckNumerics}}]] [Op:__inference_halves]']
