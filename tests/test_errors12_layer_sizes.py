"""Layer sizes (units, groups, n) at Keras constructors as Keras 3.15 on TF 2.21 takes and refuses them.

Golden outcomes and texts from /work/notes/progs/errors12 (cases.py, the layer.*|units|* rows) run under
TF 2.21 + Keras 3.15: Dense and GroupNormalization check ``isinstance(x, int)`` (True is an int, numpy
integers are not); RNN cells check only ``units <= 0`` (strings, None and tuples fail that comparison with
Python's TypeError, scalar tensors pass); RepeatVector names the refused type's full path."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
X2 = np.linspace(0, 1, 6, dtype='float32').reshape(2, 3)
X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3)


def test_dense_of_true_has_one_unit():
    assert L.Dense(True)(X2).shape == (2, 1)
    assert L.TimeDistributed(L.Dense(True))(X3).shape == (2, 4, 1)


def test_dense_still_refuses_numpy_integers():
    with pytest.raises(ValueError) as info:
        L.Dense(np.int64(3))
    assert str(info.value) == 'Received an invalid value for `units`, expected a positive integer. Received: units=3'


@pytest.mark.parametrize('layer', [L.SimpleRNN, L.LSTM, L.GRU])
def test_rnn_units_true_is_one(layer):
    assert layer(True)(X3).shape == (2, 1)


def test_lstm_units_of_a_scalar_tensor():
    assert L.LSTM(tf.constant(3))(X3).shape == (2, 3)


@pytest.mark.parametrize('layer', [L.SimpleRNN, L.LSTM, L.GRU])
@pytest.mark.parametrize('units, text', [('4', "'<=' not supported between instances of 'str' and 'int'"),
                                         (None, "'<=' not supported between instances of 'NoneType' and 'int'"),
                                         ((4,), "'<=' not supported between instances of 'tuple' and 'int'")])
def test_rnn_units_that_are_no_number_fail_the_comparison(layer, units, text):
    with pytest.raises(TypeError) as info:
        layer(units)
    assert str(info.value) == text


def test_rnn_units_zero_keeps_keras_text():
    with pytest.raises(ValueError) as info:
        L.GRU(0)
    assert str(info.value) == 'Received an invalid value for argument `units`, expected a positive integer, got 0.'


def test_group_normalization_groups():
    assert L.GroupNormalization(groups=True)(X3).shape == (2, 4, 3)
    with pytest.raises(ValueError) as info:
        L.GroupNormalization(groups=np.int64(3))
    assert str(info.value) == ('Received an invalid value for argument `groups`, expected a positive integer (or `-1` '
                               'for instance normalization). Received: groups=3')


@pytest.mark.parametrize('n, shown', [(np.int64(3), 'numpy.int64'), (2.5, 'float'), (True, 'bool'),
                                      (tf.constant(3), 'tensorflow.python.framework.ops.EagerTensor')])
def test_repeat_vector_refuses_what_is_no_python_int(n, shown):
    with pytest.raises(TypeError) as info:
        L.RepeatVector(n)
    assert str(info.value) == "Expected an integer value for `n`, got <class '%s'>." % shown


@pytest.mark.parametrize('layer', [L.SimpleRNN, L.GRU])
@pytest.mark.parametrize('units', [np.int64(3), tf.constant(3)])
def test_single_state_rnn_refuses_a_state_size_that_is_no_python_int(layer, units):
    # Keras's cell keeps the units as its state_size; its RNN layer takes only ints, lists and tuples
    with pytest.raises(ValueError) as info:
        layer(units)
    assert str(info.value) == ('state_size must be an integer, or a list/tuple of integers (one for each state '
                               'tensor).')


def test_lstm_state_size_is_a_list_so_numpy_units_run():
    assert L.LSTM(np.int64(3))(X3).shape == (2, 3)
