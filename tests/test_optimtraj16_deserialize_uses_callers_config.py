"""keras.optimizers.deserialize / get / compile(optimizer=dict) lower-case a built-in class name and hand
from_config the caller's own 'config' dict, as Keras 3 does, so its changes show: LossScaleOptimizer
pops 'inner_optimizer' (the same dict deserialized again is KeyError 'inner_optimizer'), a schedule's
config is replaced by the schedule. Printed by TF 2.21 / Keras 3 (progs optimtraj16/p9_mutate.py):

    s = O.serialize(keras.mixed_precision.LossScaleOptimizer(O.Lion(0.01), dynamic_growth_steps=3))
    O.deserialize(s)          # ok; sorted(s['config']) == ['dynamic_growth_steps', 'initial_scale', 'name']
    O.deserialize(s)          # KeyError 'inner_optimizer'
    s = O.serialize(O.Lion(O.schedules.ExponentialDecay(0.1, 3, 0.5)))
    O.deserialize(s)          # type(s['config']['learning_rate']).__name__ == 'ExponentialDecay'; again: ok
    s = O.serialize(keras.mixed_precision.LossScaleOptimizer(O.Adafactor(0.01)))
    m.compile(optimizer=s, loss='mse')       # ok, then a second time: KeyError 'inner_optimizer'
"""
import pytest

from framework import keras

O = keras.optimizers


def test_second_deserialize_of_a_loss_scale_optimizer_dict_is_keras_key_error():
    s = O.serialize(keras.mixed_precision.LossScaleOptimizer(O.Lion(0.01), dynamic_growth_steps=3))
    assert sorted(s['config']) == ['dynamic_growth_steps', 'initial_scale', 'inner_optimizer', 'name']
    first = O.deserialize(s)
    assert type(first).__name__ == 'LossScaleOptimizer' and type(first.inner_optimizer).__name__ == 'Lion'
    assert first.dynamic_growth_steps == 3
    assert sorted(s['config']) == ['dynamic_growth_steps', 'initial_scale', 'name']
    with pytest.raises(KeyError, match='inner_optimizer'):
        O.deserialize(s)


def test_deserialize_leaves_the_schedule_in_the_callers_config():
    s = O.serialize(O.Lion(O.schedules.ExponentialDecay(0.1, 3, 0.5)))
    assert isinstance(s['config']['learning_rate'], dict)
    O.deserialize(s)
    schedule = s['config']['learning_rate']
    assert type(schedule).__name__ == 'ExponentialDecay' and schedule.decay_steps == 3
    again = O.deserialize(s)
    assert again.learning_rate is not None and type(again._learning_rate).__name__ == 'ExponentialDecay'


def test_compiling_twice_with_one_loss_scale_optimizer_dict():
    s = O.serialize(keras.mixed_precision.LossScaleOptimizer(O.Adafactor(0.01)))
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    m.compile(optimizer=s, loss='mse')
    assert type(m.optimizer).__name__ == 'LossScaleOptimizer'
    with pytest.raises(KeyError, match='inner_optimizer'):
        m.compile(optimizer=s, loss='mse')


def test_optimizers_deserialize_and_get_lower_case_the_callers_class_name():
    # TF 2.21 (p9_mutate.py): {'class_name': 'adamax', 'config': {'learning_rate': 0.5}} after O.get(s);
    # Lamb (not in Keras's ALL_OBJECTS) keeps its name; keras.layers.deserialize does not lower-case
    s = {'class_name': 'Adamax', 'config': {'learning_rate': 0.5}}
    assert type(O.get(s)).__name__ == 'Adamax'
    assert s == {'class_name': 'adamax', 'config': {'learning_rate': 0.5}}
    s = O.serialize(keras.mixed_precision.LossScaleOptimizer(O.Lion(0.01)))
    inner = s['config']['inner_optimizer']
    O.deserialize(s)
    assert s['class_name'] == 'lossscaleoptimizer' and inner['class_name'] == 'Lion'
    s = {'class_name': 'Lamb', 'config': {'learning_rate': 0.5}}
    O.deserialize(s)
    assert s['class_name'] == 'Lamb'
    s = {'module': 'keras.optimizers', 'class_name': 'Adam', 'config': {}}
    with pytest.raises(ValueError):
        keras.layers.deserialize(s)
    assert s['class_name'] == 'Adam'
