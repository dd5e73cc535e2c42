"""Initializers: Keras 3 names, configs, fan computation and sample statistics.

Statistical bounds use large draws (>= 120k values), so a 3% tolerance on a
standard deviation is many standard errors wide and the tests are stable.
"""
import math

import numpy as np
import pytest

import framework as tf
from layers import Dense, initializers
from layers.initializers import compute_fans


def draw(init, shape=(400, 300)):
    return np.asarray(init(shape).numpy(), np.float64)


@pytest.mark.parametrize('shape, fans', [
    ((), (1, 1)), ((7,), (7, 7)), ((5, 3), (5, 3)),
    ((3, 3, 16, 32), (144, 288)),            # receptive field 9 multiplies both fans
    ((2, 4, 6), (8, 12)),
])
def test_compute_fans_follows_keras(shape, fans):
    assert compute_fans(shape) == fans


@pytest.mark.parametrize('name, limit', [
    ('glorot_uniform', math.sqrt(6 / (400 + 300))),
    ('he_uniform', math.sqrt(6 / 400)),
    ('lecun_uniform', math.sqrt(3 / 400)),
])
def test_uniform_variance_scaling_limits_and_std(name, limit):
    x = draw(initializers.get(name))
    assert np.abs(x).max() <= limit
    assert np.abs(x).max() > 0.99 * limit
    assert abs(x.std() - limit / math.sqrt(3)) < 0.03 * limit / math.sqrt(3)
    assert abs(x.mean()) < 0.01 * limit


@pytest.mark.parametrize('name, variance', [
    ('glorot_normal', 2 / (400 + 300)),
    ('he_normal', 2 / 400),
    ('lecun_normal', 1 / 400),
])
def test_truncated_normal_variance_scaling_reaches_the_target_std(name, variance):
    x = draw(initializers.get(name))
    stddev = math.sqrt(variance)
    # the untruncated stddev is stddev / 0.8796...; samples stay within two of those
    assert np.abs(x).max() <= 2 * stddev / 0.87962566103423978 + 1e-7
    assert abs(x.std() - stddev) < 0.03 * stddev
    assert abs(x.mean()) < 0.02 * stddev


def test_variance_scaling_modes_and_untruncated_normal():
    x = draw(initializers.VarianceScaling(scale=3.0, mode='fan_out', distribution='untruncated_normal'))
    assert abs(x.std() - math.sqrt(3.0 / 300)) < 0.03 * math.sqrt(3.0 / 300)
    assert np.abs(x).max() > 3 * math.sqrt(3.0 / 300)          # not truncated
    y = draw(initializers.VarianceScaling(mode='fan_avg', distribution='uniform'))
    assert np.abs(y).max() <= math.sqrt(3 / 350)


@pytest.mark.parametrize('kwargs, message', [
    ({'scale': 0.0}, 'scale'), ({'mode': 'fan_sum'}, 'mode'), ({'distribution': 'cauchy'}, 'distribution'),
])
def test_variance_scaling_rejects_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        initializers.VarianceScaling(**kwargs)


def test_random_normal_uniform_truncated_defaults():
    n = draw(initializers.RandomNormal())
    assert abs(n.std() - 0.05) < 0.0015 and abs(n.mean()) < 0.001
    u = draw(initializers.RandomUniform())
    # the bounds as float32 (-0.05 rounds to -0.0500000007): an unseeded draw can hit the lower one
    assert u.min() >= np.float32(-0.05) and u.max() < np.float32(0.05) and abs(u.std() - 0.1 / math.sqrt(12)) < 0.001
    t = draw(initializers.TruncatedNormal(mean=1.0, stddev=0.1))
    assert t.min() >= 0.8 - 1e-6 and t.max() <= 1.2 + 1e-6


def test_constant_initializers():
    assert draw(initializers.get('zeros'), (2, 3)).tolist() == [[0.0] * 3] * 2
    assert draw(initializers.Ones(), (2,)).tolist() == [1.0, 1.0]
    assert draw(initializers.Constant(2.5), (3,)).tolist() == [2.5] * 3
    np.testing.assert_array_equal(draw(initializers.Identity(gain=2.0), (2, 3)), 2 * np.eye(2, 3))
    with pytest.raises(ValueError, match='2D'):
        initializers.Identity()((2, 2, 2))


@pytest.mark.parametrize('shape', [(6, 4), (4, 6), (3, 3, 5)])
def test_orthogonal_rows_or_columns_are_orthonormal(shape):
    q = draw(initializers.Orthogonal(gain=1.5), shape).reshape(-1, shape[-1])
    small = q.T @ q if q.shape[0] >= q.shape[1] else q @ q.T
    np.testing.assert_allclose(small, 1.5 ** 2 * np.eye(len(small)), atol=1e-5)


def test_set_random_seed_reproduces_layer_weights():
    # As Keras 3: unseeded initializers take their seeds from Python's random module, which
    # keras.utils.set_random_seed seeds (tf.random.set_seed alone does not fix them in Keras either).
    from framework import keras

    def kernel():
        layer = Dense(5, kernel_initializer='he_normal')
        layer.build((None, 4))
        return layer.kernel.numpy()
    keras.utils.set_random_seed(11)
    a = kernel()
    keras.utils.set_random_seed(11)
    b = kernel()
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, kernel())


def test_seeded_initializer_repeats_on_every_call():
    init = initializers.GlorotUniform(seed=3)
    np.testing.assert_array_equal(draw(init, (3, 4)), draw(init, (3, 4)))
    assert not np.array_equal(draw(init, (3, 4)), draw(initializers.GlorotUniform(seed=4), (3, 4)))


def test_get_by_name_class_instance_callable_and_errors():
    assert isinstance(initializers.get('GlorotUniform'), initializers.GlorotUniform)
    assert isinstance(initializers.get(initializers.HeNormal), initializers.HeNormal)
    same = initializers.Zeros()
    assert initializers.get(same) is same

    def fn(shape, dtype=None):
        return tf.ones(shape)
    assert initializers.get(fn) is fn
    with pytest.raises(ValueError, match='glorot_uniform'):       # the valid names are listed
        initializers.get('glorot_unifrom')
    value = np.arange(4.0).reshape(2, 2)
    np.testing.assert_array_equal(initializers.get(value)((2, 2)).numpy(), value)


def test_configs_match_keras_and_round_trip():
    # keys and values as keras.initializers.*().get_config() gives them (Keras 3.15)
    assert initializers.GlorotUniform().get_config() == {'seed': None, 'input_axes': None, 'output_axes': None}
    assert initializers.VarianceScaling().get_config() == {
        'seed': None, 'scale': 1.0, 'mode': 'fan_in', 'distribution': 'truncated_normal',
        'input_axes': None, 'output_axes': None}
    assert initializers.RandomNormal().get_config() == {'seed': None, 'mean': 0.0, 'stddev': 0.05}
    for init in (initializers.HeUniform(seed=2), initializers.Constant(0.3), initializers.Orthogonal(gain=2.0),
                 initializers.VarianceScaling(2.0, 'fan_out', 'uniform')):
        again = initializers.deserialize(initializers.serialize(init))
        assert type(again) is type(init) and again.get_config() == init.get_config()
