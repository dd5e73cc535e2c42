"""Ftrl, Lamb, Lion, Adafactor, LossScaleOptimizer and CosineDecayRestarts, pinned to Keras 3.15.

Golden values: Keras 3.15 (TensorFlow backend, float32) run on the same
variables with the same gradients (``W0``, ``B0``, ``gradients(k)`` below) for
four ``apply_gradients`` steps, printed and copied here rounded to 9 digits;
each follows from the formula in the optimizer's docstring.
"""
import math

import numpy as np
import pytest

import framework as tf
import optim
from framework.keras import optimizers as keras_optimizers

W0 = np.array([[0.5, -1.0, 0.25], [1.5, 0.0, -0.75]], np.float32)
B0 = np.array([0.1, -0.2, 0.3], np.float32)


def gradients(k):
    gw = np.array([[0.1, -0.3, 0.2], [0.05, 0.4, -0.1]], np.float32) * np.float32(1 + 0.5 * k) - np.float32(0.02 * k)
    gb = (np.array([0.2, -0.1, 0.05], np.float32) * (1 - 0.3 * k)).astype(np.float32)
    return gw, gb


def run(optimizer, steps=4):
    w, b = tf.Variable(W0.copy()), tf.Variable(B0.copy())
    for k in range(steps):
        gw, gb = gradients(k)
        optimizer.apply_gradients([(tf.constant(gw), w), (tf.constant(gb), b)])
    return w.numpy(), b.numpy()


MAKERS = {
    'ftrl': lambda: optim.Ftrl(learning_rate=0.1),
    'ftrl_l1l2': lambda: optim.Ftrl(learning_rate=0.1, learning_rate_power=-0.7, initial_accumulator_value=0.2,
                                    l1_regularization_strength=0.01, l2_regularization_strength=0.02,
                                    l2_shrinkage_regularization_strength=0.03, beta=0.5),
    'lamb': lambda: optim.Lamb(learning_rate=0.01),
    'lion': lambda: optim.Lion(learning_rate=0.01),
    'lion_betas': lambda: optim.Lion(learning_rate=0.05, beta_1=0.5, beta_2=0.8),
    'adafactor': lambda: optim.Adafactor(learning_rate=0.1),
    'adafactor_opts': lambda: optim.Adafactor(learning_rate=0.5, beta_2_decay=-0.5, epsilon_2=1e-2, clip_threshold=0.5,
                                              relative_step=False),
}
GOLDEN = {
    'ftrl': ([[-0.128097966, 0.004935065, -0.195468888], [-0.051612359, -0.289223075, 0.152312741]],
             [-0.097549647, 0.056142218, -0.030550998]),
    'ftrl_l1l2': ([[-0.06092022, 0.063795403, -0.10868267], [-0.031622827, -0.171143025, 0.081092782]],
                  [-0.043587286, 0.023309056, -0.01295921]),
    'lamb': ([[0.467050493, -0.967400968, 0.217171595], [1.466934204, -0.032761678, -0.717588723]],
             [0.09147805, -0.191478044, 0.291478068]),
    'lion': ([[0.460000038, -0.960000038, 0.209999979], [1.460000038, -0.039999999, -0.710000038]],
             [0.06000001, -0.159999982, 0.26000005]),
    'lion_betas': ([[0.299999952, -0.799999952, 0.050000008], [1.300000191, -0.200000003, -0.549999952]],
                   [-0.100000001, -7e-09, 0.100000009]),
    'adafactor': ([[0.101982735, -0.717072785, -0.130822748], [1.348446965, -0.321134031, -0.534516037]],
                  [0.048566211, -0.148566216, 0.24856621]),
    'adafactor_opts': ([[-0.43394804, -0.347393394, -0.632456899], [1.141978979, -0.743691206, -0.252916098]],
                       [-0.04145544, -0.058544558, 0.15854457]),
}


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_trajectories_match_keras(name):
    w, b = run(MAKERS[name]())
    np.testing.assert_allclose(w, GOLDEN[name][0], rtol=1e-6, atol=2e-7)
    np.testing.assert_allclose(b, GOLDEN[name][1], rtol=1e-6, atol=2e-7)


def test_lion_moves_every_coordinate_by_the_learning_rate():
    # One step from zero momentum: var -= lr * sign((1 - beta_1) * g).
    w = tf.Variable(W0.copy())
    optim.Lion(learning_rate=0.25).apply_gradients([(tf.constant(gradients(0)[0]), w)])
    np.testing.assert_array_equal(w.numpy(), W0 - np.float32(0.25) * np.sign(gradients(0)[0]))


def test_lamb_trust_ratio_is_per_variable():
    # The first Lamb step is lr * ||var|| / ||update|| * update, update = m_hat / (sqrt(v_hat) + eps) = sign(g) (nearly):
    # so every variable moves by lr * ||var|| / sqrt(size) per element, whatever its gradient's scale.
    w = tf.Variable(W0.copy())
    optim.Lamb(learning_rate=0.1).apply_gradients([(tf.constant(gradients(0)[0] * 1000), w)])
    step = np.abs(w.numpy() - W0)
    np.testing.assert_allclose(step, 0.1 * np.linalg.norm(W0) / math.sqrt(W0.size), rtol=1e-5)
    assert not optim.Lamb.elementwise_update and not optim.Adafactor.elementwise_update
    # Ftrl's pow is TensorFlow's, whose bits depend on an element's place in its own variable
    assert optim.Lion.elementwise_update and not optim.Ftrl.elementwise_update


def test_adafactor_keeps_row_and_column_statistics_as_keras():
    # Keras 3.15's optimizer.variables after build([w (2, 3), b (3,)]): iteration, learning_rate,
    # w's row (2,), column (3,), velocity (2, 3), then b's two unused scalars and velocity (3,).
    optimizer = optim.Adafactor()
    optimizer.build([tf.Variable(W0), tf.Variable(B0)])
    assert [tuple(v.shape) for v in optimizer.variables] == [(), (), (2,), (3,), (2, 3), (), (), (3,)]


def test_ftrl_starts_its_accumulators_at_initial_accumulator_value():
    optimizer = optim.Ftrl(initial_accumulator_value=0.3)
    w = tf.Variable(W0)
    optimizer.build([w])
    np.testing.assert_allclose(optimizer.get_slot(w, 'accumulator').numpy(), np.full((2, 3), 0.3, np.float32))
    np.testing.assert_array_equal(optimizer.get_slot(w, 'linear').numpy(), np.zeros((2, 3), np.float32))


@pytest.mark.parametrize('make', [lambda: optim.Adafactor(0.1), lambda: optim.Ftrl(0.1), lambda: optim.Lamb(0.1),
                                  lambda: optim.Lion(0.1),
                                  lambda: optim.LossScaleOptimizer(optim.Adam(0.1), initial_scale=4.0)],
                         ids=['Adafactor', 'Ftrl', 'Lamb', 'Lion', 'LossScaleOptimizer'])
def test_saved_state_resumes_the_same_trajectory(make):
    # save_own_variables -> load_own_variables into a fresh optimizer: the next step gives the same bits.
    optimizer = make()
    w, b = tf.Variable(W0.copy()), tf.Variable(B0.copy())
    for k in range(3):
        gw, gb = gradients(k)
        optimizer.apply_gradients([(tf.constant(gw), w), (tf.constant(gb), b)])
    store = {}
    optimizer.save_own_variables(store)
    restored = make()
    w2, b2 = tf.Variable(w.numpy()), tf.Variable(b.numpy())
    restored.build([w2, b2])
    restored.load_own_variables(store)
    gw, gb = gradients(3)
    optimizer.apply_gradients([(tf.constant(gw), w), (tf.constant(gb), b)])
    restored.apply_gradients([(tf.constant(gw), w2), (tf.constant(gb), b2)])
    np.testing.assert_array_equal(w2.numpy(), w.numpy())
    np.testing.assert_array_equal(b2.numpy(), b.numpy())


# Keras 3.15's get_config() of each optimizer built with its defaults (the name left out: it is numbered).
BASE = {'learning_rate': 0.0010000000474974513, 'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None,
        'clipvalue': None, 'use_ema': False, 'ema_momentum': 0.99, 'ema_overwrite_frequency': None,
        'loss_scale_factor': None, 'gradient_accumulation_steps': None}
CONFIGS = {
    'Ftrl': dict(BASE, learning_rate_power=-0.5, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, l2_shrinkage_regularization_strength=0.0, beta=0.0),
    'Lamb': dict(BASE, beta_1=0.9, beta_2=0.999, epsilon=1e-07),
    'Lion': dict(BASE, beta_1=0.9, beta_2=0.99),
    'Adafactor': dict(BASE, beta_2_decay=-0.8, epsilon_1=1e-30, epsilon_2=0.001, clip_threshold=1.0,
                      relative_step=True),
}


@pytest.mark.parametrize('name', sorted(CONFIGS))
def test_configs_match_keras_and_round_trip(name):
    optimizer = getattr(keras_optimizers, name)()
    config = optimizer.get_config()
    assert config.pop('name').startswith(name.lower())
    assert config == CONFIGS[name]
    if name.lower() in optim.NOT_BY_NAME:
        # Keras 3.15's optimizers table lacks Lamb: keras.optimizers.deserialize hands its name back (TF 2.21)
        assert optim.deserialize(optim.serialize(optimizer)) == name
        again = optim.deserialize_config(optim.serialize(optimizer))     # (what loading a compiled model uses)
    else:
        again = optim.deserialize(optim.serialize(optimizer))
    assert type(again) is type(optimizer) and again.get_config() == optimizer.get_config()
    if name.lower() in optim.NOT_BY_NAME:       # Keras 3's get('lamb') raises (tests/test_grid10_optimizer_names.py)
        with pytest.raises(ValueError, match='Could not interpret optimizer identifier'):
            optim.get(name.lower())
    else:
        assert type(optim.get(name.lower())) is type(optimizer)


def test_loss_scale_optimizer_follows_keras_dynamic_scaling():
    # Keras 3.15: LossScaleOptimizer(SGD(0.1), initial_scale=8, dynamic_growth_steps=2) on w = [1, 2];
    # per step (w, dynamic_scale, step_counter, iterations). A non-finite gradient skips the step
    # and halves the scale; two finite steps in a row double it.
    optimizer = optim.LossScaleOptimizer(optim.SGD(0.1), initial_scale=8.0, dynamic_growth_steps=2)
    w = tf.Variable(np.array([1., 2.], np.float32))
    expected = [([0.9, 1.8], 8., 1, 1), ([0.9, 1.8], 4., 0, 1), ([0.8, 1.7], 4., 1, 2), ([0.75, 1.65], 8., 0, 3),
                ([0.7, 1.55], 8., 1, 4), ([0.7, 1.55], 4., 0, 4)]
    for gradient, (values, scale, counter, iterations) in zip(
            [[8., 16.], [np.inf, 1.], [4., 4.], [2., 2.], [4., 8.], [np.nan, 0.]], expected):
        returned = optimizer.apply_gradients([(tf.constant(np.array(gradient, np.float32)), w)])
        np.testing.assert_allclose(w.numpy(), values, rtol=1e-6)
        assert float(optimizer.dynamic_scale.numpy()) == scale and int(optimizer.step_counter.numpy()) == counter
        assert int(optimizer.iterations.numpy()) == iterations
        # Keras's apply_gradients returns self._iterations: the wrapper's own counter, never advanced
        # (TF 2.21, optim12 lso3.py)
        assert int(returned.numpy()) == 0
    # Keras: 'loss_scale_optimizer/iteration', .../learning_rate, .../step_counter, .../dynamic_scale,
    # 'sgd/iteration', 'sgd/learning_rate' (names are numbered after their first use, as in Keras).
    outer, inner = optimizer.name, optimizer.inner_optimizer.name
    assert outer.startswith('loss_scale_optimizer') and inner.startswith('sgd')
    assert [v.path for v in optimizer.variables] == [
        outer + '/iteration', outer + '/learning_rate', outer + '/step_counter', outer + '/dynamic_scale',
        inner + '/iteration', inner + '/learning_rate']


def test_loss_scale_optimizer_scales_losses_and_round_trips():
    inner = optim.Adam(0.01, loss_scale_factor=4.0)
    optimizer = optim.LossScaleOptimizer(inner, initial_scale=16.0)
    assert inner.loss_scale_factor is None          # unscaled once, by the wrapper
    assert float(optimizer.scale_loss(tf.constant(0.5))) == 8.0
    assert optimizer.learning_rate is inner.learning_rate
    config = optimizer.get_config()
    assert config['inner_optimizer']['class_name'] == 'Adam' and config['initial_scale'] == 16.0
    again = optim.deserialize(optim.serialize(optimizer))
    assert isinstance(again, optim.LossScaleOptimizer) and isinstance(again.inner_optimizer, optim.Adam)
    assert again.get_config() == config
    # A custom loop: the scaled loss's gradients come back unscaled to the inner optimizer.
    w = tf.Variable(np.array([1., -2.], np.float32))
    with tf.GradientTape() as tape:
        loss = optimizer.scale_loss(tf.reduce_sum(w * w))
    optimizer.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
    reference = tf.Variable(np.array([1., -2.], np.float32))
    optim.Adam(0.01).apply_gradients([(tf.constant(np.array([2., -4.], np.float32)), reference)])
    np.testing.assert_allclose(w.numpy(), reference.numpy(), rtol=1e-6)


def test_cosine_decay_restarts_matches_keras():
    # keras.optimizers.schedules.CosineDecayRestarts(0.1, 10) at steps 0, 3, 9, 10, 15, 29, 30, 31, 75, 200
    schedule = optim.schedules.CosineDecayRestarts(0.1, 10)
    np.testing.assert_allclose([float(schedule(s)) for s in [0, 3, 9, 10, 15, 29, 30, 31, 75, 200]],
                               [0.100000001, 0.079389267, 0.002447176, 0.100000001, 0.085355341, 0.000615582,
                                0.100000001, 0.099845871, 0.099039264, 0.077778511], rtol=1e-6)
    schedule = optim.schedules.CosineDecayRestarts(0.1, 10, t_mul=1.0, m_mul=0.5, alpha=0.1)
    np.testing.assert_allclose([float(schedule(s)) for s in [0, 3, 9, 10, 15, 29, 30, 31]],
                               [0.100000001, 0.081450336, 0.012202458, 0.055000003, 0.032499999, 0.010550614,
                                0.02125, 0.020974694], rtol=1e-6)
    assert schedule.get_config() == {'initial_learning_rate': 0.1, 'first_decay_steps': 10, 't_mul': 1.0,
                                     'm_mul': 0.5, 'alpha': 0.1, 'name': 'SGDRDecay'}
    again = optim.schedules.deserialize(optim.schedules.serialize(schedule))
    assert again.get_config() == schedule.get_config()
    assert keras_optimizers.schedules.CosineDecayRestarts is optim.schedules.CosineDecayRestarts
    optimizer = optim.SGD(learning_rate=schedule)
    assert float(optimizer.learning_rate) == pytest.approx(0.1)


def test_a_loss_scale_optimizer_of_no_optimizer_is_keras_attribute_error():
    # Keras 3 sets 'sgd'.loss_scale_factor: Python's AttributeError (errors10); tapeflow's sentence is a note
    with pytest.raises(AttributeError, match="'str' object has no attribute 'loss_scale_factor'") as info:
        optim.LossScaleOptimizer('sgd')
    assert 'inner_optimizer' in info.value.__notes__[0]


@pytest.mark.parametrize('make, message', [
    (lambda: optim.Ftrl(learning_rate_power=0.5), 'learning_rate_power'),
    (lambda: optim.Ftrl(initial_accumulator_value=-1.), 'initial_accumulator_value'),
    (lambda: optim.Ftrl(l1_regularization_strength=-1.), 'l1_regularization_strength'),
    (lambda: optim.Lion(beta_1=0.), 'beta_1'),
    (lambda: optim.Lamb(beta_2='a'), 'beta_2'),      # 1.5 trains, as Keras (errors10)
    (lambda: optim.Adafactor(beta_2_decay='x'), 'beta_2_decay'),
    (lambda: optim.LossScaleOptimizer(optim.SGD(), dynamic=False), 'dynamic=False'),
    (lambda: optim.LossScaleOptimizer(optim.SGD(), clipnorm=1.0), 'clipnorm'),
    (lambda: optim.schedules.CosineDecayRestarts(0.1, 0), 'first_decay_steps'),
])
def test_bad_arguments_are_named(make, message):
    with pytest.raises((TypeError, ValueError), match=message):
        make()
