"""Learning-rate schedules, pinned to Keras 3.

Golden values: keras 3.15 on TensorFlow 2.21 (/opt/tfref), evaluating
``keras.optimizers.schedules.<Class>(**config)(np.int64(step))`` for steps 0..9
and printing with 9 significant digits (float32 round-trips).
"""
import numpy as np
import pytest

import framework as tf
from optim import SGD
from optim.schedules import (CosineDecay, ExponentialDecay, InverseTimeDecay, LearningRateSchedule,
                             PiecewiseConstantDecay, PolynomialDecay, deserialize, serialize)

GOLDEN = [
    ('exponential', ExponentialDecay, {'initial_learning_rate': 0.1, 'decay_steps': 3, 'decay_rate': 0.5},
     [0.100000001, 0.0793700516, 0.0629960522, 0.0500000007, 0.0396850258, 0.0314980261, 0.0250000004,
      0.0198425148, 0.0157490131, 0.0125000002]),
    ('exponential_staircase', ExponentialDecay,
     {'initial_learning_rate': 0.1, 'decay_steps': 3, 'decay_rate': 0.5, 'staircase': True},
     [0.100000001, 0.100000001, 0.100000001, 0.0500000007, 0.0500000007, 0.0500000007, 0.0250000004,
      0.0250000004, 0.0250000004, 0.0125000002]),
    ('inverse_time', InverseTimeDecay, {'initial_learning_rate': 0.1, 'decay_steps': 2, 'decay_rate': 0.5},
     [0.100000001, 0.0799999982, 0.0666666701, 0.0571428575, 0.0500000007, 0.0444444455, 0.0399999991,
      0.0363636352, 0.0333333351, 0.0307692308]),
    ('inverse_time_staircase', InverseTimeDecay,
     {'initial_learning_rate': 0.1, 'decay_steps': 2, 'decay_rate': 0.5, 'staircase': True},
     [0.100000001, 0.100000001, 0.0666666701, 0.0666666701, 0.0500000007, 0.0500000007, 0.0399999991,
      0.0399999991, 0.0333333351, 0.0333333351]),
    ('polynomial', PolynomialDecay,
     {'initial_learning_rate': 0.1, 'decay_steps': 4, 'end_learning_rate': 0.01, 'power': 2.0},
     [0.100000001, 0.0606250018, 0.0324999988, 0.015625, 0.00999999978, 0.00999999978, 0.00999999978,
      0.00999999978, 0.00999999978, 0.00999999978]),
    ('polynomial_cycle', PolynomialDecay,
     {'initial_learning_rate': 0.1, 'decay_steps': 4, 'end_learning_rate': 0.01, 'power': 0.5, 'cycle': True},
     [0.100000001, 0.0879422873, 0.0736396089, 0.0549999997, 0.00999999978, 0.0651135221, 0.0549999997,
      0.0418198034, 0.00999999978, 0.0549999997]),
    ('piecewise', PiecewiseConstantDecay, {'boundaries': [2, 5], 'values': [1.0, 0.5, 0.1]},
     [1, 1, 1, 0.5, 0.5, 0.5, 0.100000001, 0.100000001, 0.100000001, 0.100000001]),
    ('cosine', CosineDecay, {'initial_learning_rate': 0.1, 'decay_steps': 5, 'alpha': 0.1},
     [0.100000001, 0.0914057642, 0.0689057633, 0.0410942249, 0.0185942333, 0.0100000007, 0.0100000007,
      0.0100000007, 0.0100000007, 0.0100000007]),
    ('cosine_warmup', CosineDecay,
     {'initial_learning_rate': 0.0, 'decay_steps': 5, 'alpha': 0.05, 'warmup_target': 0.2, 'warmup_steps': 3},
     [0, 0.0666666701, 0.13333334, 0.200000003, 0.181856617, 0.134356603, 0.0756433681, 0.0281433798,
      0.0100000007, 0.0100000007]),
]
IDS = [case[0] for case in GOLDEN]


@pytest.mark.parametrize('name, cls, config, expected', GOLDEN, ids=IDS)
def test_schedule_matches_keras(name, cls, config, expected):
    schedule = cls(**config)
    got = [schedule(step) for step in range(10)]
    assert all(isinstance(v, tf.Tensor) and v.dtype == np.float32 and v.shape == () for v in got)
    np.testing.assert_allclose([float(v) for v in got], expected, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize('name, cls, config, expected', GOLDEN, ids=IDS)
def test_schedule_takes_arrays_and_int64_variables(name, cls, config, expected):
    schedule = cls(**config)
    np.testing.assert_allclose(schedule(np.arange(10)).numpy(), expected, rtol=1e-6, atol=1e-9)
    step = tf.Variable(7, dtype='int64', trainable=False)
    np.testing.assert_allclose(float(schedule(step)), expected[7], rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize('name, cls, config, expected', GOLDEN, ids=IDS)
def test_config_round_trip(name, cls, config, expected):
    schedule = cls(**config)
    again = cls.from_config(schedule.get_config())
    assert again.get_config() == schedule.get_config()
    for key, value in config.items():
        assert schedule.get_config()[key] == value
    data = serialize(schedule)
    assert data['module'] == 'keras.optimizers.schedules' and data['class_name'] == cls.__name__
    restored = deserialize(data)
    assert type(restored) is cls
    np.testing.assert_allclose(float(restored(4)), expected[4], rtol=1e-6, atol=1e-9)


def test_keras_default_names_and_arguments():
    assert ExponentialDecay(0.1, 10, 0.9).get_config() == {
        'initial_learning_rate': 0.1, 'decay_steps': 10, 'decay_rate': 0.9, 'staircase': False,
        'name': 'ExponentialDecay'}
    assert PolynomialDecay(0.1, 10).get_config() == {
        'initial_learning_rate': 0.1, 'decay_steps': 10, 'end_learning_rate': 0.0001, 'power': 1.0,
        'cycle': False, 'name': 'PolynomialDecay'}
    assert CosineDecay(0.1, 10).get_config() == {
        'initial_learning_rate': 0.1, 'decay_steps': 10, 'alpha': 0.0, 'name': 'CosineDecay',
        'warmup_target': None, 'warmup_steps': 0}
    assert PiecewiseConstantDecay([1], [0.1, 0.2]).get_config()['name'] == 'PiecewiseConstant'
    assert InverseTimeDecay(0.1, 10, 0.5).get_config()['name'] == 'InverseTimeDecay'


@pytest.mark.parametrize('make', [
    lambda: ExponentialDecay(0.1, 0, 0.5),
    lambda: InverseTimeDecay(0.1, -1, 0.5),
    lambda: PolynomialDecay(0.1, 0),
    lambda: CosineDecay(0.1, 0),
], ids=['exponential', 'inverse_time', 'polynomial', 'cosine'])
def test_decay_steps_must_be_positive(make):
    with pytest.raises(ValueError, match='decay_steps'):
        make()


def test_piecewise_checks_its_lists():
    with pytest.raises(ValueError, match='1 less than the length of values'):
        PiecewiseConstantDecay([1, 2], [0.1, 0.2])


def test_piecewise_with_unsorted_boundaries_adds_overlapping_ranges_as_keras():
    # TF 2.21 (/work/notes/progs/apifuzz6/p/pw.py): Keras 3 sums each range's indicator times its value
    schedule = PiecewiseConstantDecay([10, 5], [0.1, 0.2, 0.3])
    assert [float(schedule(i)) for i in (0, 5, 7, 10, 12)] == [np.float32(v) for v in (0.1, 0.1, 0.4, 0.4, 0.3)]
    schedule = PiecewiseConstantDecay([5, 10, 3], [0.1, 0.2, 0.3, 0.4])
    assert [float(schedule(i)) for i in (3, 4, 7, 12)] == [np.float32(v) for v in (0.1, 0.5, 0.6, 0.4)]


def test_piecewise_keeps_integer_values_and_boundary_is_inclusive():
    schedule = PiecewiseConstantDecay([3], [10, 20])
    assert schedule(3).dtype == np.int32 and int(schedule(3)) == 10 and int(schedule(4)) == 20


def test_deserialize_unknown_and_custom_schedules():
    class Halving(LearningRateSchedule):
        def __init__(self, start):
            self.start = start

        def __call__(self, step):
            return tf.constant(self.start * 0.5 ** float(step))

        def get_config(self):
            return {'start': self.start}

    assert deserialize(serialize(Halving(1.0))) == 'Halving'       # TF 2.21: the unknown name handed back
    restored = deserialize(serialize(Halving(1.0)), custom_objects={'Halving': Halving})
    assert float(restored(2)) == 0.25


def test_base_class_demands_call_and_config():
    with pytest.raises(NotImplementedError, match=r'must override `__call__\(self, step\)`'):
        LearningRateSchedule()(0)
    with pytest.raises(NotImplementedError, match=r'must override `get_config\(\)` in order to be serializable'):
        LearningRateSchedule().get_config()


def test_optimizer_evaluates_schedule_before_incrementing():
    schedule = PiecewiseConstantDecay([0, 1], [1.0, 0.5, 0.25])
    optimizer = SGD(learning_rate=schedule)
    w = tf.Variable([0.0])
    deltas = []
    for _ in range(3):
        before = float(w.numpy()[0])
        optimizer.apply_gradients([(tf.constant([-1.0]), w)])
        deltas.append(float(w.numpy()[0]) - before)
    assert deltas == [1.0, 0.5, 0.25]
    assert float(optimizer.learning_rate) == 0.25      # at iterations == 3


def test_integer_valued_schedule_is_cast_to_the_variable_dtype():
    optimizer = SGD(learning_rate=PiecewiseConstantDecay([0], [2, 1]))
    w = tf.Variable([0.0])
    for _ in range(2):
        optimizer.apply_gradients([(tf.constant([-1.0]), w)])
    assert w.numpy()[0] == 3.0
