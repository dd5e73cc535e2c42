"""A converted lambda's frame in autograph's 'in user code:' text shows that lambda's own source, also where its
line holds other lambdas: TF 2.21 tells them apart by their arguments (progs/tutorials29/lambda_src.py)."""
import pytest

import framework as tf


def _message(make):
    with pytest.raises(AttributeError) as caught:
        make()
    return str(caught.value)


def _expected(line, source):
    return ('in user code:\n\n    File "%s", line %d, in None  *\n        %s\n\n'
            "    AttributeError: 'SymbolicTensor' object has no attribute 'numpy'\n" % (__file__, line, source))


def test_the_mapped_lambda_inside_an_outer_lambda():
    make = lambda: list(tf.data.Dataset.range(3).map(lambda x: x.numpy()))  # noqa: E731
    assert _message(make) == _expected(make.__code__.co_firstlineno, 'lambda x: x.numpy()')


def test_the_lambda_named_by_its_argument_among_others_on_the_line():
    ds = tf.data.Dataset.range(3); g = lambda x: x; h = lambda t: t.numpy()  # noqa: E702, E731
    assert g(1) == 1
    assert _message(lambda: list(ds.map(h))) == _expected(h.__code__.co_firstlineno, 'lambda t: t.numpy()')


def test_the_lambda_keeps_its_spacing_and_a_tf_function_lambda_too():
    make = lambda: list(tf.data.Dataset.range(3).map(lambda x: (x.numpy(),  x)))  # noqa: E731, E241
    assert _message(make) == _expected(make.__code__.co_firstlineno, 'lambda x: (x.numpy(),  x)')
    traced = lambda: tf.function(lambda x: x.numpy())(tf.constant(1))  # noqa: E731
    assert _message(traced) == _expected(traced.__code__.co_firstlineno, 'lambda x: x.numpy()')
