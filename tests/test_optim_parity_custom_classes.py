"""A user's schedule or optimizer class is serialized and found again as Keras 3 does.

Expected dicts: keras 3.15 on TensorFlow 2.21 (/opt/tfref) serializing the same
classes: a class defined in a script has module None, and its registered name
is 'package>Name' after ``register_keras_serializable``, else the bare name.
Keras finds a registered class without ``custom_objects``; an unregistered one
only through them (Keras raises TypeError there, tapeflow ValueError, both
saying how to register it).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from optim import schedules as optim_schedules


class Halving(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, step):
        return self.rate * 0.5 ** tf.cast(step, 'float32')

    def get_config(self):
        return {'rate': self.rate}


RegisteredHalving = keras.saving.register_keras_serializable(package='optim_parity')(
    type('RegisteredHalving', (Halving,), {}))


def test_a_registered_schedule_round_trips_through_an_optimizer_config():
    optimizer = keras.optimizers.Adam(RegisteredHalving(0.1))
    config = optimizer.get_config()
    assert config['learning_rate'] == {'module': RegisteredHalving.__module__, 'class_name': 'RegisteredHalving',
                                       'config': {'rate': 0.1}, 'registered_name': 'optim_parity>RegisteredHalving'}
    restored = keras.optimizers.Adam.from_config(config)
    assert type(restored._learning_rate) is RegisteredHalving
    assert type(keras.optimizers.deserialize(keras.optimizers.serialize(optimizer))._learning_rate) is RegisteredHalving


def test_a_registered_schedule_survives_model_save_and_load(tmp_path):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(RegisteredHalving(0.1)), 'mse')
    model.fit(np.ones((4, 2), np.float32), np.ones((4, 1), np.float32), epochs=2, verbose=0)
    path = str(tmp_path / 'm.keras')
    model.save(path)
    loaded = keras.models.load_model(path)
    assert type(loaded.optimizer._learning_rate) is RegisteredHalving
    assert float(loaded.optimizer.learning_rate) == pytest.approx(0.025)


def test_an_unregistered_schedule_is_written_under_its_bare_name_and_needs_custom_objects():
    serialized = optim_schedules.serialize(Halving(0.1))
    assert serialized['registered_name'] == 'Halving' and serialized['class_name'] == 'Halving'
    # TF 2.21 (progs/optimtraj17/p3_unknown.py): a class of an importable module that nothing registers comes
    # back as its name, as Keras 3's deserialize_keras_object(module_objects=...) hands back unknown names
    assert optim_schedules.deserialize(serialized) == 'Halving'
    assert type(optim_schedules.deserialize(serialized, custom_objects={'Halving': Halving})) is Halving


def test_built_in_classes_keep_keras_module_and_no_registered_name():
    assert optim_schedules.serialize(optim_schedules.ExponentialDecay(0.1, 3, 0.5))['module'] == \
        'keras.optimizers.schedules'
    serialized = keras.optimizers.serialize(keras.optimizers.SGD())
    assert (serialized['module'], serialized['registered_name']) == ('keras.optimizers', None)


def test_a_registered_optimizer_subclass_is_found_by_deserialize():
    cls = keras.saving.register_keras_serializable(package='optim_parity')(
        type('ParityAdam', (keras.optimizers.Adam,), {}))
    serialized = keras.optimizers.serialize(cls(name='x'))
    assert serialized['registered_name'] == 'optim_parity>ParityAdam'
    assert type(keras.optimizers.deserialize(serialized)) is cls
