"""Warnings TensorFlow logs on its 'tensorflow' logger print as TF prints them
(``WARNING:tensorflow:<message>``, its BASIC_FORMAT handler on stderr), not as Python warnings
with a file and line: the autodiff guide watches an int32 constant, and TF 2.21 printed
"WARNING:tensorflow:The dtype of the watched tensor must be floating (e.g. tf.float32), got
tf.int32" at most 5 times a program (log_first_n; notes/progs/tftutorials3/ad.py)."""
import io
import logging
import sys

import framework as tf
from framework import tape as tape_module
from framework import tf_logging


def test_watching_an_integer_tensor_logs_tensorflows_line_five_times(monkeypatch):
    stderr = io.StringIO()
    monkeypatch.setattr(sys, 'stderr', stderr)
    monkeypatch.setattr(logging.getLogger(), 'handlers', [])          # a plain script's root logger
    monkeypatch.setattr(logging.getLogger('tensorflow'), 'handlers', [])
    monkeypatch.setattr(tf_logging, '_configured', [])
    monkeypatch.setattr(tape_module._NOT_FLOATING, 'counts', {})
    x = tf.constant(10)
    for _ in range(7):
        with tf.GradientTape() as g:
            g.watch(x)
    line = 'WARNING:tensorflow:The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32'
    assert stderr.getvalue().splitlines() == [line] * 5


def test_a_configured_root_logger_gets_no_second_handler(monkeypatch):
    monkeypatch.setattr(logging.getLogger(), 'handlers', [logging.NullHandler()])
    monkeypatch.setattr(logging.getLogger('tensorflow'), 'handlers', [])
    monkeypatch.setattr(tf_logging, '_configured', [])
    assert tf_logging.logger().handlers == []
