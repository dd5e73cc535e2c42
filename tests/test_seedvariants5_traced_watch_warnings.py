"""TensorFlow's log_first_n warnings are Python that runs while a tf.function is traced, never on the
calls that replay its graph. A step that watches an integer tensor, called with 3 then 4, logged
TF 2.21's 'The dtype of the watched tensor must be floating ...' once (tapeflow logged it on every
call); a first call that makes a variable traces twice there and logs it twice. Printed by TF 2.21
(notes/progs/seedvariants5/tape8.py, tape9.py):

    @tf.function
    def h(x):
        with tf.GradientTape() as g:
            g.watch(x); y = x * 2
        return g.gradient(y, x)
    h(tf.constant(3)); h(tf.constant(4))   # stderr: one WARNING:tensorflow:The dtype ... got tf.int32
"""
import io
import logging
import sys

import framework as tf
from framework import autodiff
from framework import tape as tape_module
from framework import tf_logging

_WATCH_LINE = 'WARNING:tensorflow:The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32'
_PRIMAL_LINE = 'WARNING:tensorflow:The dtype of the watched primal must be floating (e.g. tf.float32), got tf.int32'


def _plain_script_stderr(monkeypatch):
    stderr = io.StringIO()
    monkeypatch.setattr(sys, 'stderr', stderr)
    monkeypatch.setattr(logging.getLogger(), 'handlers', [])          # a plain script's root logger
    monkeypatch.setattr(logging.getLogger('tensorflow'), 'handlers', [])
    monkeypatch.setattr(tf_logging, '_configured', [])
    monkeypatch.setattr(tape_module._NOT_FLOATING, 'counts', {})
    return stderr


def test_a_replayed_step_does_not_log_the_integer_watch_again(monkeypatch):
    stderr = _plain_script_stderr(monkeypatch)

    @tf.function
    def h(x):
        with tf.GradientTape() as g:
            g.watch(x)
            y = x * 2
        return g.gradient(y, x)

    assert h(tf.constant(3)) is None
    assert h(tf.constant(4)) is None
    assert h.experimental_get_tracing_count() == 1
    assert stderr.getvalue().splitlines() == [_WATCH_LINE]
    # a new trace (a float input) runs the Python again; a float watch logs nothing
    assert float(h(tf.constant(5.))) == 2.0
    assert stderr.getvalue().splitlines() == [_WATCH_LINE]


def test_a_first_call_that_makes_a_variable_logs_for_both_of_its_traces(monkeypatch):
    stderr = _plain_script_stderr(monkeypatch)
    made = []

    @tf.function
    def h(x):
        if not made:
            made.append(tf.Variable(1.0))
        with tf.GradientTape() as g:
            g.watch(x)
            y = tf.cast(x, tf.float32) * made[0]
        return g.gradient(y, made[0])

    assert float(h(tf.constant(3))) == 3.0
    assert float(h(tf.constant(4))) == 4.0
    assert stderr.getvalue().splitlines() == [_WATCH_LINE] * 2


def test_an_integer_primal_logs_at_trace_time_only(monkeypatch):
    stderr = _plain_script_stderr(monkeypatch)
    monkeypatch.setattr(autodiff._NOT_FLOATING_PRIMAL, 'left', 5)

    @tf.function
    def k(x):
        with tf.autodiff.ForwardAccumulator(x, tf.constant(1)) as acc:
            y = x * 2
        return acc.jvp(y)

    assert k(tf.constant(3)) is None and k(tf.constant(5)) is None
    assert stderr.getvalue().splitlines() == [_PRIMAL_LINE]


def test_eager_watches_still_log_each_time_up_to_five(monkeypatch):
    stderr = _plain_script_stderr(monkeypatch)
    x = tf.constant(10)
    for _ in range(3):
        with tf.GradientTape() as g:
            g.watch(x)
    assert stderr.getvalue().splitlines() == [_WATCH_LINE] * 3
