"""Calls of a loaded SavedModel signature do not count toward tf.function's frequent-retracing warning,
and the warning names a decorated method as TF does.

TF 2.21 runs a signature's concrete function, which never reaches the tf.function's tracing detector:
saving six copies of a tf.Module (the simple_audio tutorial's ExportModel shape) and calling each loaded
copy's serving_default logs nothing. tapeflow traces a signature at its first call, and each such trace
counted as an eager call that traced, so it logged 'WARNING:tensorflow:5 out of the last 9 calls to
<bound method M.__call__ ...> triggered tf.function retracing' (probe: notes/progs/tutorials35/sv4.py).
For eager calls of a method decorated with tf.function, TF's warning names the plain function
('<function M.f at 0x...>'); tapeflow named the bound method (sv5.py, sv6.py).
"""
import importlib
import logging
import weakref

import numpy as np
import pytest

import framework as tf

retracing_warning = importlib.import_module('framework.retracing_warning')


class ExportLike(tf.Module):
    def __init__(self, key):
        self.v = tf.Variable(2.0)
        self.key = key

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        return {self.key: x * self.v}


class Plain:
    @tf.function
    def f(self, x):
        return x * 2


@pytest.fixture
def warnings_logged(caplog, monkeypatch):
    monkeypatch.setattr(retracing_warning, '_DETECTORS', weakref.WeakKeyDictionary())    # a fresh program's history
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        yield lambda: [r.getMessage() for r in caplog.records if 'retracing' in r.getMessage()]


def test_loaded_signature_calls_log_no_retracing_warning(tmp_path, warnings_logged):
    outputs = []
    for i in range(6):
        path = str(tmp_path / ('saved%d' % i))
        tf.saved_model.save(ExportLike('y%d' % i), path)
        signature = tf.saved_model.load(path).signatures['serving_default']
        outputs.append(signature(x=tf.constant([1.0, 2.0]))['y%d' % i].numpy())
        outputs.append(signature(x=tf.constant([1.0]))['y%d' % i].numpy())
    assert warnings_logged() == []
    np.testing.assert_array_equal(outputs[0], np.array([2., 4.], 'float32'))       # TF 2.21's values
    np.testing.assert_array_equal(outputs[-1], np.array([2.], 'float32'))


def _named(messages):
    return [m.split(' triggered ')[0].split(' at 0x')[0].split(' of <')[0] for m in messages]


def test_eager_calls_of_a_decorated_method_warn_naming_the_function(warnings_logged):
    modules = [ExportLike('y') for _ in range(5)]       # (held: TF binds methods weakly)
    for module in modules:
        module(tf.constant([1.0]))
    objects = [Plain() for _ in range(5)]
    for obj in objects:
        obj.f(tf.constant([1.0]))
    assert _named(warnings_logged()) == [
        '5 out of the last 5 calls to <function ExportLike.__call__',
        '5 out of the last 5 calls to <function Plain.f']


def test_a_tf_function_of_a_bound_method_is_named_as_the_bound_method(warnings_logged):
    objects = [Plain() for _ in range(5)]
    for obj in objects:
        tf.function(obj.f.python_function.__wrapped__.__get__(obj))(tf.constant([1.0]))
    assert _named(warnings_logged()) == ['5 out of the last 5 calls to <bound method Plain.f']
