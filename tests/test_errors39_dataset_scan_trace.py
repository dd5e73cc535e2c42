"""Dataset.scan traces scan_func once, as TF 2.21 does (and as tapeflow's reduce does): a Python print
runs once with graph tensors, and scan_func's failures are the trace's.

Printed by TF 2.21:
    ds = tf.data.Dataset.range(4)
    def f(s, x): print('trace', s, x); return s + x, s * 2
    list(ds.scan(tf.constant(0, tf.int64), f).as_numpy_iterator())
    -> trace Tensor("args_0:0", shape=(), dtype=int64) Tensor("args_1:0", shape=(), dtype=int64)
       [0, 0, 2, 6]
    list(ds.scan(0, lambda s, x: (s + 1, 1 / 0)))   -> StagingError, last line 'ZeroDivisionError: division by zero'
    list(ds.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, x * None)))
    -> ValueError ... "Tried to convert 'y' to a tensor and failed. Error: None values not supported."
"""
import pytest

import framework as tf


def test_python_print_runs_once_on_graph_tensors(capsys):
    def running_sum(state, x):
        print('trace', state, x)
        return state + x, state * 2
    out = list(tf.data.Dataset.range(4).scan(tf.constant(0, tf.int64), running_sum).as_numpy_iterator())
    assert [int(v) for v in out] == [0, 0, 2, 6]
    assert capsys.readouterr().out == (
        'trace Tensor("args_0:0", shape=(), dtype=int64) Tensor("args_1:0", shape=(), dtype=int64)\n')


def test_a_python_error_is_the_trace_staging_error():
    with pytest.raises(Exception) as info:
        list(tf.data.Dataset.range(4).scan(0, lambda s, x: (s + 1, 1 / 0)))
    assert type(info.value).__name__ == 'StagingError'
    assert str(info.value).strip().split('\n')[-1].strip() == 'ZeroDivisionError: division by zero'


def test_an_op_error_has_the_graph_words():
    with pytest.raises(ValueError) as info:
        list(tf.data.Dataset.range(4).scan(tf.constant(0, tf.int64), lambda s, x: (s + x, x * None)))
    assert str(info.value).strip().split('\n')[-1].strip() == (
        "ValueError: Tried to convert 'y' to a tensor and failed. Error: None values not supported.")
