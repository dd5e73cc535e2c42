"""Python assert statements on tensors in a tf.function, as TF 2.21's AutoGraph treats them (guide/autograph):
unconverted (the default) the trace refuses the tensor's truth value, true or not; with
Feature.ASSERT_STATEMENTS (or ALL) the assert is a tf.debugging.Assert whose failure is InvalidArgumentError.

Goldens printed by TF 2.21 (/work/notes/progs/tutorials13/probe_assert.py, probe_assert2.py).
"""
import os

import pytest

import framework as tf

F = tf.autograph.experimental.Feature
REFUSAL = 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the following resolutions'


# pytest rewrites assert statements in test modules, so the guide's functions live in a plain module
_SOURCE = """
def inverse(x):
    assert x != 0.0, 'Do not pass zero!'
    return 1.0 / x


def positive(x):
    assert x > 0
    return x


def flagged(x, flag):
    assert flag, 'python flag'
    return x


def branching(x):
    if x > 0:               # AutoGraph converts if statements: no refusal
        return x * x
    return -x


def checker_method(self, x):
    assert x > 0, 'negative'
    return x
"""


def _plain_module():
    import importlib.util
    import tempfile
    path = os.path.join(tempfile.mkdtemp(), 't13_guide_asserts.py')
    with open(path, 'w') as f:
        f.write(_SOURCE)
    spec = importlib.util.spec_from_file_location('t13_guide_asserts', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_guide = _plain_module()
inverse, positive, flagged, branching = _guide.inverse, _guide.positive, _guide.flagged, _guide.branching


@pytest.mark.parametrize('value', [0.0, 2.0])       # true or false: the trace fails either way
def test_an_unconverted_assert_on_a_tensor_is_refused(value):
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as info:
        tf.function(inverse)(tf.constant(value))
    text = str(info.value)
    assert text.startswith('in user code:\n\n') and "assert x != 0.0, 'Do not pass zero!'" in text
    assert text.splitlines()[-1].strip().startswith('OperatorNotAllowedInGraphError: ' + REFUSAL)


def test_without_autograph_the_refusal_is_bare():
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as info:
        tf.function(inverse, autograph=False)(tf.constant(0.0))
    assert str(info.value).startswith(REFUSAL)


def test_python_values_eager_calls_and_if_statements_are_unchanged():
    with pytest.raises(AssertionError) as info:
        tf.function(flagged)(tf.constant(1.0), False)
    assert str(info.value).splitlines()[-1].strip() == 'AssertionError: python flag'
    assert float(tf.function(flagged)(tf.constant(1.0), True)) == 1.0
    with pytest.raises(AssertionError, match='Do not pass zero!'):
        inverse(tf.constant(0.0))
    assert float(tf.function(branching)(tf.constant(3.0))) == 9.0
    assert float(tf.function(branching)(tf.constant(-3.0))) == 3.0


@pytest.mark.parametrize('options', [(F.ASSERT_STATEMENTS, F.EQUALITY_OPERATORS), F.ALL, F.ASSERT_STATEMENTS])
def test_a_converted_assert_is_the_assert_kernel(options):
    f = tf.function(inverse, experimental_autograph_options=options)
    assert float(f(tf.constant(2.0))) == 0.5
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(tf.constant(0.0))
    # TF 2.21: 'Graph execution error:\n\nDetected at node Assert/Assert defined at ...\n\nassertion failed: [Do not
    # pass zero!]\n\t [[{{node Assert/Assert}}]] [Op:__inference_inverse_<uid>]'
    assert str(info.value).startswith('Graph execution error:\n\nDetected at node Assert/Assert defined at')
    assert '\nassertion failed: [Do not pass zero!]\n' in str(info.value)
    assert float(f(tf.constant(4.0))) == 0.25       # a later call (a replay) still checks


def test_a_converted_assert_without_message():
    f = tf.function(positive, experimental_autograph_options=F.ASSERT_STATEMENTS)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(tf.constant(-1.0))
    assert '\nassertion failed: [Assertion error]\n' in str(info.value)


def test_a_method_keeps_its_options():
    class Checker(tf.Module):
        check = tf.function(_guide.checker_method, experimental_autograph_options=F.ASSERT_STATEMENTS)

    with pytest.raises(tf.errors.InvalidArgumentError, match=r'assertion failed: \[negative\]'):
        Checker().check(tf.constant(-2.0))


def test_a_py_functions_python_keeps_plain_asserts():
    # TF 2.21 runs a py_function's Python eagerly: a true assert passes, a false one is the kernel's error
    def body(x):
        return tf.py_function(_guide.positive, [x], tf.float32)

    assert float(tf.function(body)(tf.constant(2.0))) == 2.0
    with pytest.raises(tf.errors.UnknownError, match='AssertionError'):
        tf.function(body)(tf.constant(-2.0))
