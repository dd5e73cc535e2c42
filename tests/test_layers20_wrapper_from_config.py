"""Keras 3's Wrapper.from_config pops 'layer' from the config it is given (TF 2.21: a config printed after
TimeDistributed / SpectralNormalization / a Wrapper subclass's from_config lacks 'layer'); Bidirectional's copies
it first. tapeflow copied the dict for all of them (progs/layers20/wrap.py)."""
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
