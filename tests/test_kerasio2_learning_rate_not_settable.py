"""Setting a number as the learning rate of an optimizer made with a schedule or a callable
(the callbacks guide's learning-rate scheduler, pointed at such an optimizer).

Keras 3.15 (keras/src/optimizers/base_optimizer.py, _set_learning_rate) raises TypeError with its
own words for a LearningRateSchedule, and for a callable calls its ``assign``: AttributeError
"'function' object has no attribute 'assign'" (both printed by TF 2.21 + Keras 3.15.1).
"""
import pytest

from framework import keras


def test_schedule_learning_rate_raises_keras_type_error():
    optimizer = keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5))
    with pytest.raises(TypeError) as info:
        optimizer.learning_rate = 0.01
    assert str(info.value) == (
        'This optimizer was created with a `LearningRateSchedule` object as its `learning_rate` constructor '
        'argument, hence its learning rate is not settable. If you need the learning rate to be settable, '
        'you should instantiate the optimizer with a float `learning_rate` argument.')


def test_callable_learning_rate_raises_attribute_error_as_keras():
    optimizer = keras.optimizers.SGD(learning_rate=lambda: 0.1)
    with pytest.raises(AttributeError) as caught:
        optimizer.learning_rate = 0.5
    assert str(caught.value) == "'function' object has no attribute 'assign'"     # TF's text; the advice in a note
    assert 'float `learning_rate`' in caught.value.__notes__[0]
    assert float(optimizer.learning_rate) == pytest.approx(0.1)     # unchanged


def test_float_learning_rate_stays_settable():
    optimizer = keras.optimizers.SGD(0.1)
    optimizer.learning_rate = 0.25
    assert float(optimizer.learning_rate) == 0.25
