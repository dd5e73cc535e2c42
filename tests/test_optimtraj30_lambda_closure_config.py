"""A learning-rate lambda's closure in an optimizer's serialized config, as TF 2.21's Keras 3 writes it.

Keras 3 files a lambda as a '__lambda__' entry whose value is (bytecode, defaults, closure values).
keras.optimizers.serialize, serialize_keras_object, a model's compile config and a LossScaleOptimizer's
get_config serialize every nested value, the closure's too: a closed-over tf.Variable becomes a '__tensor__'
entry, a numpy array a '__numpy__' one, and a closure holding the optimizer itself recurses until Python's
RecursionError. An optimizer's own get_config keeps the closure's values as they are.
Goldens: /work/notes/progs/optimtraj30/p4_closure_cfg.py and p5_serialize_closure.py under TF 2.21.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

# TF 2.21 printed these for the closure (arr, k, v) of p5's lambda
CLOSURE = ({'class_name': '__numpy__', 'config': {'value': [1.0, 2.0], 'dtype': 'float32'}}, 3,
           {'class_name': '__tensor__', 'config': {'value': 0.5, 'dtype': 'float32'}})


def _closure_lambda():
    v = tf.Variable(0.5)
    arr = np.array([1.0, 2.0], dtype='float32')
    k = 3
    return lambda: v * 0.01 + float(arr[0]) * k * 0.0


def _closure_of(entry):
    assert entry['class_name'] == '__lambda__'
    return entry['config']['value'][2]


@pytest.fixture(autouse=True)
def _quiet_lambda_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        yield


def test_serialize_writes_closure_values_as_keras_entries():
    opt = keras.optimizers.Adam(learning_rate=_closure_lambda())
    assert _closure_of(keras.optimizers.serialize(opt)['config']['learning_rate']) == CLOSURE
    assert _closure_of(keras.utils.serialize_keras_object(opt)['config']['learning_rate']) == CLOSURE


def test_compile_config_writes_closure_values_as_keras_entries():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(learning_rate=_closure_lambda()), 'mse')
    assert _closure_of(model.get_compile_config()['optimizer']['config']['learning_rate']) == CLOSURE


def test_own_get_config_keeps_closure_values_as_they_are():
    opt = keras.optimizers.Adam(learning_rate=_closure_lambda())
    closure = _closure_of(opt.get_config()['learning_rate'])
    assert isinstance(closure[0], np.ndarray) and closure[1] == 3 and isinstance(closure[2], tf.Variable)


def test_loss_scale_optimizer_serializes_inner_closure():
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(learning_rate=_closure_lambda()))
    inner = opt.get_config()['inner_optimizer']
    assert _closure_of(inner['config']['learning_rate']) == CLOSURE


def test_closure_holding_the_optimizer_recurses_in_loss_scale_config():
    holder = []
    opt = keras.optimizers.LossScaleOptimizer(
        keras.optimizers.Adam(learning_rate=lambda: 0.01 / (1.0 + tf.cast(holder[0].iterations, 'float32'))))
    holder.append(opt)
    with pytest.raises(RecursionError):
        opt.get_config()
