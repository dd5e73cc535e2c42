"""Discretization takes no **kwargs, as Keras 3 (TF 2.21): an unknown or Layer-level keyword is Python's
TypeError naming the class; tapeflow raised ValueError 'Unrecognized keyword arguments ...' for an
unknown one and took trainable / input_shape / autocast."""
import inspect

import pytest

from framework import keras

D = keras.layers.Discretization


@pytest.mark.parametrize('keyword', ['bogus_arg', 'trainable', 'input_shape', 'autocast'])
def test_unexpected_keyword(keyword):
    # TF 2.21: TypeError "Discretization.__init__() got an unexpected keyword argument 'bogus_arg'"
    with pytest.raises(TypeError, match=r"^Discretization.__init__\(\) got an unexpected keyword argument '%s'$"
                       % keyword):
        D(bin_boundaries=[0.5], **{keyword: 1})


def test_signature_and_round_trip():
    assert list(inspect.signature(D.__init__).parameters)[1:] == [
        'bin_boundaries', 'num_bins', 'epsilon', 'output_mode', 'sparse', 'dtype', 'name']
    config = D(num_bins=2, name='d').get_config()
    # TF 2.21's config, and from_config gives it back
    assert config == {'bin_boundaries': None, 'num_bins': 2, 'epsilon': 0.01, 'output_mode': 'int', 'sparse': False,
                      'name': 'd', 'dtype': 'float32'}
    assert D.from_config(config).get_config() == config
    model = keras.Sequential([keras.Input((3,)), D(bin_boundaries=[0.5], name='e')])
    assert keras.Sequential.from_config(model.get_config()).layers[0].get_config()['bin_boundaries'] == [0.5]
