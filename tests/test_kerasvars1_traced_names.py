"""Inside a tf.function a Keras variable's operators are Keras's ops, which TF 2.21's graph names as keras.ops
runs them: ``kernel * x`` is 'Mul' (a tensor's operator: 'mul'), ``kernel < x`` 'Less', ``int_kernel & 1``
'LogicalAnd'; keras.ops' comparisons and logical ops are graph tensors, not the eager values.
TF 2.21 printed every text below (notes/progs/kerasvars1/p5.py, p7.py)."""
import numpy as np

import framework as tf
from framework import keras


def _printed(capsys, fn, *args):
    traced = tf.function(fn)
    traced(*args)
    return capsys.readouterr().out.splitlines()


def test_a_keras_variables_operators_in_a_trace(capsys):
    ki = keras.Variable(np.array([1, 2], 'int32'))
    kf = keras.Variable(np.array([1., 2.], 'float32'))
    kb = keras.Variable(np.array([True, True]))

    def fn(x, i):
        for r in [ki & 1, kf < x, kf == x, kf != x, kf >= 1, 2 < kf, -kf, abs(kf), kf * x, kf + x, x * kf,
                  kf > 0.5, ~kb, kf ** 2, kf / 2.0, ki // 2, ki % 2, ki < 1.5, 1 & ki, True | kb, kf == i, kf * i,
                  kb ^ kb, kf - x]:
            print(r)
        return x
    names = [line.split('"')[1] for line in _printed(capsys, fn, tf.constant([1., 3.]), tf.constant([1, 2]))]
    assert names == ['LogicalAnd:0', 'Less:0', 'Equal:0', 'NotEqual:0', 'GreaterEqual:0', 'Greater:0', 'Neg:0',
                     'Abs:0', 'Mul:0', 'Add:0', 'mul_1:0', 'Greater_1:0', 'LogicalNot:0', 'Pow:0', 'truediv:0',
                     'floordiv:0', 'FloorMod:0', 'Less_1:0', 'LogicalAnd_1:0', 'LogicalOr:0', 'Equal_1:0', 'Mul_2:0',
                     'LogicalXor:0', 'Sub:0']


def test_keras_ops_comparisons_in_a_trace(capsys):
    o = keras.ops

    def fn(x, i):
        for r in [o.less(x, 1.0), o.less_equal(x, x), o.greater_equal(x, 1), o.not_equal(x, x), o.logical_and(i, 1),
                  o.logical_or(x, x), o.floor_divide(i, 2), o.mod(i, 2), o.true_divide(x, 2.0),
                  o.floor_divide(x, i), o.mod(x, 2.5), o.less(i, 1.5)]:
            print(r)
        return x
    lines = _printed(capsys, fn, tf.constant([1., 3.]), tf.constant([1, 2]))
    assert lines == [
        'Tensor("Less:0", shape=(2,), dtype=bool)', 'Tensor("LessEqual:0", shape=(2,), dtype=bool)',
        'Tensor("GreaterEqual:0", shape=(2,), dtype=bool)', 'Tensor("NotEqual:0", shape=(2,), dtype=bool)',
        'Tensor("LogicalAnd:0", shape=(2,), dtype=bool)', 'Tensor("LogicalOr:0", shape=(2,), dtype=bool)',
        'Tensor("floordiv:0", shape=(2,), dtype=int32)', 'Tensor("FloorMod:0", shape=(2,), dtype=int32)',
        'Tensor("truediv:0", shape=(2,), dtype=float32)', 'Tensor("floordiv_1:0", shape=(2,), dtype=float32)',
        'Tensor("FloorMod_1:0", shape=(2,), dtype=float32)', 'Tensor("Less_1:0", shape=(2,), dtype=bool)']


def test_eager_results_are_unchanged():
    kf = keras.Variable(np.array([1., 2.], 'float32'))
    assert (kf * tf.constant([1., 3.])).numpy().tolist() == [1.0, 6.0]
    assert (kf ** 2).numpy().tolist() == [1.0, 4.0]
