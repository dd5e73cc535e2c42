"""errors22: tf.data traces a stage's function when the stage is made, so an element that does not fit the function's
parameters fails at ds.map(...) / filter / flat_map / interleave in TF 2.21 (printed by
/work/notes/progs/errors22/p_map.py, p_map2.py), in autograph's words for the converted copy; tapeflow failed only at
the first element read. reduce's (state, element) function is not checked this way."""
import numpy as np
import pytest

import framework as tf

_PREFIX = 'in user code:\n\n\n    TypeError: outer_factory.<locals>.inner_factory.<locals>.'


def _two(a, b):
    return a


def _one(a):
    return a


_RANGE = tf.data.Dataset.range(5)
_PAIRS = tf.data.Dataset.from_tensor_slices((np.ones((4, 2), 'float32'), np.arange(4)))
_NAMED = tf.data.Dataset.from_tensor_slices({'x': [1, 2]})
# (one lambda a line: AutoGraph converts a lambda it can single out on its line)
_TWO_ARGUMENTS = lambda a, b: a       # noqa: E731
_THREE_ARGUMENTS = lambda a, b, c: a      # noqa: E731
_ONE_ARGUMENT = lambda a: True        # noqa: E731
_KEYWORD_ONLY = lambda a, *, k: a       # noqa: E731


@pytest.mark.parametrize('make, words', [
    (lambda: _RANGE.map(_TWO_ARGUMENTS), "<lambda>() missing 1 required positional argument: 'b'"),
    (lambda: _RANGE.map(_two), "tf___two() missing 1 required positional argument: 'b'"),
    (lambda: _PAIRS.map(_one), 'tf___one() takes 1 positional argument but 2 were given'),
    (lambda: _PAIRS.map(_THREE_ARGUMENTS), "<lambda>() missing 1 required positional argument: 'c'"),
    (lambda: _PAIRS.filter(_ONE_ARGUMENT), '<lambda>() takes 1 positional argument but 2 were given'),
    (lambda: _RANGE.map(_KEYWORD_ONLY), "<lambda>() missing 1 required keyword-only argument: 'k'"),
    (lambda: _NAMED.map(_TWO_ARGUMENTS), "<lambda>() missing 1 required positional argument: 'b'"),
])
def test_a_function_that_does_not_fit_the_element_fails_when_the_stage_is_made(make, words):
    with pytest.raises(TypeError) as caught:
        make()
    assert str(caught.value) == _PREFIX + words + '\n'


def test_fitting_functions_still_run():
    assert [int(v) for v in _RANGE.map(lambda a, b=2: a * b)] == [0, 2, 4, 6, 8]
    assert [int(v) for v in _PAIRS.map(lambda *a: a[1])] == [0, 1, 2, 3]
    assert int(_RANGE.reduce(np.int64(0), lambda s, a: s + a)) == 10
