"""Code AutoGraph does not convert, inside a tf.function: with autograph=False, or under
tf.autograph.experimental.do_not_convert, an ``if`` on a tensor asks the graph tensor's truth, which TF 2.21
refuses (OperatorNotAllowedInGraphError 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.
...'); tapeflow ran the branch. A generator function traced by tf.function logs AutoGraph's 'could not
transform ... Cause: generators are not supported' warning before the return-type TypeError. Values: TF 2.21
(notes progs/tutorials31/q20.py)."""
import logging

import pytest

import framework as tf

REFUSAL = 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.'


def test_autograph_off_refuses_a_tensor_if():
    @tf.function(autograph=False)
    def na(x):
        if x > 0:
            return x
        return -x
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as caught:
        na(tf.constant(1))
    assert str(caught.value).startswith(REFUSAL)


def test_do_not_convert_refuses_a_tensor_if():
    @tf.function
    @tf.autograph.experimental.do_not_convert
    def dnc(x):
        if x > 0:
            return x
        return -x
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError, match='Python `bool` is not allowed'):
        dnc(tf.constant(1))


def test_converted_code_still_runs_a_tensor_if():
    @tf.function
    def conv(x):
        if x > 0:
            return x
        return -x
    assert int(conv(tf.constant(-2))) == 2


def test_a_generator_warns_then_fails(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')

    def gen(x):
        yield x
    with pytest.raises(TypeError, match='To be compatible with tf.function'):
        tf.function(gen)(tf.constant(1))
    warnings = [r.getMessage() for r in caplog.records if 'AutoGraph could not transform' in r.getMessage()]
    assert len(warnings) == 1 and warnings[0].startswith('AutoGraph could not transform <function ')
    assert warnings[0].endswith(' and will run it as-is.\nCause: generators are not supported\nTo silence this '
                                'warning, decorate the function with @tf.autograph.experimental.do_not_convert')
