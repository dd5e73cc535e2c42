"""Keras 3's from_config works on the config it is given: Wrapper's pops 'layer' (TF 2.21: a config printed after
TimeDistributed / SpectralNormalization / a Wrapper subclass's from_config lacks 'layer'), RNN's 'cell',
StackedRNNCells' 'cells', and Lambda's leaves the deserialized function there; Bidirectional's copies it first.
tapeflow copied the dict (progs/layers20/wrap.py, fc.py)."""
import pytest

from framework import keras

L = keras.layers


class Doubled(L.Wrapper):
    def call(self, x):
        return self.layer(x) * 2


@pytest.mark.parametrize('make', [
    lambda: L.TimeDistributed(L.Dense(3)),
    lambda: L.SpectralNormalization(L.Dense(4), power_iterations=3),
    lambda: Doubled(L.Dense(2)),
])
def test_wrapper_from_config_pops_layer(make):
    wrapper = make()
    config = wrapper.get_config()
    rebuilt = type(wrapper).from_config(config)
    assert 'layer' not in config            # TF 2.21 gives: the other keys stay
    assert {'name', 'trainable', 'dtype'} <= set(config)
    assert type(rebuilt.layer) is type(wrapper.layer)
    assert rebuilt.get_config()['layer']['config']['units'] == wrapper.layer.units


def test_bidirectional_from_config_keeps_its_argument():
    config = L.Bidirectional(L.GRU(3, return_sequences=True), merge_mode='mul').get_config()
    L.Bidirectional.from_config(config)
    assert config['layer']['class_name'] == 'GRU'       # TF 2.21 gives (Keras copies it)


def test_rnn_and_stacked_cells_from_config_pop_their_cells():
    config = L.RNN(L.GRUCell(2)).get_config()
    L.RNN.from_config(config)
    assert 'cell' not in config and 'unroll' in config       # TF 2.21 gives
    config = L.StackedRNNCells([L.GRUCell(2), L.LSTMCell(3)]).get_config()
    L.StackedRNNCells.from_config(config)
    assert sorted(config) == ['dtype', 'name', 'trainable']     # TF 2.21 gives


def test_lambda_from_config_leaves_the_function_in_the_config():
    def doubled(x):
        return x * 2
    config = L.Lambda(doubled).get_config()
    L.Lambda.from_config(config, custom_objects={'doubled': doubled})
    assert config['function'] is doubled        # TF 2.21 gives: the deserialized function
    config = L.LSTM(2).get_config()
    L.LSTM.from_config(config)
    assert config['units'] == 2 and 'cell' not in config      # (LSTM's is cls(**config): nothing popped)
