"""AutoGraph's 'could not transform' warning for lambdas it cannot single out in their source line
(framework/autograph_lambda_warning.py): two lambdas with the same parameters on one line, passed to
tf.data stages, tf.function or tf.map_fn. Texts: TF 2.21 (notes progs/tutorials26/ag_lambda.py), its
addresses replaced by the function's repr."""
import logging

import pytest

import framework as tf

CAUSE = ('could not parse the source code of {fn}: found multiple definitions with identical signatures at the '
         'location. This error may be avoided by defining each lambda on a single line and with unique argument '
         'names. The matching definitions were:\n{matches}')
WARNING = ('AutoGraph could not transform {fn} and will run it as-is.\nCause: {cause}\n'
           'To silence this warning, decorate the function with @tf.autograph.experimental.do_not_convert')


@pytest.fixture
def warnings_logged(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')
    # AutoGraph's records only: an earlier test's checkpoint, collected now, may log its unrestored values
    return lambda: [r.getMessage() for r in caplog.records if r.name == 'tensorflow' and 'AutoGraph' in r.getMessage()]


def _expected(fn, *sources):
    matches = '\n'.join('Match %d:\n%s\n' % (i, s) for i, s in enumerate(sources))
    return WARNING.format(fn=fn, cause=CAUSE.format(fn=fn, matches=matches))


def test_a_map_and_a_filter_on_one_line_each_warn_once(warnings_logged):
    double, third = (lambda x: x * 2), (lambda x: x % 3 == 0)
    ds = tf.data.Dataset.range(6).map(double).filter(third).map(double)
    assert list(ds.as_numpy_iterator()) == [0, 12]
    # the line's lambdas in AutoGraph's breadth-first walk; the second map of `double` warns no more
    assert warnings_logged() == [_expected(double, 'lambda x: x * 2', 'lambda x: x % 3 == 0'),
                                 _expected(third, 'lambda x: x * 2', 'lambda x: x % 3 == 0')]


def test_parameters_that_differ_tell_the_lambdas_apart(warnings_logged):
    ds = tf.data.Dataset.range(4).map(lambda x: (x, x)).map(lambda x, y: x + y).map(lambda x: -x)
    assert list(ds.as_numpy_iterator()) == [0, -2, -4, -6]
    # the outer call's lambda comes first (breadth first); `lambda x, y` is the one with its parameters
    assert len(warnings_logged()) == 2 and 'lambda x, y' not in ''.join(warnings_logged())
    assert 'Match 0:\nlambda x: -x\n\nMatch 1:\nlambda x: (x, x)\n' in warnings_logged()[0]


def test_tf_function_and_map_fn_lambdas(warnings_logged):
    f, g = tf.function(lambda x: x + 1), tf.function(lambda x: x - 1)
    assert [int(f(tf.constant(1))), int(g(tf.constant(1))), int(f(tf.constant(2)))] == [2, 0, 3]
    assert warnings_logged() == [_expected(f.python_function, 'lambda x: x + 1', 'lambda x: x - 1'),
                                 _expected(g.python_function, 'lambda x: x + 1', 'lambda x: x - 1')]
    doubled = tf.map_fn(lambda x: x * 2, tf.range(3)); tripled = tf.map_fn(lambda x: x * 3, tf.range(3))  # noqa: E702
    assert doubled.numpy().tolist() == [0, 2, 4] and tripled.numpy().tolist() == [0, 3, 6]
    assert len(warnings_logged()) == 4


def test_one_lambda_a_line_and_do_not_convert_stay_quiet(warnings_logged):
    ds = tf.data.Dataset.range(3).map(
        lambda x: x + 1).map(
        lambda x: x + 2)
    quiet = tf.autograph.experimental.do_not_convert
    ds = ds.map(quiet(lambda x: x)).map(quiet(lambda x: x))
    assert list(ds.as_numpy_iterator()) == [3, 4, 5]
    assert warnings_logged() == []
