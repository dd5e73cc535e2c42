"""A tensor for loop of no turn in a tf.function: its target and body variables after it, as TF 2.21.

Golden values printed by TF 2.21 (/work/notes/progs/autograph11/p6.py, p7.py), e.g.

    @tf.function
    def r11(n):
        s = tf.constant(0)
        for i in tf.range(n):
            s += i
        return s, i
    r11(tf.constant(0))     # (0, 0): a range loop's target takes the range's start
"""
import sys

import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _range_loop():
    @tf.function
    def r11(n):
        s = tf.constant(0)
        for i in tf.range(n):
            s += i
        print('after loop', s, i)
        return s, i
    return r11


def test_range_target_after_no_turn_on_the_tracing_call(capsys):
    s, i = _range_loop()(tf.constant(0))
    assert (int(s), int(i), i.dtype) == (0, 0, tf.int32)
    # TF 2.21: 'after loop Tensor("while:4", shape=(), dtype=int32) Tensor("while:3", shape=(), dtype=int32)'
    assert capsys.readouterr().out == ('after loop Tensor("while:4", shape=(), dtype=int32) '
                                       'Tensor("while:3", shape=(), dtype=int32)\n')


def test_range_target_after_no_turn_on_a_replay():
    r11 = _range_loop()
    assert [int(v) for v in r11(tf.constant(3))] == [3, 2]
    assert [int(v) for v in r11(tf.constant(0))] == [0, 0]      # TF 2.21: (0, 0)


def test_range_target_takes_the_start_of_its_dtype():
    @tf.function
    def b(n):
        for i in tf.range(0.5, n, 1.0):
            pass
        return i
    out = b(tf.constant(0.5))
    assert (float(out), out.dtype) == (0.5, tf.float32)     # TF 2.21: tf.Tensor(0.5, ..., dtype=float32)


def test_defined_before_or_unread_variables_are_left_alone():
    @tf.function
    def c(n):
        j = tf.constant(-1)
        for i in tf.range(n):
            j = i
            k = i       # noqa: F841 (not read after the loop: no loop variable)
        return j
    assert int(c(tf.constant(0))) == -1        # TF 2.21: -1 (k is not read after the loop)


def _frames_and_kernel_text(error):
    """(the 'defined at' frames as (file, line, function), the text after them) of a graph Assert error."""
    import re
    text = str(error)
    head = 'Graph execution error:\n\nDetected at node Assert/Assert defined at (most recent call last):\n'
    assert text.startswith(head)
    frames = re.findall(r'  File "(.*)", line (\d+), in (\S+)\n\n', text)
    return [(f, int(n), name) for f, n, name in frames], text.rpartition('\n\n')[2]


def test_body_variables_undefined_after_no_turn_raise_the_loops_assert():
    @tf.function
    def e(n):
        for i in tf.range(n):
            j = i
            k = i + 1
        return i, j, k
    loop_line = e.python_function.__code__.co_firstlineno + 2
    with pytest.raises(InvalidArgumentError) as raised:
        e(tf.constant(0))
    frames, kernel = _frames_and_kernel_text(raised.value)
    # TF 2.21 (p7.py e): the graph's Assert over the undefined loop variables in AutoGraph's order, defined
    # at the for line; graph ids ('__inference_e_286') are left out
    assert frames[-1] == (__file__, loop_line, 'e')
    assert frames[-2][2] == 'test_body_variables_undefined_after_no_turn_raise_the_loops_assert'
    assert kernel == ('assertion failed: [loop must iterate at least once to initialize j, k]\n'
                      '\t [[{{node Assert/Assert}}]] [Op:__inference_e]')


def test_row_loop_of_no_turn_raises_the_assert():
    @tf.function
    def r13(x):
        for row in x:
            pass
        return row
    assert r13(tf.ones([3, 2])).numpy().tolist() == [1.0, 1.0]
    with pytest.raises(InvalidArgumentError) as raised:
        r13(tf.ones([0, 2]))        # TF 2.21 (p6.py r13z): a row loop's target has no start
    assert _frames_and_kernel_text(raised.value)[1].startswith(
        'assertion failed: [loop must iterate at least once to initialize row]\n')


def test_a_replays_assert_is_defined_at_the_tracing_call():
    @tf.function
    def r14(n):
        for i in tf.range(n):
            j = i * 2
        return j
    tracing_line = sys._getframe().f_lineno + 1
    assert int(r14(tf.constant(3))) == 4
    with pytest.raises(InvalidArgumentError) as raised:
        r14(tf.constant(0))
    frames, kernel = _frames_and_kernel_text(raised.value)
    # TF 2.21 (p6.py r14z): the Assert node was made by the trace: its frames are the tracing call's
    assert frames[-2][1:] == (tracing_line, 'test_a_replays_assert_is_defined_at_the_tracing_call')
    assert frames[-1][1:] == (r14.python_function.__code__.co_firstlineno + 2, 'r14')
    assert kernel.startswith('assertion failed: [loop must iterate at least once to initialize j]\n')


def test_eager_loops_are_plain_python():
    def eager():
        for i in tf.range(0):
            pass
        return i
    with pytest.raises(UnboundLocalError):
        eager()


def test_a_range_loop_whose_start_is_past_its_limit_runs_no_turn():
    # TF 2.21 (/tmp probe chk5.py, p7.py a): AutoGraph loops on the Range op's inputs and prunes the op, so
    # tf.range(5, 3) in a for statement is a loop of no turn whose target is the start: a(7) 6, a(3) 5
    @tf.function
    def a(n):
        for i in tf.range(5, n):
            pass
        return i
    assert int(a(tf.constant(7))) == 6 and int(a(tf.constant(3))) == 5

    @tf.function
    def down(n):
        s = tf.constant(0)
        for i in tf.range(n, 0, -1):
            s += i
        return s, i
    assert [int(t) for t in down(tf.constant(-2))] == [0, -2]


def test_a_range_past_its_limit_outside_a_for_statement_still_fails():
    @tf.function
    def not_a_loop(n):
        return tf.range(5, n)
    with pytest.raises(InvalidArgumentError, match='Requires start <= limit when delta > 0: 5/3'):
        not_a_loop(tf.constant(3))
    with pytest.raises(InvalidArgumentError, match='Requires start <= limit when delta > 0: 5/3'):
        tf.range(5, 3)
