"""A checkpoint restored into an optimizer that has not built yet: TensorFlow restores each value as
the variable is created (in build), so a direct ``build()`` shows the restored state and what a
build assigns afterwards wins (ScheduleFreeAdamW copies the weights into its momentum, over the
restored momentum). Golden values: TF 2.21 + Keras 3.15.1, /work/notes/progs/optim12/sfa_ck.py and
build_ck.py (three steps of the gradients below, tf.train.Checkpoint save, restore into fresh ones)."""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers
GRADS = [[0.3, -0.1, 0.2], [[1.0, -1.0], [0.5, 0.25]]]


def _weights():
    return [keras.Variable(np.array([1.0, -2.0, 3.0], 'float32'), name='w'),
            keras.Variable(np.array([[0.5, 0.25], [1.0, 2.0]], 'float32'), name='k')]


def _saved_then_fresh(make, tmp_path):
    weights, optimizer = _weights(), make()
    grads = [tf.constant(g) for g in GRADS]
    for _ in range(3):
        optimizer.apply_gradients(zip(grads, weights))
    path = tf.train.Checkpoint(v0=weights[0], v1=weights[1], optimizer=optimizer).save(os.path.join(tmp_path, 'c'))
    fresh, fresh_optimizer = _weights(), make()
    tf.train.Checkpoint(v0=fresh[0], v1=fresh[1], optimizer=fresh_optimizer).restore(path)
    return fresh, fresh_optimizer, grads


def _by_path(optimizer):
    return {v.path: np.asarray(v.numpy()) for v in optimizer.variables}


@pytest.mark.parametrize('direct_build', [False, True])
def test_schedule_free_momentum_is_the_weights_copy_not_the_restored_one(tmp_path, direct_build):
    weights, optimizer, grads = _saved_then_fresh(lambda: O.ScheduleFreeAdamW(0.1), tmp_path)
    if direct_build:
        optimizer.build(weights)
        state = _by_path(optimizer)
        momentum = [state[p] for p in state if p.endswith('w_momentum')][0]
        np.testing.assert_array_equal(momentum, weights[0].numpy())       # the copy, not the saved z
        velocity = [state[p] for p in state if p.endswith('w_velocity')][0]
        np.testing.assert_array_equal(velocity, np.float32([0.0002697266172617674, 2.9969625757075846e-05,
                                                            0.00011987850302830338]))
    optimizer.apply_gradients(zip(grads, weights))
    np.testing.assert_array_equal(weights[0].numpy(), np.float32([0.7750000953674316, -1.7750000953674316,
                                                                  2.7750003337860107]))
    np.testing.assert_array_equal(weights[1].numpy(), np.float32([[0.2750001549720764, 0.4749997854232788],
                                                                  [0.7750000953674316, 1.7750000953674316]]))
    state = _by_path(optimizer)
    momentum = [state[p] for p in state if p.endswith('w_momentum')][0]
    np.testing.assert_array_equal(momentum, np.float32([0.7000002861022949, -1.7000004053115845, 2.700000524520874]))


def test_a_direct_build_shows_nadams_restored_momentum_product(tmp_path):
    weights, optimizer, _ = _saved_then_fresh(lambda: O.Nadam(0.1), tmp_path)
    optimizer.build(weights)
    state = _by_path(optimizer)
    assert state[[p for p in state if p.startswith('variable')][0]] == np.float32(0.11397992819547653)
    np.testing.assert_array_equal(state[[p for p in state if p.endswith('k_velocity')][0]],
                                  np.float32([[0.0029969625174999237, 0.0029969625174999237],
                                              [0.0007492406293749809, 0.00018731015734374523]]))


def test_a_direct_build_shows_the_loss_scale_optimizers_restored_scale(tmp_path):
    make = lambda: O.LossScaleOptimizer(O.Adam(0.1), initial_scale=4.0, dynamic_growth_steps=2)
    weights, optimizer, _ = _saved_then_fresh(make, tmp_path)
    optimizer.build(weights)
    assert int(optimizer.step_counter.numpy()) == 1
    assert float(optimizer.dynamic_scale.numpy()) == 8.0
    state = _by_path(optimizer)
    np.testing.assert_array_equal(state[[p for p in state if p.endswith('w_momentum')][0]],
                                  np.float32([0.016575001180171967, -0.0055250003933906555, 0.011050000786781311]))


def test_a_direct_build_shows_muons_restored_slots(tmp_path):
    weights, optimizer, _ = _saved_then_fresh(lambda: O.Muon(0.1), tmp_path)
    optimizer.build(weights)
    state = _by_path(optimizer)
    np.testing.assert_array_equal(state[[p for p in state if p.endswith('k_momentum')][0]],
                                  np.float32([[2.8524999618530273, -2.8524999618530273],
                                              [1.4262499809265137, 0.7131249904632568]]))


def test_adafactor_restores_into_its_reshaped_slots(tmp_path):
    # its rank-1 variable keeps int32 scalars in the row / column places: the restore waits for them
    weights, optimizer, grads = _saved_then_fresh(lambda: O.Adafactor(0.1), tmp_path)
    optimizer.build(weights)
    state = _by_path(optimizer)
    np.testing.assert_array_equal(state[[p for p in state if p.endswith('k_velocity')][0]],
                                  np.float32([[1.0810811519622803, 0.9189189672470093],
                                              [0.1689189076423645, 0.1435810774564743]]))
    optimizer.apply_gradients(zip(grads, weights))
    np.testing.assert_array_equal(weights[0].numpy(), np.float32([0.24637016654014587, -1.2463703155517578,
                                                                  2.246370315551758]))
