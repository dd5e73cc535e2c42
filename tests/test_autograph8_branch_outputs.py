"""What the branches of a tensor ``if`` in a tf.function leave, checked as TF 2.21's AutoGraph checks it
while tracing both branches: a return in one branch only, None, another dtype.

Texts printed by TF 2.21 (/work/notes/progs/autograph8/p7.py and p1.py), e.g.

    @tf.function
    def a(x):
        if x > 0:
            return x * 2
    a(tf.constant(2.0))   # ValueError: in user code: ... the else branch must also have a return statement.
"""
import pytest

import framework as tf


def _return_in_main_only(x):
    if x > 0:
        return x * 2


def _return_then_more(x):
    if x > 0:
        return x * 2
    y = 1       # noqa: F841  (falls off the end: no return)


def _return_in_else_only(x):
    if x > 0:
        pass
    else:
        return x


def _return_none_in_main_only(x):
    if x > 0:
        return None


def _nested_return(x):
    if x > 0:
        if x > 1:
            return x
    return x * 3


def _bare_returns(x):
    if x > 0:
        return
    return


def _none_before(x):
    y = None
    if x > 0:
        y = x
    return y


def _none_assigned(x):
    y = x
    if x > 0:
        y = None
    return y


def _none_in_main(x):
    if x > 0:
        y = None
    else:
        y = x
    return y


def _int_before(x):
    y = 0
    if x > 0:
        y = x
    return y


def _python_int_in_main(x):
    y = x
    if x > 0:
        y = 1
    return y


def _returns_int_or_float(x):
    if x > 0:
        return 1
    return x


def _constants_of_two_dtypes(x):
    if x > 0:
        y = tf.constant(1)
    else:
        y = tf.constant(1.0)
    return y


def _tensor_before(x):
    y = tf.constant(1)
    if x > 0:
        y = x
    return y


@pytest.mark.parametrize('fn, value, error, text', [
    (_return_in_main_only, 2.0, ValueError, 'the else branch must also have a return statement.'),
    (_return_then_more, 2.0, ValueError, 'the else branch must also have a return statement.'),
    (_return_in_else_only, 2.0, ValueError, 'the main branch must also have a return statement.'),
    (_return_none_in_main_only, 2.0, ValueError, 'the else branch must also have a return statement.'),
    (_nested_return, 2.0, ValueError, 'the else branch must also have a return statement.'),
    (_bare_returns, 2.0, ValueError, "'retval_' is None at the end of the main branch."),
    (_none_before, 2.0, ValueError, "'y' is None at the end of the else branch."),
    (_none_assigned, 2.0, ValueError, "'y' is None at the end of the main branch."),
    (_none_in_main, -2.0, ValueError, "'y' is None at the end of the main branch."),
    (_int_before, 2.0, TypeError, "'y' has dtype float32 in the main branch, but dtype int32 in the else branch"),
    (_python_int_in_main, -2.0, TypeError,
     "'y' has dtype int32 in the main branch, but dtype float32 in the else branch"),
    (_returns_int_or_float, -2.0, TypeError,
     "'retval_' has dtype int32 in the main branch, but dtype float32 in the else branch"),
    (_tensor_before, 2.0, TypeError, "'y' has dtype float32 in the main branch, but dtype int32 in the else branch"),
    (_constants_of_two_dtypes, 2.0, TypeError,
     "'y' has dtype int32 in the main branch, but dtype float32 in the else branch"),
])
def test_tf_2_21_refuses_what_the_branches_leave(fn, value, error, text):
    with pytest.raises(error) as caught:
        tf.function(fn)(tf.constant(value))
    message = str(caught.value)
    assert message.startswith('in user code:')
    assert message.rstrip().endswith('%s: %s' % (error.__name__, text))


def _same_dtypes(x):
    y = 0.0
    if x > 0:
        y = x * 2
    return y


def _both_return(x):
    if x > 0:
        if x > 1:
            return x
        return x * 2
    return x * 3


def test_consistent_branches_run_as_before():
    f = tf.function(_same_dtypes)
    assert float(f(tf.constant(2.0))) == 4.0 and float(f(tf.constant(-2.0))) == 0.0    # TF 2.21: 4.0, 0.0
    assert float(tf.function(_both_return)(tf.constant(2.0))) == 2.0                    # TF 2.21: 2.0
    assert float(_return_in_main_only(tf.constant(2.0))) == 4.0     # eagerly: plain Python
    assert _none_before(tf.constant(-2.0)) is None
