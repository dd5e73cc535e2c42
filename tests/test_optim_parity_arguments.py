"""Bad optimizer arguments fail as Keras 3 does (exception type), with messages that say what to do.

Keras 3.15 on TensorFlow 2.21 (/opt/tfref) raises ValueError for each call below:
``SGD(momentum='a')`` ("`momentum` must be a float between [0, 1]."), an unknown
keyword ("Argument(s) not recognized: {'learnig_rate': 0.1}") and a Variable as
the learning rate ("Argument `learning_rate` should be float, or an instance of
LearningRateSchedule, or a callable ...").
"""
import pytest

import framework as tf
from framework import keras


def test_a_non_number_hyper_parameter_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match=r"^`momentum` must be a float between \[0, 1\]\.") as caught:
        keras.optimizers.SGD(momentum='a')
    assert caught.value.__notes__ == ["SGD: momentum='a' (of type str) is no float in [0, 1]"]
    with pytest.raises(ValueError, match='`rho` must be a number'):
        keras.optimizers.RMSprop(rho=None)


def test_an_unknown_keyword_is_both_a_value_error_and_a_type_error():
    with pytest.raises(ValueError, match=r"^Argument\(s\) not recognized: {'learnig_rate': 0.1}") as caught:
        keras.optimizers.Adam(learnig_rate=0.1)
    assert "'learnig_rate' (did you mean 'learning_rate'?)" in caught.value.__notes__[0]
    with pytest.raises(TypeError):
        keras.optimizers.Adam(learnig_rate=0.1)


def test_a_variable_learning_rate_is_refused_with_the_two_ways_round_it():
    rate = tf.Variable(0.3)
    with pytest.raises(ValueError, match='pass `lambda: variable`; to start from its value, pass `float\\(variable\\)`'):
        keras.optimizers.SGD(rate)
    # The callable follows the variable, in Keras as here.
    optimizer = keras.optimizers.SGD(lambda: rate)
    w = tf.Variable([1.0])
    optimizer.apply_gradients([(tf.constant([1.0]), w)])
    rate.assign(0.1)
    optimizer.apply_gradients([(tf.constant([1.0]), w)])
    assert w.numpy()[0] == pytest.approx(1.0 - 0.3 - 0.1)


def test_assigning_a_variable_to_a_float_rate_copies_its_value():
    # Keras 3's setter assigns the value into its own learning-rate variable.
    optimizer = keras.optimizers.SGD(0.1)
    optimizer.learning_rate = tf.Variable(0.5)
    assert float(optimizer.learning_rate.numpy()) == 0.5
    assert optimizer.learning_rate.path.endswith('/learning_rate')
