"""A Python string left by one branch of a tensor ``if`` in a tf.function is a tf.string output of the cond,
so a number left by the other branch is refused as TF 2.21's AutoGraph refuses it (tapeflow returned the
taken branch's string). Printed by TF 2.21 (/work/notes/progs/autograph14/p8.py, p9.py).
"""
import pytest

import framework as tf


def test_a_string_against_a_number_is_refused():
    @tf.function
    def f(x):
        a = 1
        if x > 0:
            a = 'str'
        return a
    for value in (1, -1):
        with pytest.raises(TypeError) as raised:
            f(tf.constant(value))
        # TF 2.21: "in user code: ... if x > 0: ... TypeError: 'a' has dtype string in the main branch,
        # but dtype int32 in the else branch"
        assert str(raised.value).strip().splitlines()[-1].strip() == \
            "TypeError: 'a' has dtype string in the main branch, but dtype int32 in the else branch"


def test_returned_string_and_a_float_argument():
    @tf.function
    def g(x):
        if x > 0:
            return 'pos'
        return 0.5
    with pytest.raises(TypeError, match="'retval_' has dtype string in the main branch, but dtype float32 in "
                                        "the else branch"):
        g(tf.constant(1))

    @tf.function
    def h(x, s):
        a = s
        if x > 0:
            a = 2.0
        return a
    with pytest.raises(TypeError, match="'a' has dtype float32 in the main branch, but dtype string in the else"):
        h(tf.constant(1), 'abc')


def test_strings_in_both_branches_pass():
    @tf.function
    def g(x):
        a = 'no'
        if x > 0:
            a = 'yes'
        return a
    assert g(tf.constant(1)).numpy() == b'yes'       # TF 2.21: tf.Tensor(b'yes', dtype=string)
    assert g(tf.constant(-1)).numpy() == b'no'

    @tf.function
    def c(x):
        a = 'a'
        if x > 0:
            a = 'b' + 'c'
        return a
    assert c(tf.constant(1)).numpy() == b'bc'
