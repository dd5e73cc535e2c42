"""LearningRateScheduler / ReduceLROnPlateau: what they print and refuse, as Keras 3.15 (TF 2.21).

Golden texts: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) fitting this file's model (Dense(1) on 8
seeded rows, SGD(0.2), epochs=2) with each schedule. Keras calls schedule(epoch, lr) and, on any
TypeError, schedule(epoch); the value must be a Python / numpy float, and messages format it with
f'{value}' (a float32 prints its float64 digits).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _fit(schedule):
    x = np.random.RandomState(0).normal(size=(8, 2)).astype('float32')
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.2), 'mse')
    callback = keras.callbacks.LearningRateScheduler(schedule, verbose=1)
    return model.fit(x, x[:, :1], epochs=2, verbose=0, callbacks=[callback])


def _two_arguments_failing_inside(epoch, lr):
    return len(5)


@pytest.mark.parametrize('schedule, printed', [
    (lambda *args: 0.1 * len(args), ['0.2', '0.2']),                   # called with (epoch, lr) first
    (lambda epoch, lr=0.5: lr / 2, ['0.10000000149011612', '0.05000000074505806']),
    (lambda epoch: np.float64(0.3), ['0.3', '0.3']),
    (lambda epoch, lr: np.float32(lr) * np.float32(0.5), ['0.10000000149011612', '0.05000000074505806']),
])
def test_schedule_forms_and_printed_rates(capsys, schedule, printed):
    _fit(schedule)
    lines = [line for line in capsys.readouterr().out.split('\n') if line]
    assert lines == ['Epoch %d: LearningRateScheduler setting learning rate to %s.' % (i + 1, rate)
                     for i, rate in enumerate(printed)]


def test_a_type_error_inside_a_two_argument_schedule_retries_it_with_the_epoch_alone():
    with pytest.raises(TypeError) as info:
        _fit(_two_arguments_failing_inside)
    assert str(info.value) == "_two_arguments_failing_inside() missing 1 required positional argument: 'lr'"


@pytest.mark.parametrize('schedule, shown', [
    (lambda epoch: 1, '1'), (lambda epoch: None, 'None'), (lambda epoch: [0.1], '[0.1]'),
    (lambda epoch: np.array(0.1), '0.1'), (lambda epoch: tf.constant(0.1), '0.10000000149011612'),
    (lambda epoch: True, 'True'),
])
def test_a_schedule_returning_no_float_is_refused_in_keras_words(schedule, shown):
    with pytest.raises(ValueError) as info:
        _fit(schedule)
    assert str(info.value) == 'The output of the `schedule` function should be a float. Got: ' + shown


@pytest.mark.parametrize('factor, shown', [(1.0, '1.0'), (2, '2'), (np.float32(1.5), '1.5')])
def test_reduce_lr_on_plateau_refuses_a_factor_of_one_or_more(factor, shown):
    with pytest.raises(ValueError) as info:
        keras.callbacks.ReduceLROnPlateau(factor=factor)
    assert str(info.value) == 'ReduceLROnPlateau does not support a factor >= 1.0. Received factor=' + shown
