"""TensorFlow's frequent-tracing warning for the tf.functions that pfor makes (jacobian,
batch_jacobian, tf.vectorized_map) and for a tf.function redefined in a loop: TF 2.21 keys its
detector on the Python function's code object, so the fifth and sixth such calls log
'5 out of the last 5 calls to <function f at ...> triggered tf.function retracing' and
'6 out of the last 6 ...' (progs/tfcore5/a03_jac.py, a04_loopfn.py under /opt/tfref)."""
import importlib
import logging
import weakref

import pytest

import framework as tf

retracing_warning = importlib.import_module('framework.retracing_warning')


@pytest.fixture
def warnings_logged(caplog, monkeypatch):
    monkeypatch.setattr(retracing_warning, '_DETECTORS', weakref.WeakKeyDictionary())    # a fresh program's history
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        yield lambda: [r.getMessage() for r in caplog.records if 'retracing' in r.getMessage()]


def _counts(messages, name):
    return [m.split(' calls to ')[0] + ' ' + m.split(' calls to ')[1].split(' at 0x')[0] for m in messages
            if name in m]


def test_a_function_redefined_in_a_loop_warns_at_its_fifth_and_sixth_trace(warnings_logged):
    for i in range(7):
        @tf.function
        def f(x):
            return x + i
        assert float(f(tf.constant(1.0))) == 1.0 + i
    assert _counts(warnings_logged(), '<function') == [
        '5 out of the last 5 <function test_a_function_redefined_in_a_loop_warns_at_its_fifth_and_sixth_trace'
        '.<locals>.f',
        '6 out of the last 6 <function test_a_function_redefined_in_a_loop_warns_at_its_fifth_and_sixth_trace'
        '.<locals>.f']


def test_jacobians_and_vectorized_map_count_as_pfor_traces(warnings_logged):
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.sigmoid(x)
    tape.jacobian(y, x)
    tape.jacobian(y, x, experimental_use_pfor=False)      # a Python loop in TF too: no trace
    tape.batch_jacobian(y, x)
    tf.vectorized_map(lambda t: t * 2.0, x)
    assert warnings_logged() == []
    tape.batch_jacobian(y, x)
    assert _counts(warnings_logged(), 'pfor.<locals>') == []     # 4 pfor calls so far
    tf.vectorized_map(lambda t: t * 2.0, x)
    tape.jacobian(y, x)
    tape.jacobian(y, x)
    assert _counts(warnings_logged(), 'pfor.<locals>') == ['5 out of the last 5 <function pfor.<locals>.f',
                                                  '6 out of the last 6 <function pfor.<locals>.f']


def test_pfor_inside_a_traced_function_makes_no_trace_of_its_own(warnings_logged):
    @tf.function
    def double(x):
        return tf.vectorized_map(lambda t: t * 2.0, x)
    for n in range(1, 8):
        double(tf.ones([n]))            # TF traces `double` each time (its own warnings), never pfor's f
    assert _counts(warnings_logged(), 'pfor.<locals>') == []


def test_keras_ops_vectorized_map_is_tf_vectorized_map(warnings_logged):
    from framework import keras
    for _ in range(6):
        keras.ops.vectorized_map(lambda t: t * 2.0, tf.constant([1.0, 2.0]))
    assert _counts(warnings_logged(), 'pfor.<locals>') == ['5 out of the last 5 <function pfor.<locals>.f',
                                                            '6 out of the last 6 <function pfor.<locals>.f']
