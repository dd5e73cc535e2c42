"""A tensor made in a tensor loop's body and returned from the tf.function past the loop (appended to a Python
list) is TF 2.21's InaccessibleTensorError (a ValueError), every call; tapeflow returned the values
(notes/progs/autograph4/q44.py, notes/progs/autograph5/t5.py). TF's FuncGraph ids are its objects' ids."""
import re

import pytest

import framework as tf

_FIRST = ("<tf.Tensor 'while/mul:0' shape=() dtype=int32> is out of scope and cannot be used here. Use return "
          "values, explicit Python locals or TensorFlow collections to access it.")


def test_a_list_appended_in_a_tf_range_loop():
    @tf.function
    def f(n):
        out = []
        for i in tf.range(n):
            out.append(i * 2)
        return out

    for _ in range(2):
        with pytest.raises(ValueError) as caught:
            f(tf.constant(3))
        assert type(caught.value).__name__ == 'InaccessibleTensorError'
        lines = str(caught.value).splitlines()
        assert lines[0] == _FIRST
        assert re.fullmatch(r"The tensor <tf.Tensor 'while/mul:0' shape=\(\) dtype=int32> cannot be accessed from "
                            r"FuncGraph\(name=f, id=\d+\), because it was defined in FuncGraph\(name=while_body\S*, "
                            r"id=\d+\), which is out of scope\.", lines[-1])


def test_the_iterate_itself_and_a_while_loop_and_loop_variables():
    @tf.function
    def f(n):
        out = []
        for i in tf.range(n):
            out.append(i)
        return out

    @tf.function
    def h(n):
        i = tf.constant(0)
        acc = []
        while i < n:
            acc.append(i + 1)
            i += 1
        return {'a': acc[0]}

    @tf.function
    def g(n):
        s = tf.constant(0)
        last = tf.constant(0)
        for i in tf.range(n):
            last = i * 3
            s += last
        return s, last

    with pytest.raises(ValueError, match=r"^<tf.Tensor 'while/Placeholder:0' shape=\(\) dtype=int32> is out of"):
        f(tf.constant(3))
    with pytest.raises(ValueError, match=r"^<tf.Tensor 'while/add:0' shape=\(\) dtype=int32> is out of"):
        h(tf.constant(2))
    assert [t.numpy() for t in g(tf.constant(4))] == [18, 9]
