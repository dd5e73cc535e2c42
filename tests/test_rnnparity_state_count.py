"""An RNN given more or fewer initial states than its cell has fails as Keras 3 on TF 2.21 does (texts
printed by TF 2.21, progs/rnnparity/r18_errs.py, r19_extra.py): too few hit the loop's ``states[i]``
(IndexError), too many its packing of the new states (ValueError); a GRU layer keeps the first state
(Keras's GRU.inner_loop takes initial_state[0]) and runs. tapeflow raised its own ValueError for all."""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers

X = np.random.RandomState(5).randn(8, 7, 4).astype('float32')


def _zeros(*shape):
    return np.zeros(shape, 'float32')


@pytest.mark.parametrize('make, states', [
    (lambda: layers.LSTM(3), [_zeros(8, 3)]),
    (lambda: layers.LSTM(3), _zeros(8, 3)),
    (lambda: layers.SimpleRNN(3), []),
    (lambda: layers.GRU(3), []),
])
def test_too_few_states_index_error(make, states):
    with pytest.raises(IndexError, match='(?s)^Exception encountered when calling .*list index out of range'):
        make()(X, initial_state=states)


@pytest.mark.parametrize('make, states, message', [
    (lambda: layers.LSTM(3), [_zeros(8, 3)] * 3, 'Too few leaves for PyTreeSpec; expected: 3, got: 2.'),
    (lambda: layers.SimpleRNN(3), [_zeros(8, 3)] * 2, 'Too few leaves for PyTreeSpec; expected: 2, got: 1.'),
])
def test_too_many_states_value_error(make, states, message):
    with pytest.raises(ValueError) as info:
        make()(X, initial_state=states)
    assert message in str(info.value)
    assert type(info.value) is ValueError


def test_gru_keeps_the_first_state():
    keras.utils.set_random_seed(1)
    layer = layers.GRU(3, return_state=True)
    s1 = np.random.RandomState(6).randn(8, 3).astype('float32')
    s2 = np.random.RandomState(7).randn(8, 3).astype('float32')
    both = layer(X, initial_state=[s1, s2])
    first = layer(X, initial_state=[s1])
    assert len(both) == 2
    for a, b in zip(both, first):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_conv_lstm_states_texts():
    x = np.random.RandomState(5).randn(2, 3, 5, 2).astype('float32')
    state = np.zeros((2, 5, 3), 'float32')
    with pytest.raises(IndexError, match='tuple index out of range'):
        layers.ConvLSTM1D(3, 2, padding='same')(x, initial_state=[state])
    with pytest.raises(ValueError, match='Too few leaves for PyTreeSpec; expected: 3, got: 2.'):
        layers.ConvLSTM1D(3, 2, padding='same')(x, initial_state=[state] * 3)
