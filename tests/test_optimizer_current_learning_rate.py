"""Keras 3's private Optimizer._get_current_learning_rate(), which forum code prints each epoch: the schedule's
value at the current step, the rate variable, or a callable's value, as TF 2.21 gives them (seedvariants5's
finding 3: Nadam(ExponentialDecay(0.01, 10, 0.9)) after 11 steps gives 0.0089056725)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_current_learning_rate_follows_the_schedule():
    optimizer = keras.optimizers.Nadam(keras.optimizers.schedules.ExponentialDecay(0.01, 10, 0.9))
    variable = tf.Variable(np.ones(2, np.float32))
    for _ in range(11):
        optimizer.apply_gradients([(tf.ones([2]), variable)])
    assert optimizer._get_current_learning_rate().numpy() == np.float32(0.0089056725)
    assert keras.optimizers.Adam(0.01)._get_current_learning_rate() is not None
    assert float(keras.optimizers.Adam(0.01)._get_current_learning_rate()) == pytest.approx(0.01)
    assert keras.optimizers.Adam(lambda: 0.5)._get_current_learning_rate() == 0.5
