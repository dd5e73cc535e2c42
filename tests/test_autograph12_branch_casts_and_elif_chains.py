"""Tensor ``if`` statements whose branches leave a variable as a tf.cast of another dtype, or an ``elif`` chain
whose last ``elif`` has no else, in a tf.function: AutoGraph traces every branch and TF 2.21 refuses them
whatever branch the values take; tapeflow ran the branch taken. Each message was printed by TF 2.21 for
the same function (/work/notes/progs/autograph12/p12.py, p13.py)."""
import pytest

import framework as tf


def _error(call, error):
    with pytest.raises(error) as caught:
        call()
    lines = str(caught.value).split('\n')
    return lines[3].strip(), lines[5].strip()


def test_a_cast_branch_against_a_tensor_or_a_python_value():
    @tf.function
    def casts(x):
        if x > 0:
            y = x
        else:
            y = tf.cast(x, tf.int32)
        return y

    @tf.function
    def scaled(x):
        if x > 0:
            y = tf.cast(x, tf.float32) * 2
        else:
            y = x
        return y

    @tf.function
    def returns(x):
        if x > 0:
            return tf.cast(x, dtype=tf.int32)
        else:
            return 1.5

    @tf.function
    def widened(x):
        if x > 0:
            y = 2
        else:
            y = tf.cast(x, tf.int64)
        return y
    assert _error(lambda: casts(tf.constant(1.0)), TypeError) == (
        'if x > 0:', "TypeError: 'y' has dtype float32 in the main branch, but dtype int32 in the else branch")
    assert _error(lambda: scaled(tf.constant(1)), TypeError) == (
        'if x > 0:', "TypeError: 'y' has dtype float32 in the main branch, but dtype int32 in the else branch")
    assert _error(lambda: returns(tf.constant(1.0)), TypeError) == (
        'if x > 0:', "TypeError: 'retval_' has dtype int32 in the main branch, but dtype float32 in the else branch")
    assert _error(lambda: widened(tf.constant(1.0)), TypeError) == (
        'if x > 0:', "TypeError: 'y' has dtype int32 in the main branch, but dtype int64 in the else branch")
    # the same dtype in both branches runs: TF 2.21 2.0 and 2.0
    assert scaled(tf.constant(1.0)).numpy() == 2.0

    @tf.function
    def agreeing(x, n):
        if x > 0:
            y = tf.cast(n, tf.float32)
        else:
            y = x + 1
        return y
    assert agreeing(tf.constant(1.0), tf.constant(2)).numpy() == 2.0


def test_an_elif_chain_without_an_else_is_refused_at_its_last_elif():
    @tf.function
    def chain(x):
        if x > 5:
            y = x * 1
        elif x > 0:
            y = x * 2
        elif x > -5:
            y = x * 3
        return y
    assert _error(lambda: chain(tf.constant(1.0)), ValueError) == (
        'elif x > -5:', "ValueError: 'y' must also be initialized in the else branch")
    assert _error(lambda: chain(tf.constant(9.0)), ValueError) == (
        'elif x > -5:', "ValueError: 'y' must also be initialized in the else branch")

    # a name defined before the chain is no output any branch must give
    @tf.function
    def defaulted(x):
        y = x
        if x > 5:
            y = x * 1
        elif x > 0:
            y = x * 2
        elif x > -5:
            y = x * 3
        return y
    assert defaulted(tf.constant(1.0)).numpy() == 2.0
