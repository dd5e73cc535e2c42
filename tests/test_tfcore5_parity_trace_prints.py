"""tf.print in a tf.function's first call writes after everything the trace printed, as TensorFlow
2.21 traces first and runs the graph after; a trace that raises, and Keras's symbolic call of a
layer, write nothing (progs/tfcore5/c06_perf.py, c07_order.py under /opt/tfref)."""
import sys

import pytest

import framework as tf
from framework import keras


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_a_first_call_prints_its_python_then_its_tf_prints(capsys):
    @tf.function
    def inner(x):
        print('py inner')
        tf.print('tf inner', x, output_stream=sys.stdout)
        return x + 1

    @tf.function
    def outer(x):
        print('py outer 1')
        tf.print('tf outer 1', x, output_stream=sys.stdout)
        y = inner(x)
        print('py outer 2')
        tf.print('tf outer 2', y, output_stream=sys.stdout)
        return y
    outer(tf.constant(1))
    outer(tf.constant(2))
    assert _lines(capsys) == ['py outer 1', 'py inner', 'py outer 2', 'tf outer 1 1', 'tf inner 1', 'tf outer 2 2',
                              'tf outer 1 2', 'tf inner 2', 'tf outer 2 3']


def test_a_function_creating_variables_traces_twice_then_runs_once(capsys):
    class C(tf.Module):
        def __init__(self):
            self.v = None

        @tf.function
        def __call__(self, x):
            print('py C')
            tf.print('tf C', x, output_stream=sys.stdout)
            if self.v is None:
                self.v = tf.Variable(1.0)
            return self.v + x
    c = C()
    c(tf.constant(1.0))
    assert _lines(capsys) == ['py C', 'py C', 'tf C 1']


def test_a_trace_that_raises_runs_no_tf_print(capsys):
    @tf.function
    def bad(x):
        tf.print('tf before error', output_stream=sys.stdout)
        print('py before error')
        raise ValueError('boom')
    with pytest.raises(ValueError):
        bad(tf.constant(1))
    assert _lines(capsys) == ['py before error']


def test_keras_symbolic_call_runs_no_tf_print(capsys):
    class Shout(keras.layers.Layer):
        def call(self, x):
            print('py layer')
            tf.print('tf layer', tf.shape(x), output_stream=sys.stdout)
            return x
    model = keras.Sequential([keras.Input((2,)), Shout(), keras.layers.Dense(1, kernel_initializer='ones')])
    assert _lines(capsys) == ['py layer']
    model(tf.ones([3, 2]))
    assert _lines(capsys) == ['py layer', 'tf layer [3 2]']
