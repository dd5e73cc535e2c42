"""A constructor learning rate must be a Python float, a LearningRateSchedule or a callable, as in Keras 3.

Keras 3.15 (TF 2.21) checks ``isinstance(learning_rate, float)`` before it builds the learning-rate
variable, so SGD(1), SGD(np.float32(0.1)) and SGD(tf.constant(0.1)) raise ValueError there (tapeflow
took them: errors10 fuzzer A rows opt.*|lr_int / lr_bool / lr_tensor / lr_int_tensor). Texts printed by
/opt/tfref (tensorflow 2.21 + Keras 3) for the same calls; np.float64 is a float and is taken.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

HEAD = ('Argument `learning_rate` should be float, or an instance of LearningRateSchedule, or a callable (that '
        'takes in the current iteration value and returns the corresponding learning rate value). Received instead: ')


@pytest.mark.parametrize('make_rate, shown', [
    (lambda: 1, 'learning_rate=1'),
    (lambda: True, 'learning_rate=True'),
    (lambda: np.int64(1), 'learning_rate=1'),
    (lambda: np.float32(0.1), 'learning_rate=0.10000000149011612'),
    (lambda: tf.constant(0.1), 'learning_rate=0.10000000149011612'),
    (lambda: tf.constant(1), 'learning_rate=1'),
    (lambda: np.array(0.1), 'learning_rate=0.1'),
])
@pytest.mark.parametrize('name', ['SGD', 'Adam', 'RMSprop', 'Nadam', 'Ftrl'])
def test_a_learning_rate_that_is_no_python_float_is_refused_in_keras_words(name, make_rate, shown):
    with pytest.raises(ValueError) as info:
        getattr(keras.optimizers, name)(learning_rate=make_rate())
    assert str(info.value) == HEAD + shown
    assert 'pass a Python float' in info.value.__notes__[0]


@pytest.mark.parametrize('rate', [0.1, np.float64(0.1), -0.5, float('nan')])
def test_python_floats_and_float64_scalars_are_taken(rate):
    optimizer = keras.optimizers.SGD(learning_rate=rate)
    assert np.isnan(float(optimizer.learning_rate)) or float(optimizer.learning_rate) == np.float32(rate)


def test_an_int_assigned_after_construction_is_taken_as_keras_assigns_it_to_its_variable():
    optimizer = keras.optimizers.SGD(learning_rate=0.5)
    optimizer.learning_rate = 1
    assert float(optimizer.learning_rate) == 1.0
    optimizer.learning_rate = np.float32(0.25)
    assert float(optimizer.learning_rate) == 0.25


def test_schedules_and_callables_are_still_taken():
    schedule = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5)
    assert float(keras.optimizers.Adam(schedule).learning_rate) == pytest.approx(0.1)
    assert float(keras.optimizers.Adam(lambda: 0.2).learning_rate) == pytest.approx(0.2)
    assert float(keras.optimizers.get('sgd').learning_rate) == pytest.approx(0.01)
