"""A for/else or while/else in a tf.function: TF 2.21's AutoGraph does not convert the function. It logs
'AutoGraph could not transform ... and will run it as-is.' with the cause, traces the Python as written,
and a tensor ``if`` or a ``for`` over a tensor there raises OperatorNotAllowedInGraphError as it is (no 'in
user code:' frame). Printed by TF 2.21: notes/progs/autograph3/p73.py, p76.py."""
import logging

import pytest

import framework as tf
from framework.errors import OperatorNotAllowedInGraphError


def _warnings(caplog):
    return [r.getMessage().split('\n')[1] for r in caplog.records
            if r.name == 'tensorflow' and 'could not transform' in r.getMessage()]


def test_a_python_while_else_runs_unconverted(caplog, capsys):
    caplog.set_level(logging.WARNING, logger='tensorflow')

    @tf.function
    def h(x):
        n = 0
        while n < 3:
            n += 1
        else:
            n = -n
        print('n', n, x)
        return x * n

    assert int(h(tf.constant(2))) == -6
    assert capsys.readouterr().out.splitlines() == ['n -3 Tensor("x:0", shape=(), dtype=int32)']
    assert _warnings(caplog) == ['Cause: while/else statement not yet supported']


def test_a_tensor_if_after_a_for_else_is_refused(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')

    @tf.function
    def k(x):
        for i in range(2):
            x = x + i
        else:
            x = x * 10
        if x > 0:
            x = x + 1
        return x

    with pytest.raises(OperatorNotAllowedInGraphError) as info:
        k(tf.constant(1))
    assert str(info.value).startswith('Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.')
    assert _warnings(caplog) == ['Cause: for/else statement not yet supported']


def test_a_for_else_over_a_tensor_is_refused():
    @tf.function
    def f(x):
        y = tf.constant(0)
        for i in tf.range(x):
            y = y + i
            if y > 5:
                break
        else:
            print('no break')
        return y

    with pytest.raises(OperatorNotAllowedInGraphError) as info:
        f(tf.constant(10))
    assert str(info.value).startswith('Iterating over a symbolic `tf.Tensor` is not allowed.')
