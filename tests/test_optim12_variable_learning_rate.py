"""A Variable as an optimizer's constructor learning rate: Keras 3.15's ValueError text, the variable's
repr in it (TF 2.21 + Keras 3.15.1 printed str(e) for Adam(tf.Variable(0.01)) and Adam(keras.Variable(0.01))
in /work/notes/progs/optim12/traj.py); tapeflow's two ways round it stay as a note."""
import pytest

import framework as tf
from framework import keras

HEAD = ('Argument `learning_rate` should be float, or an instance of LearningRateSchedule, or a callable '
        '(that takes in the current iteration value and returns the corresponding learning rate value). '
        'Received instead: learning_rate=')


def test_a_tf_variable_is_refused_in_keras_words_with_its_repr():
    with pytest.raises(ValueError) as info:
        keras.optimizers.Adam(tf.Variable(0.01))
    assert str(info.value) == HEAD + "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=0.009999999776482582>"
    assert any('lambda: variable' in note for note in info.value.__notes__)


def test_a_keras_variable_is_refused_in_keras_words_with_its_repr():
    rate = keras.Variable(0.01)      # its path is 'variable' in a fresh session (numbered after others)
    with pytest.raises(ValueError) as info:
        keras.optimizers.SGD(rate)
    assert str(info.value) == HEAD + '<Variable path=%s, shape=(), dtype=float32, value=0.009999999776482582>' % rate.path


def test_a_numpy_scalar_still_shows_as_the_float_it_holds():
    import numpy as np
    with pytest.raises(ValueError) as info:
        keras.optimizers.SGD(np.float32(0.1))
    assert str(info.value) == HEAD + '0.10000000149011612'
