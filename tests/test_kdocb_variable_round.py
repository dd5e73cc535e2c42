"""round() of a Keras 3 variable is keras.ops.round of its value (a tf.Variable's is a TypeError).

Golden values from TensorFlow 2.21 + Keras 3.15 (KERAS_BACKEND=tensorflow), e.g.
round(keras.Variable(0.0123456), 5) -> float32 0.012350000441074371; the LearningRateScheduler
docstring prints round(model.optimizer.learning_rate, 5).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_round_keras_variable_to_digits():
    v = keras.Variable(0.0123456)
    r = round(v, 5)
    assert isinstance(r, tf.Tensor) and r.dtype == tf.float32
    assert float(r.numpy()) == 0.012350000441074371
    assert float(round(v).numpy()) == 0.0


def test_round_keras_variable_half_to_even_and_integers():
    v = keras.Variable(np.array([1.25, 2.35, -3.5]))
    np.testing.assert_array_equal(round(v, 1).numpy(), [1.2, 2.4, -3.5])      # float64 1.25 * 10 -> 12.5 -> 12
    np.testing.assert_array_equal(round(v).numpy(), [1.0, 2.0, -4.0])
    vi = keras.Variable(7)
    assert round(vi, 1).dtype == tf.int32 and int(round(vi, 1)) == 7


def test_round_optimizer_learning_rate():
    opt = keras.optimizers.SGD(0.1)
    assert float(round(opt.learning_rate, 3).numpy()) == 0.10000000149011612


def test_round_tf_variable_still_a_type_error():
    with pytest.raises(TypeError, match="type ResourceVariable doesn't define __round__ method"):
        round(tf.Variable(2.567), 1)
