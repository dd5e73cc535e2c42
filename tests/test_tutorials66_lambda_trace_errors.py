"""A tf.data stage function's trace error as TF 2.21 raises it (/work/notes/progs/tutorials66/lambda_src.py,
lambda_unconv.py).

- Autograph's 'in user code:' frame shows the lambda alone also where its line is part of a longer statement
  ('ds = ds.map(lambda x: x + tf.constant(1),' shows 'lambda x: x + tf.constant(1)'); tapeflow showed the line.
- A lambda autograph cannot single out in its file (two with the same arguments on its line) runs as it is: TF
  warns, then its errors come plain, without 'in user code:' (tapeflow warned, then wrapped them).
"""
import sys

import pytest

import framework as tf

ADD = "TypeError: Input 'y' of 'AddV2' Op has type int32 that does not match type int64 of argument 'x'."


def _expected(line, source, text=ADD):
    return 'in user code:\n\n    File "%s", line %d, in None  *\n        %s\n\n    %s\n' % (__file__, line, source, text)


def test_lambda_of_a_longer_statement_shows_alone():
    ds = tf.data.Dataset.range(3)
    here = sys._getframe().f_lineno
    with pytest.raises(TypeError) as caught:
        ds.map(lambda x: x + tf.constant(1),
               num_parallel_calls=2)
    assert str(caught.value) == _expected(here + 2, 'lambda x: x + tf.constant(1)')
    here = sys._getframe().f_lineno
    with pytest.raises(TypeError) as caught:
        ds.filter(
            lambda x: x + tf.constant(1) > 0)
    assert str(caught.value) == _expected(here + 3, 'lambda x: x + tf.constant(1) > 0')


def test_lambda_among_others_of_a_longer_statement_is_told_by_its_arguments():
    ds = tf.data.Dataset.range(3)
    here = sys._getframe().f_lineno
    with pytest.raises(TypeError) as caught:
        [ds.map(lambda x: x + tf.constant(1)), ds.map(lambda y: y + 1),
         0]
    assert str(caught.value) == _expected(here + 2, 'lambda x: x + tf.constant(1)')


def test_lambda_autograph_cannot_single_out_raises_plain(caplog):
    ds = tf.data.Dataset.range(3)
    with pytest.raises(TypeError) as caught:
        a, b = ds.filter(lambda x: x + tf.constant(1) > 0), ds.filter(lambda x: x > 0)
    assert str(caught.value) == ADD[len('TypeError: '):]
    f, g = tf.function(lambda x: x + tf.constant(1.)), tf.function(lambda x: x * 2)
    with pytest.raises(TypeError) as caught:
        f(tf.constant(1))
    assert str(caught.value) == "Input 'y' of 'AddV2' Op has type float32 that does not match type int32 of argument 'x'."
    with pytest.raises(AttributeError) as caught:
        a, b = ds.map(lambda x: x.numpy()), ds.map(lambda x: x)
    assert str(caught.value) == "'SymbolicTensor' object has no attribute 'numpy'"
