"""Kernel errors of the eager slow path end at '[Op:Mul]', without the fast path's ' name: ' tail, as TF 2.21's:
an op whose Python hands its operands to the kernel as given (multiply, subtract, pow, maximum, minimum,
squared_difference, floordiv, floormod, bias_add, concat, where) takes the slow path for a Python list or tuple
among them, or for a Keras variable (a layer's weight, keras.Variable). add and divide convert their operands
first, and so do reflected operators ([1., 2., 3.] * t) and a Keras variable's own operators (layer.kernel * t):
those keep the tail. Every ending below is TF 2.21's (notes/progs/lead45/slow.py, slow2.py, kvops.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

A = tf.ones((1, 2))
L = [1., 2., 3.]


def _kb():
    return keras.Variable(np.ones((4,), 'float32'))


CASES = [
    # (operation, the error text's end)
    (lambda: A * L, '[Op:Mul]'),
    (lambda: tf.multiply(A, L), '[Op:Mul]'),
    (lambda: A - L, '[Op:Sub]'),
    (lambda: A * tuple(L), '[Op:Mul]'),
    (lambda: tf.maximum(A, L), '[Op:Maximum]'),
    (lambda: tf.minimum(L, A), '[Op:Minimum]'),
    (lambda: tf.pow(A, L), '[Op:Pow]'),
    (lambda: A ** L, '[Op:Pow]'),
    (lambda: tf.math.squared_difference(A, L), '[Op:SquaredDifference]'),
    (lambda: A // L, '[Op:FloorDiv]'),
    (lambda: A % L, '[Op:FloorMod]'),
    (lambda: tf.ones((1, 2), tf.int32) * [1, 2, 3], '[Op:Mul]'),
    (lambda: A + L, '[Op:AddV2] name: '),
    (lambda: A / L, '[Op:RealDiv] name: '),
    (lambda: A * np.ones(3, 'float32'), '[Op:Mul] name: '),
    (lambda: L * A, '[Op:Mul] name: '),
    (lambda: L - A, '[Op:Sub] name: '),
    (lambda: L ** A, '[Op:Pow] name: '),
    (lambda: A * _kb(), '[Op:Mul]'),
    (lambda: A - _kb(), '[Op:Sub]'),
    (lambda: A ** _kb(), '[Op:Pow]'),
    (lambda: tf.multiply(_kb(), A), '[Op:Mul]'),
    (lambda: tf.subtract(_kb(), A), '[Op:Sub]'),
    (lambda: tf.minimum(_kb(), A), '[Op:Minimum]'),
    (lambda: keras.ops.multiply(A, _kb()), '[Op:Mul]'),
    (lambda: keras.ops.maximum(A, _kb()), '[Op:Maximum]'),
    (lambda: _kb() * keras.Variable(np.ones(3, 'float32')), '[Op:Mul]'),
    (lambda: tf.nn.bias_add(A, _kb()), '[Op:BiasAdd]'),
    (lambda: tf.concat([A, _kb()], 0), '[Op:ConcatV2]'),
    (lambda: tf.where(A > 0, A, _kb()), '[Op:SelectV2]'),
    (lambda: _kb() * A, '[Op:Mul] name: '),
    (lambda: _kb() - A, '[Op:Sub] name: '),
    (lambda: _kb() ** A, '[Op:Pow] name: '),
    (lambda: A + _kb(), '[Op:AddV2] name: '),
    (lambda: A / _kb(), '[Op:RealDiv] name: '),
    (lambda: tf.multiply(A, tf.Variable(np.ones(4, 'float32'))), '[Op:Mul] name: '),
    (lambda: A * _kb()[:3], '[Op:Mul] name: '),
]


@pytest.mark.parametrize('index', range(len(CASES)))
def test_the_error_ends_as_tfs(index):
    operation, end = CASES[index]
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        operation()
    assert str(caught.value).endswith(end), str(caught.value)
