"""optimizer.load_own_variables assigns the saved values in order, as Keras 3's (variable.assign one by
one): a value of another shape raises Variable.assign's ValueError, the variables before it already set.

Printed by TF 2.21 / Keras 3 (/work/notes/progs/optimtraj10/c1_api.py, case loadown):
    o = keras.optimizers.SGD(momentum=0.9); o.build([tf.Variable(np.ones((4, 3))), tf.Variable(np.ones(3))])
    o.load_own_variables({'0': np.array(5, 'int64'), '1': np.full((4, 3), 2.0, 'float32'),
                          '2': np.full((3,), 3.0), '3': np.array(0.5)})
    -> ValueError: The shape of the target variable and the shape of the target value in
       `variable.assign(value)` must match. variable.shape=(), Received: value.shape=(4, 3).
       Target variable: <Variable path=sgd/learning_rate, shape=(), dtype=float32, value=0.009999999776482582>
    o.iterations.numpy() -> 5
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _built_sgd():
    keras.backend.clear_session()
    opt = keras.optimizers.SGD(momentum=0.9)
    opt.build([tf.Variable(np.ones((4, 3), 'float32')), tf.Variable(np.ones(3, 'float32'))])
    return opt


def test_a_value_of_another_shape_raises_assigns_error_after_the_earlier_ones():
    opt = _built_sgd()
    store = {'0': np.array(5, 'int64'), '1': np.full((4, 3), 2.0, 'float32'), '2': np.full((3,), 3.0),
             '3': np.array(0.5)}
    with pytest.raises(ValueError) as info:
        opt.load_own_variables(store)
    assert str(info.value) == (
        'The shape of the target variable and the shape of the target value in `variable.assign(value)` must '
        'match. variable.shape=(), Received: value.shape=(4, 3). Target variable: <Variable '
        'path=sgd/learning_rate, shape=(), dtype=float32, value=0.009999999776482582>')
    assert int(opt.iterations.numpy()) == 5         # TF 2.21: the iteration before it was set
    assert [v.numpy().tolist() for v in opt.variables[2:]] == [[[0.0] * 3] * 4, [0.0] * 3]


def test_matching_values_load_with_the_variables_dtypes():
    opt = _built_sgd()
    store = {'0': np.array(7, 'int64'), '1': np.array(0.25, 'float64'), '2': np.full((4, 3), 2.0),
             '3': np.full((3,), 3.0)}
    opt.load_own_variables(store)
    assert [v.dtype for v in opt.variables] == ['int64', 'float32', 'float32', 'float32']
    assert int(opt.iterations.numpy()) == 7
    assert float(opt.learning_rate.numpy()) == 0.25
    assert opt.variables[3].numpy().tolist() == [3.0, 3.0, 3.0]
