"""errors22: iterating over a tensor inside a tf.function, as TF 2.21 allows and refuses it (printed by TF 2.21,
/work/notes/progs/errors22/p_iter.py, p_iter2.py). A ``for`` statement AutoGraph converts runs; a comprehension,
``a, b = x``, ``list(x)``, ``zip(x, y)`` / ``enumerate(x)`` and ``f(*x)`` raise OperatorNotAllowedInGraphError
while tracing (tapeflow ran them eagerly and returned values); with autograph=False the ``for`` fails too."""
import numpy as np
import pytest

import framework as tf
from framework.errors import OperatorNotAllowedInGraphError

_REFUSAL = (
    'Iterating over a symbolic `tf.Tensor` is not allowed. You can attempt the following resolutions to the problem: '
    'If you are running in Graph mode, use Eager execution mode or decorate this function with @tf.function. If you '
    'are using AutoGraph, you can try decorating this function with @tf.function. If that does not work, then you may '
    'be using an unsupported feature or your source code may not be visible to AutoGraph. See '
    'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/reference/limitations.md'
    '#access-to-source-code for more information.')

_X = tf.constant([[1.0, 2.0], [3.0, 4.0]])


@tf.function
def _comprehension(x):
    return tf.stack([r * 2 for r in x])


@tf.function
def _unpacking(x):
    a, b = x
    return a + b


@tf.function
def _listed(x):
    return tf.stack(list(x))


@tf.function
def _zipped(x, y):
    s = tf.zeros(2)
    for a, b in zip(x, y):
        s += a * b
    return s


@tf.function
def _spread(x):
    return tf.add(*x)


@tf.function
def _for_statement(x):
    s = tf.zeros(2)
    for r in x:
        s += r
    return s


@tf.function(autograph=False)
def _for_without_autograph(x):
    s = tf.zeros(2)
    for r in x:
        s += r
    return s


@tf.function
def _unstacked(x):
    a, b = tf.unstack(x)        # a list: no tensor is iterated by the user's code
    return a + b


@pytest.mark.parametrize('function, line, arguments', [
    (_comprehension, 'return tf.stack([r * 2 for r in x])', (_X,)),
    (_unpacking, 'a, b = x', (_X,)),
    (_listed, 'return tf.stack(list(x))', (_X,)),
    (_zipped, 'for a, b in zip(x, y):', (_X, _X)),
    (_spread, 'return tf.add(*x)', (_X,)),
])
def test_iterations_autograph_does_not_convert_are_refused(function, line, arguments):
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        function(*arguments)
    text = str(caught.value)
    assert text.startswith('in user code:\n\n    File "%s", line ' % __file__)
    assert text.endswith('  *\n        %s\n\n    OperatorNotAllowedInGraphError: %s\n' % (line, _REFUSAL))


def test_a_for_statement_runs_and_without_autograph_is_refused():
    np.testing.assert_array_equal(_for_statement(_X).numpy(), [4.0, 6.0])
    np.testing.assert_array_equal(_unstacked(_X).numpy(), [4.0, 6.0])
    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        _for_without_autograph(_X)
    assert str(caught.value) == _REFUSAL


def test_eager_code_still_iterates():
    a, b = _X
    assert [float(v) for v in a + b] == [4.0, 6.0]
