"""RootMeanSquaredError's result inside a tf.function prints as TF 2.21's graph tensor (seed 002's
loop with the step in @tf.function and print(rmse.result()) in it): Keras 3 computes it as
ops.sqrt(Mean.result()), so the graph holds 'div_no_nan' then 'Sqrt', and both counters move on.

Golden lines printed by TF 2.21 / Keras 3 (notes/progs/seedvariants4/rmse9.py):
    r = keras.metrics.RootMeanSquaredError(); r2 = keras.metrics.RootMeanSquaredError(name='rm', dtype='float64')
    m = keras.metrics.Mean()
    @tf.function
    def f(a, b):
        print(r(a, b))
        r.update_state(a, b, sample_weight=tf.constant([1.0, 2.0]))
        print(r.result(), m(a), r.result())
        print(tf.sqrt(a), tf.math.divide_no_nan(a, b))
        with tf.name_scope('metrics'):
            print(r.result(), r2(a, b), r2.result())
        print(r2.result())
        return r.result()
    print(f(tf.ones([2, 1]), tf.zeros([2, 1])))
"""
import framework as tf
from framework import keras

_TF_LINES = [
    'Tensor("Sqrt:0", shape=(), dtype=float32)',
    'Tensor("Sqrt_1:0", shape=(), dtype=float32) Tensor("div_no_nan_2:0", shape=(), dtype=float32) '
    'Tensor("Sqrt_2:0", shape=(), dtype=float32)',
    'Tensor("Sqrt_3:0", shape=(2, 1), dtype=float32) Tensor("div_no_nan_4:0", shape=(2, 1), dtype=float32)',
    'Tensor("metrics/Sqrt:0", shape=(), dtype=float32) Tensor("metrics/Sqrt_1:0", shape=(), dtype=float64) '
    'Tensor("metrics/Sqrt_2:0", shape=(), dtype=float64)',
    'Tensor("Sqrt_4:0", shape=(), dtype=float64)',
    'tf.Tensor(1.0, shape=(), dtype=float32)',
]


def test_rmse_result_in_a_trace_prints_tf_graph_names(capsys):
    r = keras.metrics.RootMeanSquaredError()
    r2 = keras.metrics.RootMeanSquaredError(name='rm', dtype='float64')
    m = keras.metrics.Mean()

    @tf.function
    def f(a, b):
        print(r(a, b))
        r.update_state(a, b, sample_weight=tf.constant([1.0, 2.0]))
        print(r.result(), m(a), r.result())
        print(tf.sqrt(a), tf.math.divide_no_nan(a, b))
        with tf.name_scope('metrics'):
            print(r.result(), r2(a, b), r2.result())
        print(r2.result())
        return r.result()

    capsys.readouterr()
    print(f(tf.ones([2, 1]), tf.zeros([2, 1])))
    assert capsys.readouterr().out.splitlines() == _TF_LINES


def test_rmse_result_outside_a_trace_keeps_its_value():
    r = keras.metrics.RootMeanSquaredError()
    r.update_state(tf.constant([[1.0], [2.0]]), tf.constant([[1.5], [2.0]]), sample_weight=tf.constant([1.0, 3.0]))
    # TF 2.21: sqrt(0.25 * 1 / 4) = 0.25
    assert str(r.result()) == 'tf.Tensor(0.25, shape=(), dtype=float32)'
