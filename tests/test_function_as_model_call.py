"""A subclassed Model whose call is a tf.function: Keras 3 builds it by running the call in a scratch graph
under a StatelessScope, which is the function's one trace (its Keras variables deferred, so no second trace);
the real call replays it. TF 2.21 prints the trace once and counts 1 (notes/progs/autograph3/p31.py, p39.py;
a plain tf.function building a Dense traces twice)."""
import framework as tf
from framework import keras


class _Model(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(2, kernel_initializer='ones')

    @tf.function
    def call(self, x):
        print('Tracing call', x)
        return self.d(x)


def test_the_models_call_traces_once_in_its_build_run(capsys):
    m = _Model()
    assert m(tf.ones([1, 3])).numpy().tolist() == [[3.0, 3.0]]
    assert m.call.experimental_get_tracing_count() == 1
    assert m(tf.ones([1, 3])).numpy().tolist() == [[3.0, 3.0]]
    assert m(tf.ones([2, 3])).numpy().tolist() == [[3.0, 3.0], [3.0, 3.0]]
    assert m.call.experimental_get_tracing_count() == 2
    assert len(m.weights) == 2
    assert capsys.readouterr().out.splitlines() == [
        'Tracing call Tensor("x:0", shape=(1, 3), dtype=float32)',
        'Tracing call Tensor("x:0", shape=(2, 3), dtype=float32)']


def test_a_plain_function_building_a_dense_still_traces_twice(capsys):
    d = keras.layers.Dense(2, kernel_initializer='ones')

    @tf.function
    def f(x):
        print('Tracing f', x)
        return d(x)

    assert f(tf.ones([1, 3])).numpy().tolist() == [[3.0, 3.0]]
    assert f.experimental_get_tracing_count() == 2
    assert capsys.readouterr().out.splitlines() == ['Tracing f Tensor("x:0", shape=(1, 3), dtype=float32)'] * 2


def test_a_loop_in_the_models_call(capsys):
    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = keras.layers.Dense(1)

        @tf.function
        def call(self, x):
            for i in tf.range(2):
                x = x + 1.0
            print('x', x)
            return self.d(x)

    assert Model()(tf.ones([1, 2])).shape == (1, 1)
    assert capsys.readouterr().out.splitlines() == ['x Tensor("while:3", shape=(1, 2), dtype=float32)']
