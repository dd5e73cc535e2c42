"""Optimizer.from_config with a serialized learning-rate schedule, as Keras 3.15 does it.

Keras 3's ``from_config`` deserializes ``config['learning_rate']`` in the dict it is given
(``config["learning_rate"] = deserialize_keras_object(...)``) and builds the optimizer from that
dict, so afterwards the caller's config holds the schedule object the new optimizer uses, and a
second from_config of it works. Expected values: TF 2.21 / Keras 3.15 running the same calls
(/work/notes/progs/optimtraj/fromcfg.py printed the class names and configs pinned here); before,
tapeflow left the caller's dict as it was.
"""
import pytest

from framework import keras

SCHEDULES = {
    'cosine_warmup': lambda: keras.optimizers.schedules.CosineDecay(0.0, 20, warmup_target=0.1, warmup_steps=6),
    'exponential': lambda: keras.optimizers.schedules.ExponentialDecay(0.1, 5, 0.7),
    'restarts': lambda: keras.optimizers.schedules.CosineDecayRestarts(0.1, 4, t_mul=1.5, m_mul=0.8, alpha=0.1),
}


@pytest.mark.parametrize('name', sorted(SCHEDULES))
def test_from_config_puts_the_schedule_into_the_given_config(name):
    schedule = SCHEDULES[name]()
    config = keras.optimizers.SGD(schedule, momentum=0.9).get_config()
    assert sorted(config['learning_rate']) == ['class_name', 'config', 'module', 'registered_name']
    optimizer = keras.optimizers.SGD.from_config(config)
    assert type(config['learning_rate']) is type(schedule)
    assert config['learning_rate'].get_config() == schedule.get_config()
    assert optimizer.get_config()['learning_rate']['config'] == schedule.get_config()
    again = keras.optimizers.SGD.from_config(config)      # the schedule object is accepted as it is
    assert again.get_config()['learning_rate']['config'] == schedule.get_config()


def test_from_config_leaves_a_float_rate_and_the_other_keys():
    config = {'name': 'p', 'learning_rate': 0.5}
    keras.optimizers.Adam.from_config(config)
    assert config == {'name': 'p', 'learning_rate': 0.5}
