"""keras.optimizers.schedules.deserialize and an optimizer's schedule entry read as TF 2.21 / Keras 3 does.

Keras 3's schedules.deserialize is deserialize_keras_object(module_objects=globals() of its schedule module):
an unknown class name comes back as its string, a script's unregistered class (module None) is the TypeError
"Cannot deserialize object of type ...", a list item by item, and the base class is built. An optimizer's
from_config reads its learning_rate with the plain deserializer ("Could not locate class ..."), and
optimizers.deserialize wraps that TypeError in "... could not be deserialized properly". tapeflow raised its
own ValueError 'Unknown learning-rate schedule ...' for all of them. Texts printed by TF 2.21
(/work/notes/progs/optimtraj17/p3_unknown.py).
"""
import numpy as np
import pytest

from framework import keras

S = keras.optimizers.schedules
NOT_LOCATED = ("Could not locate class 'Halving'. Make sure custom classes and functions are decorated with "
               "`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all "
               "imported so that the decorator is run before trying to load them. Full object config: {'module': "
               "None, 'class_name': 'Halving', 'config': {'start': 0.1}, 'registered_name': 'Halving'}")
SCRIPT_HALVING = {'module': None, 'class_name': 'Halving', 'config': {'start': 0.1}, 'registered_name': 'Halving'}


def test_a_script_class_nothing_registers_is_kerass_type_error():
    with pytest.raises(TypeError) as info:
        S.deserialize(dict(SCRIPT_HALVING))
    assert str(info.value) == ('Cannot deserialize object of type `Halving`. If `Halving` is a custom class, please '
                               'register it using the `@keras.saving.register_keras_serializable()` decorator.')


@pytest.mark.parametrize('config, expected', [
    ({'class_name': 'Bogus', 'config': {}}, 'Bogus'),
    ({'class_name': 'Bogus', 'config': {'a': 1}, 'module': 'foo'}, 'Bogus'),
    ({'class_name': 'function', 'config': 'abc', 'module': 'builtins'}, 'abc'),
    (('abc',), ['abc']),
    (b'x', b'x'),
])
def test_an_unknown_name_or_plain_value_comes_back(config, expected):
    assert S.deserialize(config) == expected


def test_a_numpy_scalar_comes_back_and_a_set_is_unhashable():
    value = np.float32(2.0)
    assert S.deserialize(value) is value
    with pytest.raises(TypeError, match="unhashable type: 'set'"):
        S.deserialize({1, 2})


def test_the_base_class_is_built_and_built_ins_still_are():
    assert type(S.deserialize({'class_name': 'LearningRateSchedule', 'config': {}})) is S.LearningRateSchedule
    back = S.deserialize(S.serialize(S.PolynomialDecay(0.02, 4, end_learning_rate=0.001, power=0.5, cycle=True)))
    assert back.get_config() == {'initial_learning_rate': 0.02, 'decay_steps': 4, 'end_learning_rate': 0.001,
                                 'power': 0.5, 'cycle': True, 'name': 'PolynomialDecay'}


def _adam_config():
    return {'name': 'adam', 'learning_rate': dict(SCRIPT_HALVING), 'beta_1': 0.9}


def test_optimizer_from_config_reads_the_schedule_with_the_plain_deserializer():
    with pytest.raises(TypeError) as info:
        keras.optimizers.Adam.from_config(_adam_config())
    assert str(info.value) == NOT_LOCATED


def test_optimizers_deserialize_wraps_it_as_keras_does():
    with pytest.raises(TypeError) as info:
        keras.optimizers.deserialize({'module': 'keras.optimizers', 'class_name': 'Adam', 'config': _adam_config(),
                                      'registered_name': None})
    assert str(info.value) == (
        "<class 'keras.src.optimizers.adam.Adam'> could not be deserialized properly. Please ensure that components "
        "that are Python object instances (layers, models, etc.) returned by `get_config()` are explicitly "
        "deserialized in the model's `from_config()` method.\n\nconfig={'module': 'keras.optimizers', "
        "'class_name': 'Adam', 'config': {'name': 'adam', 'learning_rate': {'module': None, 'class_name': "
        "'Halving', 'config': {'start': 0.1}, 'registered_name': 'Halving'}, 'beta_1': 0.9}, "
        "'registered_name': None}.\n\nException encountered: " + NOT_LOCATED)
