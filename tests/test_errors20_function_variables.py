"""errors20: a tf.function whose body makes a tf.Variable on every trace fails on its first call, as TF 2.21's does:
TF traces a first call that made variables a second time with creation refused, and the unkept variable is made
again there ('tf.function only supports singleton tf.Variables created on the first call ...', in autograph's 'in
user code:' words; printed by TF 2.21, /work/notes/progs/errors20/p_fnvar.py, p_fnvar2.py). tapeflow computed the
first call and refused only the second ('Creating variables on a non-first call ...'). A variable the function
keeps (the guide's ``if self.v is None``) still works."""
import inspect

import pytest

import framework as tf

_SINGLETON = ('tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable '
              'is only created once or created outside tf.function. See '
              'https://www.tensorflow.org/guide/function#creating_tfvariables for more information.')


@tf.function
def _makes_one_each_time(x):
    v = tf.Variable(1.0)
    return v * x


class _KeepsIts(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(2.0)
        return self.v * x


def test_an_unkept_variable_fails_the_first_call_and_every_later_one():
    lines, first = inspect.getsourcelines(_makes_one_each_time.python_function)
    line = first + next(i for i, text in enumerate(lines) if 'tf.Variable' in text)
    expected = ('in user code:\n\n    File "%s", line %d, in _makes_one_each_time  *\n        v = tf.Variable(1.0)\n\n'
                '    ValueError: %s\n' % (__file__, line, _SINGLETON))
    for argument in (1.0, 2.0):
        with pytest.raises(ValueError) as caught:
            _makes_one_each_time(argument)
        assert str(caught.value) == expected


def test_a_kept_variable_is_made_once():
    module = _KeepsIts()
    assert float(module(3.0)) == 6.0
    assert float(module(4.0)) == 8.0
    assert float(module.v.numpy()) == 2.0
