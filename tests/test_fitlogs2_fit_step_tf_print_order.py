"""tf.print in a step fit traces writes after the trace's Python prints, as TF runs the graph after
tracing it (fitlogs2). Expected lines: TF 2.21, /work/notes/progs/fitlogs2/p55.py and p48.py; tapeflow
wrote 'step 0' before 'trace train_step' (it runs the step's Python once for both).
"""
import sys

import numpy as np

import framework as tf
from framework import keras


class _Printing(keras.Model):
    def train_step(self, data):
        tf.print('step', self.optimizer.iterations, output_stream=sys.stdout)
        print('trace train_step')
        return super().train_step(data)


class _PrintingLayer(keras.layers.Layer):
    def call(self, t):
        tf.print('call', tf.shape(t)[0], output_stream=sys.stdout)
        print('trace call')
        return t


def test_tf_print_lines_follow_the_trace_of_fit_evaluate_and_predict(capsys):
    inp = keras.Input((2,))
    model = _Printing(inp, keras.layers.Dense(1)(_PrintingLayer()(inp)))
    model.compile('sgd', 'mse')
    x, y = np.ones((6, 2), 'float32'), np.zeros((6, 1), 'float32')
    print('built')
    model.fit(x, y, epochs=2, batch_size=4, verbose=0)
    print('evaluate')
    model.evaluate(x, y, batch_size=4, verbose=0)
    print('predict')
    model.predict(x, batch_size=4, verbose=0)
    assert capsys.readouterr().out.split('\n') == [
        'trace call', 'built', 'trace train_step', 'trace call', 'step 0', 'call 4', 'step 1', 'call 2', 'step 2',
        'call 4', 'step 3', 'call 2', 'evaluate', 'trace call', 'call 4', 'call 2', 'predict', 'trace call', 'call 4',
        'trace call', 'call 2', '']


def test_after_a_trace_that_runs_twice(capsys):
    # p48.py: a subclassed model built in its first step is traced again; both traces print first
    class Plain(keras.Model):
        def train_step(self, data):
            tf.print('step', self.optimizer.iterations, output_stream=sys.stdout)
            print('trace')
            return super().train_step(data)
    inp = keras.Input((4,))
    model = Plain(inp, keras.layers.Dense(1)(inp))
    model.compile('adam', 'mse')
    model.fit(np.ones((64, 4), 'float32'), np.ones((64, 1), 'float32'), epochs=1, batch_size=32, verbose=0)
    assert capsys.readouterr().out.split('\n') == ['trace', 'trace', 'step 0', 'step 1', '']
