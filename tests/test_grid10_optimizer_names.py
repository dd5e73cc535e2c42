"""keras.optimizers.get / compile(optimizer=) know the names Keras 3's ALL_OBJECTS holds, and Lamb is not one.

TF 2.21 + Keras 3: get('lamb'), get('Lamb') and get(serialize(Lamb())) raise
ValueError('Could not interpret optimizer identifier: ...') (its deserialize returns the bare class
name), while get('lion'), get('adafactor'), get('muon') make the optimizer. tapeflow made a Lamb,
so a ported program that compiled with 'lamb' trained where TF stops.
"""
import pytest

from framework import keras


@pytest.mark.parametrize('identifier', ['lamb', 'Lamb', {'class_name': 'Lamb', 'config': {}}])
def test_lamb_is_not_made_from_its_name(identifier):
    with pytest.raises(ValueError, match=r'^Could not interpret optimizer identifier: '):
        keras.optimizers.get(identifier)


def test_lamb_config_is_refused_as_keras_prints_it():
    config = keras.optimizers.serialize(keras.optimizers.Lamb())
    with pytest.raises(ValueError) as info:
        keras.optimizers.get(config)
    assert str(info.value) == 'Could not interpret optimizer identifier: %s' % (config,)


def test_compile_with_lamb_raises_and_the_class_still_trains():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    with pytest.raises(ValueError, match='Could not interpret optimizer identifier: lamb'):
        model.compile(optimizer='lamb', loss='mse')
    model.compile(optimizer=keras.optimizers.Lamb(0.01), loss='mse')
    assert type(model.optimizer).__name__ == 'Lamb'


@pytest.mark.parametrize('name, cls', [('lion', 'Lion'), ('adafactor', 'Adafactor'), ('muon', 'Muon'),
                                       ('AdamW', 'AdamW'), ('schedulefreeadamw', 'ScheduleFreeAdamW')])
def test_the_names_keras_knows_still_resolve(name, cls):
    assert type(keras.optimizers.get(name)).__name__ == cls
