"""ELU's config is Keras 3's automatic one (Keras's ELU writes no get_config): alpha as given, and Layer
keywords passed to the constructor keep their place. Printed by TF 2.21 (/work/notes/progs/layers9/eluc.py):
ELU(dtype='float16') -> ['name', 'alpha', 'dtype', 'trainable'] (tapeflow put trainable before dtype), ELU(1) has
alpha 1 (tapeflow 1.0), ELU(autocast=False) keeps 'autocast': False (tapeflow dropped it)."""
import pytest

from framework import keras


@pytest.mark.parametrize('args, kwargs, keys', [
    ((), {}, ['name', 'alpha', 'trainable', 'dtype']),
    ((), {'dtype': 'float16'}, ['name', 'alpha', 'dtype', 'trainable']),
    ((), {'trainable': False, 'name': 'q'}, ['name', 'alpha', 'trainable', 'dtype']),
    ((), {'autocast': False}, ['name', 'alpha', 'autocast', 'trainable', 'dtype']),
    ((0.3,), {'dtype': 'mixed_float16', 'trainable': True}, ['name', 'alpha', 'dtype', 'trainable']),
])
def test_keys_in_keras_order(args, kwargs, keys):
    assert list(keras.layers.ELU(*args, **kwargs).get_config()) == keys


def test_alpha_as_given_and_round_trip():
    assert repr(keras.layers.ELU(1).get_config()['alpha']) == '1'
    assert keras.layers.ELU([0.5, 1.0]).get_config()['alpha'] == [0.5, 1.0]
    config = keras.layers.ELU(0.3, dtype='float16', trainable=False).get_config()
    again = keras.layers.ELU.from_config(config).get_config()
    assert again['alpha'] == 0.3 and again['trainable'] is False and again['dtype'] == config['dtype']
