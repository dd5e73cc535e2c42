"""RNN / Bidirectional reset_states is Keras 3's own method (an alias calling reset_state), so errors
name it; a Bidirectional that is not stateful refuses in Keras's words. Printed by TF 2.21
(/work/notes/progs/layers12/rnn1.py, bi1.py)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def test_reset_states_is_its_own_method():
    with pytest.raises(TypeError) as err:
        L.LSTM(3, stateful=True).reset_states(states=None)
    assert str(err.value) == "RNN.reset_states() got an unexpected keyword argument 'states'"


@pytest.mark.parametrize('method', ['reset_states', 'reset_state'])
def test_bidirectional_reset_needs_a_stateful_layer(method):
    with pytest.raises(AttributeError) as err:
        getattr(L.Bidirectional(L.LSTM(2)), method)()
    assert str(err.value) == 'Layer must be stateful.'


def test_reset_states_zeroes_a_stateful_layer():
    keras.utils.set_random_seed(5)
    layer = L.GRU(3, stateful=True)
    x = np.random.RandomState(0).standard_normal((2, 5, 3)).astype('float32')
    first = layer(x).numpy()
    assert not np.array_equal(layer(x).numpy(), first)     # carried on from the first call's state
    layer.reset_states()
    np.testing.assert_array_equal(layer(x).numpy(), first)
