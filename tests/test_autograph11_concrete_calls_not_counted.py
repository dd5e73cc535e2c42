"""Calls of a concrete function are not counted by tf.function's frequent-retracing warning, as in TF 2.21.

TF's Function.__call__ counts its own calls (traced or not); ConcreteFunction.__call__ does not. Golden
lines printed by TF 2.21 (/work/notes/progs/autograph11/p8.py):

    @tf.function
    def f(x):
        return x + 1
    for n in range(1, 5):
        f(tf.ones([n]))
    cf = f.get_concrete_function(tf.TensorSpec([7]))
    cf(tf.ones([7])); cf(tf.ones([7]))          # nothing logged
    f(tf.ones([8]))     # WARNING:tensorflow:5 out of the last 5 calls to <function f at 0x...> triggered ...
    f(tf.ones([9]))     # WARNING:tensorflow:6 out of the last 6 calls to ...
"""
import re

import framework as tf


def _warnings(caplog):
    found = [r.getMessage() for r in caplog.records if r.name == 'tensorflow']
    caplog.clear()
    return [re.match(r'\d+ out of the last \d+ calls', m).group(0) for m in found if 'retracing' in m]


def test_concrete_function_calls_are_not_counted(caplog):
    @tf.function
    def f(x):
        return x + 1
    with caplog.at_level('WARNING', logger='tensorflow'):
        for n in range(1, 5):
            f(tf.ones([n]))
        cf = f.get_concrete_function(tf.TensorSpec([7]))
        cf(tf.ones([7]))
        cf(tf.ones([7]))
        assert _warnings(caplog) == []
        f(tf.ones([8]))
        assert _warnings(caplog) == ['5 out of the last 5 calls']
        f(tf.ones([9]))
        assert _warnings(caplog) == ['6 out of the last 6 calls']
    assert f.experimental_get_tracing_count() == 7


def test_traces_made_by_get_concrete_function_do_not_count(caplog):
    @tf.function
    def g(x):
        return x + 1
    with caplog.at_level('WARNING', logger='tensorflow'):
        for n in range(1, 7):
            g.get_concrete_function(tf.TensorSpec([n]))(tf.ones([n]))
        g(tf.ones([1]))
        g(tf.ones([2]))
        assert _warnings(caplog) == []
        g(tf.ones([10])), g(tf.ones([11])), g(tf.ones([12]))
        assert _warnings(caplog) == []
        g(tf.ones([13]))        # TF 2.21: the 5th traced call among the function's last 6
        assert _warnings(caplog) == ['5 out of the last 6 calls']
