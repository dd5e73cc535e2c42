"""keras.optimizers.schedules.deserialize goes through the shared module-table rule
(framework/keras/module_table_deserialize.py), so it answers as Keras 3's deserialize_keras_object(module_objects=...)
where its own copy of the rule did not. Values printed by TF 2.21 / Keras 3 (`import keras;
S = keras.optimizers.schedules`, a script class Halving(S.LearningRateSchedule) with __init__(self, start)).
"""
import pytest

from framework import keras

S = keras.optimizers.schedules
DECAY = {'initial_learning_rate': 0.1, 'decay_steps': 10, 'decay_rate': 0.5}


class Halving(S.LearningRateSchedule):
    def __init__(self, start):
        self.start = start

    def __call__(self, step):
        return self.start

    def get_config(self):
        return {'start': self.start}


def test_a_custom_objects_name_is_the_object():
    # TF 2.21: S.deserialize('Halving', custom_objects={'Halving': Halving}) is Halving -> True (also in a
    # custom_object_scope, and for a builtins function entry naming it); tapeflow returned the string 'Halving'
    assert S.deserialize('Halving', custom_objects={'Halving': Halving}) is Halving
    with keras.saving.custom_object_scope({'Halving': Halving}):
        assert S.deserialize('Halving') is Halving
    entry = {'class_name': 'function', 'config': 'Halving', 'module': 'builtins'}
    assert S.deserialize(entry, custom_objects={'Halving': Halving}) is Halving


def test_a_built_in_saved_from_a_script_module_is_kerass_type_error():
    # TF 2.21: 'module': None is refused before the table is read, built-in or not; tapeflow built the schedule
    with pytest.raises(TypeError) as info:
        S.deserialize({'class_name': 'ExponentialDecay', 'config': dict(DECAY), 'module': None})
    assert str(info.value) == ('Cannot deserialize object of type `ExponentialDecay`. If `ExponentialDecay` is a '
                               'custom class, please register it using the '
                               '`@keras.saving.register_keras_serializable()` decorator.')


def test_a_function_entry_of_another_module_reads_its_registered_name():
    # TF 2.21: KeyError 'registered_name'; tapeflow returned None
    with pytest.raises(KeyError, match='registered_name'):
        S.deserialize({'class_name': 'function', 'config': 'x', 'module': 'foo'})


def test_a_list_item_needs_its_module():
    # TF 2.21: the items go through the plain deserializer, which finds a built-in only by its 'module'
    with pytest.raises(TypeError) as info:
        S.deserialize([{'class_name': 'ExponentialDecay', 'config': dict(DECAY)}])
    assert str(info.value).startswith("Could not locate class 'ExponentialDecay'. Make sure custom classes and "
                                      "functions are decorated with `@keras.saving.register_keras_serializable()`.")
    back = S.deserialize([S.serialize(S.ExponentialDecay(**DECAY))])
    assert [type(item) for item in back] == [S.ExponentialDecay]


def test_a_built_in_name_in_a_function_entry_still_fails_to_build():
    # TF 2.21: TypeError "Expected 'config' to be a dict for ExponentialDecay, ..."; tapeflow's TypeError is
    # its "could not be deserialized properly" (kept as before the shared rule)
    with pytest.raises(TypeError):
        S.deserialize({'class_name': 'function', 'config': 'ExponentialDecay', 'module': 'builtins'})
