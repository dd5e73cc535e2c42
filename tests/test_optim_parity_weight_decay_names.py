"""exclude_from_weight_decay(var_names=...) picks the variables Keras 3 on TensorFlow picks.

Keras joins ``var_names`` into one unescaped regular expression and searches it
in the name of the tf.Variable under each weight: for a layer's weight that is
its path plus ':0' ('net/dense/kernel:0'), for a plain tf.Variable its name
('free:0'). Expected sets: keras 3.15 on TensorFlow 2.21 (/opt/tfref) running
this same model (AdamW, zero gradients, every weight set to 1) and listing the
weights left at 1.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

CASES = [
    (['layer_norm', 'bias'], ['dense/bias', 'layer_norm/gamma', 'layer_norm/beta', 'head/bias']),
    (['dense'], ['dense/kernel', 'dense/bias']),
    (['kernel:0$'], ['dense/kernel', 'head/kernel']),
    (['^kernel', 'gamma$', 'bias$'], []),
    (['head/'], ['head/kernel', 'head/bias']),
    (['(beta|gamma)'], ['layer_norm/gamma', 'layer_norm/beta']),
    (['^net/d'], ['dense/kernel', 'dense/bias']),
    (['free:0'], ['free']),
]


@pytest.mark.parametrize('var_names, undecayed', CASES)
def test_var_names_are_patterns_over_tensorflow_names(var_names, undecayed):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2, name='dense'),
                              keras.layers.LayerNormalization(name='layer_norm'), keras.layers.Dense(1, name='head')],
                             name='net')
    free = tf.Variable([1.0, 1.0], name='free')
    variables = model.trainable_variables + [free]
    for v in variables:
        v.assign(tf.ones_like(v))
    optimizer = keras.optimizers.AdamW(0.1, weight_decay=0.5)
    optimizer.exclude_from_weight_decay(var_names=var_names)
    optimizer.apply_gradients([(tf.zeros_like(v), v) for v in variables])
    kept = ['/'.join(v.path.split('/')[-2:]) for v in variables if np.all(v.numpy() == 1)]
    assert kept == undecayed
    decayed = [v for v in variables if '/'.join(v.path.split('/')[-2:]) not in undecayed]
    for v in decayed:
        np.testing.assert_allclose(v.numpy(), np.float32(1 - 0.1 * 0.5))
