"""MultiOptimizer's set_weights, errors and OptimizerMap's repr as Keras 3.15's.

Printed by TF 2.21 / Keras 3 (/work/notes/progs/optimtraj10/c10_mo_api.py):
    mo = MultiOptimizer(OptimizerMap(SGD(), {'a': Adam()})); mo.build([keras.Variable([1., 2.], name='a'), keras.Variable([3.], name='b')])
    mo.set_weights([np.array(5), np.array(7.0), np.array(0), np.array(0.5), np.zeros(2), np.zeros(2), np.array(3), np.array(0.25)])
    [v.numpy().tolist() for v in mo.variables] -> [5, 7.0, 0, 0.5, [0.0, 0.0], [0.0, 0.0], 3, 0.25]
    mo.set_weights([np.array(5)])  -> IndexError: list index out of range
    MultiOptimizer(lambda v: 3).build([keras.Variable(1.0, name='w')])
        -> ValueError: Optimizer for variable <Variable path=w, shape=(), dtype=float32, value=1.0> is not an Optimizer instance.
    MultiOptimizer(OptimizerMap(SGD())).apply([tf.constant(1.0)])
        -> ValueError: When passing `grads` without `variables`, the optimizer must already be built on a list of
           variables. Call `optimizer.build(trainable_variables)` first.
    repr(OptimizerMap(SGD())) -> <keras.src.optimizers.multi_optimizer.OptimizerMap object at 0x...>
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers


def _built():
    keras.backend.clear_session()
    mo = O.MultiOptimizer(O.OptimizerMap(O.SGD(), {'a': O.Adam()}))
    mo.build([keras.Variable([1.0, 2.0], name='a'), keras.Variable([3.0], name='b')])
    return mo


def test_set_weights_fills_own_variables_then_each_optimizer():
    mo = _built()
    mo.set_weights([np.array(5), np.array(7.0), np.array(0), np.array(0.5), np.zeros(2), np.zeros(2), np.array(3),
                    np.array(0.25)])
    assert [v.numpy().tolist() for v in mo.variables] == [5, 7.0, 0, 0.5, [0.0, 0.0], [0.0, 0.0], 3, 0.25]
    with pytest.raises(IndexError, match='list index out of range'):
        mo.set_weights([np.array(5)])


def test_errors_name_what_keras_names():
    with pytest.raises(ValueError, match=re.escape('Optimizer for variable <Variable path=w, shape=(), dtype=float32, '
                                                   'value=1.0> is not an Optimizer instance.')):
        O.MultiOptimizer(lambda v: 3).build([keras.Variable(1.0, name='w')])
    with pytest.raises(ValueError) as info:
        O.MultiOptimizer(O.OptimizerMap(O.SGD())).apply([tf.constant(1.0)])
    assert str(info.value) == ('When passing `grads` without `variables`, the optimizer must already be built on a '
                               'list of variables. Call `optimizer.build(trainable_variables)` first.')
    with pytest.raises(ValueError, match='not yet been built'):
        O.MultiOptimizer(O.OptimizerMap(O.SGD())).set_weights([np.array(1)])


def test_optimizer_map_repr_names_keras_module():
    assert repr(O.OptimizerMap(O.SGD())).startswith('<keras.src.optimizers.multi_optimizer.OptimizerMap object at 0x')
