"""An error in a branch of keras.ops.cond comes back worded by Keras 3's Cond operation, eagerly and in a
tf.function's trace (TF 2.21: 'Exception encountered when calling Cond.call().', the message in bold, the
arguments as text); a graph run's kernel error, raised when the graph runs, is not (progs/optimtraj28/p4_cond.py)."""
import re

import pytest

import framework as tf
from framework import keras

X = tf.constant(1.0)


def _good():
    return tf.cast(X, 'float16')


def _raiser():
    raise ValueError('mine')


class _TwoArgError(Exception):
    def __init__(self, a, b):
        super().__init__(a + b)


def _custom():
    raise _TwoArgError('a', 'b')


def _text(error):
    return re.sub(r' at 0x[0-9a-f]+', ' at 0xADDR', str(error))


def _banner(message, args):
    return ("Exception encountered when calling Cond.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by "
            "Cond.call():\n  \u2022 args=%s\n  \u2022 kwargs=<class 'inspect._empty'>" % (message, args))


@pytest.mark.parametrize('case', ['python_bool', 'false_branch', 'kernel', 'custom_class'])
def test_eager_branch_errors(case):
    good = "'<function _good at 0xADDR>'"
    if case == 'python_bool':
        call, kind = lambda: keras.ops.cond(True, _raiser, _good), ValueError
        expected = _banner('mine', "('True', '<function _raiser at 0xADDR>', %s)" % good)
    elif case == 'false_branch':
        call, kind = lambda: keras.ops.cond(X < 0, _good, _raiser), ValueError
        expected = _banner('mine', "('tf.Tensor(shape=(), dtype=bool)', %s, '<function _raiser at 0xADDR>')" % good)
    elif case == 'kernel':      # an OpError keeps its class, its message reworded
        branch = lambda: tf.gather(tf.constant([1., 2.]), 5)     # noqa: E731
        call, kind = lambda: keras.ops.cond(X > 0, branch, _good), tf.errors.InvalidArgumentError
        expected = _banner('{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                           'indices = 5 is not in [0, 2) [Op:GatherV2] name: ',
                           "('tf.Tensor(shape=(), dtype=bool)', '<function test_eager_branch_errors.<locals>.<lambda> "
                           "at 0xADDR>', %s)" % good)
    else:       # a class that cannot be built from one message: RuntimeError
        call, kind = lambda: keras.ops.cond(X > 0, _custom, _good), RuntimeError
        expected = _banner('ab', "('tf.Tensor(shape=(), dtype=bool)', '<function _custom at 0xADDR>', %s)" % good)
    with pytest.raises(kind) as raised:
        call()
    assert type(raised.value) is kind
    assert _text(raised.value) == expected      # TF 2.21's text (tapeflow raised the branch's error bare)
    if case == 'kernel':
        assert raised.value.error_code == 3


def test_traced_branch_error_inside_in_user_code():
    @tf.function
    def g2(x):
        def tb():
            raise ValueError('mine')

        def fb():
            return x
        return keras.ops.cond(x > 0, tb, fb)
    with pytest.raises(ValueError) as raised:
        g2(tf.constant(1.0))
    text = str(raised.value)
    assert text.startswith('in user code:\n\n')
    # TF 2.21: the Cond banner inside autograph's wrapper (its branch reprs are autograph's converted functions)
    assert ('    ValueError: Exception encountered when calling Cond.call().\n    \n    \x1b[1mmine\x1b[0m\n    \n'
            '    Arguments received by Cond.call():\n') in text
    assert "      \u2022 kwargs=<class 'inspect._empty'>\n" in text


def test_traced_dtype_refusal_is_worded_by_cond():
    @tf.function
    def g(x):
        return keras.ops.cond(x > 0, lambda: tf.cast(x, 'float16') + tf.constant(1.0), lambda: tf.cast(x, 'float16'))
    with pytest.raises(TypeError) as raised:
        g(tf.constant(1.0))
    # TF 2.21: the graph's TypeError, worded by Cond
    assert ("    TypeError: Exception encountered when calling Cond.call().\n    \n    \x1b[1mInput 'y' of 'AddV2' Op "
            "has type float32 that does not match type float16 of argument 'x'.\x1b[0m\n") in str(raised.value)


def test_graph_run_error_is_not_worded_by_cond():
    @tf.function
    def g3(x):
        return keras.ops.cond(x > 0, lambda: tf.gather(tf.constant([1., 2.]), 5), lambda: x)
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        g3(tf.constant(1.0))
    text = str(raised.value)
    # TF 2.21: 'Graph execution error: ... indices = 5 is not in [0, 2)', raised by the graph's run
    assert text.startswith('Graph execution error:') and 'Cond.call()' not in text
    assert 'indices = 5 is not in [0, 2)\n' in text


def test_inner_keras_wording_is_kept():
    class Bad(keras.layers.Layer):
        def call(self, x):
            raise ValueError('inner')
    layer = Bad()
    with pytest.raises(ValueError) as raised:
        keras.ops.cond(X > 0, lambda: layer(X), _good)
    text = str(raised.value)
    assert 'Exception encountered when calling Bad.call().' in text and 'Cond.call()' not in text
