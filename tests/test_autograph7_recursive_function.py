"""A tf.function that calls itself on a tensor while tracing (the tf.function guide's "Recursive
tf.functions are not supported") raises TF 2.21's StagingError ending in Python's RecursionError.

TF 2.21 (notes/progs/autograph7/g4.py, g6.py): recursive_fn(tf.constant(5)) -> StagingError 'in user code: ...
RecursionError: maximum recursion depth exceeded while calling a Python object' (TF lists every level's frame:
tapeflow stops at the first call of the function with its own trace key, so its frames are fewer).
With Python ints each level is a trace of its own: recursive_fn2(5) prints 'tracing' 5 times and returns 1.
"""
import pytest

import framework as tf


def test_recursion_on_a_tensor_is_refused():
    @tf.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        else:
            return 1

    with pytest.raises(Exception) as caught:
        recursive_fn(tf.constant(5))
    assert type(caught.value).__name__ == 'StagingError'
    text = str(caught.value)
    assert text.startswith('in user code:')
    assert text.rstrip().endswith('RecursionError: maximum recursion depth exceeded while calling a Python object')
    # the function is usable afterwards, on arguments that do not recurse forever
    assert int(recursive_fn(0)) == 1


def test_recursion_on_python_numbers_traces_each_level(capsys):
    @tf.function
    def recursive_fn2(n):
        if n > 0:
            print('tracing')
            return recursive_fn2(n - 1)
        else:
            return 1

    assert int(recursive_fn2(5)) == 1
    assert capsys.readouterr().out == 'tracing\n' * 5
