"""Nadam on one 0-d variable, as seed 004's linear regression with a scalar weight trains it: TF 2.21's values
(seedvariants6's nad6.py); tapeflow raised numpy's 'return arrays must be of ArrayType' (sqrt into a numpy scalar)."""
import numpy as np

import framework as tf
from framework import keras


def test_nadam_trains_a_single_scalar_variable_as_tf():
    opt = keras.optimizers.Nadam(learning_rate=0.1)
    x = tf.Variable(0.0)
    xs, losses = [], []
    for _ in range(5):
        with tf.GradientTape() as tape:
            loss = (x - 3.0) ** 2
        opt.apply_gradients(zip(tape.gradient(loss, [x]), [x]))
        xs.append(x.numpy())
        losses.append(loss.numpy())
    assert xs == [np.float32(v) for v in (0.106278785, 0.18241477, 0.25182557, 0.31980568, 0.38813853)]
    assert losses == [np.float32(v) for v in (9.0, 8.373622, 7.9387865, 7.5524626, 7.183442)]
