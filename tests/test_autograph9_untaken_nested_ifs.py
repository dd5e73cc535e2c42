"""A tensor ``if`` nested in the branch a tensor ``if`` does not take (an ``elif`` chain's too) is traced by
AutoGraph all the same, so TF 2.21 raises what its branches leave whatever the values; and a main branch
without a return is refused where the else branch returns under a nested ``if`` (the main branch is traced
and checked first).

Printed by TF 2.21 (/work/notes/progs/autograph9/p3.py, p4.py), e.g.

    @tf.function
    def h(x):
        if x > 0:
            return x
        elif x < -1:
            return -x
    h(tf.constant(2.0))
    # ValueError: in user code:
    #
    #     File "p3.py", line 8, in h  *
    #         elif x < -1:
    #
    #     ValueError: the else branch must also have a return statement.
"""
import inspect

import pytest

import framework as tf


def _elif_without_else(x):
    if x > 0:
        return x
    elif x < -1:
        return -x


def _elif_leaving_none(x):
    if x > 0:
        y = x
    elif x < -1:
        y = None
    else:
        y = x * 2
    return y


def _nested_in_untaken_main(x):
    if x < 0:
        if x < -1:
            return -x
    return x


def _elif_int_after_float(x):
    y = 0.0
    if x > 0:
        y = x
    elif x < -1:
        y = 2
    return y


def _elif_constant_int(x):
    if x > 0:
        y = x
    elif x < -1:
        y = tf.constant(2)
    else:
        y = x
    return y


def _else_returns_under_nested_if(x):
    if x > 0:
        r = x
    else:
        if x < -1:
            return -x
        r = x
    return r


def _line_of(fn, text):
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if line.strip() == text)


@pytest.mark.parametrize('fn, value, error, line, text', [
    (_elif_without_else, 2.0, ValueError, 'elif x < -1:', 'the else branch must also have a return statement.'),
    (_elif_without_else, -0.5, ValueError, 'elif x < -1:', 'the else branch must also have a return statement.'),
    (_elif_leaving_none, 2.0, ValueError, 'elif x < -1:', "'y' is None at the end of the main branch."),
    (_nested_in_untaken_main, 2.0, ValueError, 'if x < -1:', 'the else branch must also have a return statement.'),
    (_nested_in_untaken_main, -2.0, ValueError, 'if x < -1:', 'the else branch must also have a return statement.'),
    (_elif_int_after_float, 2.0, TypeError, 'elif x < -1:',
     "'y' has dtype int32 in the main branch, but dtype float32 in the else branch"),
    (_elif_constant_int, 2.0, TypeError, 'elif x < -1:',
     "'y' has dtype int32 in the main branch, but dtype float32 in the else branch"),
    (_else_returns_under_nested_if, 2.0, ValueError, 'if x > 0:', 'the main branch must also have a return statement.'),
    (_else_returns_under_nested_if, -2.0, ValueError, 'if x > 0:', 'the main branch must also have a return statement.'),
])
def test_tf_2_21_checks_the_untaken_branch_nested_ifs(fn, value, error, line, text):
    with pytest.raises(error) as caught:
        tf.function(fn)(tf.constant(value))
    message = str(caught.value)
    assert message.startswith('in user code:')
    assert 'line %d, in %s  *\n        %s\n' % (_line_of(fn, line), fn.__name__, line) in message
    assert message.rstrip().endswith('%s: %s' % (error.__name__, text))


def _elif_chain_complete(x):
    if x > 0:
        y = x
    else:
        if x < -1:
            y = -x
        else:
            y = x * 0
    return y


def _untaken_else_assigns_then_tests(x):
    if x > 0:
        return x
    else:
        z = x * 2
        if z < -1:
            return -z
        return z


def _python_flag_picks_a_returning_branch(x, flag):
    if x > 0:
        return x
    elif flag:
        return -x


def test_complete_nested_branches_run():
    # TF 2.21: 2.0, 2.0, 2.0, 2.0
    assert float(tf.function(_elif_chain_complete)(tf.constant(2.0))) == 2.0
    assert float(tf.function(_elif_chain_complete)(tf.constant(-2.0))) == 2.0
    assert float(tf.function(_untaken_else_assigns_then_tests)(tf.constant(2.0))) == 2.0
    assert float(tf.function(_python_flag_picks_a_returning_branch)(tf.constant(2.0), True)) == 2.0


def test_a_python_flag_that_picks_no_return_is_refused_at_the_outer_if():
    # TF 2.21 (p3.py h4): flag False leaves the else branch without a return (the flag's if is Python's)
    with pytest.raises(ValueError) as caught:
        tf.function(_python_flag_picks_a_returning_branch)(tf.constant(2.0), False)
    message = str(caught.value)
    line = _line_of(_python_flag_picks_a_returning_branch, 'if x > 0:')
    assert 'line %d, in _python_flag_picks_a_returning_branch  *\n        if x > 0:\n' % line in message
    assert message.rstrip().endswith('ValueError: the else branch must also have a return statement.')
