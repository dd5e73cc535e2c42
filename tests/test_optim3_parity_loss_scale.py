"""LossScaleOptimizer as Keras 3.15 on TF 2.21: its inner optimizer's state names, and its dynamic scale.

Golden values: /opt/tfref (TF 2.21, Keras 3.15.1) running the same programs and printing
``[v.path for v in opt.variables]`` and the trajectory's ``v.numpy().tolist()``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

LSO = ['loss_scale_optimizer/iteration', 'loss_scale_optimizer/learning_rate', 'loss_scale_optimizer/step_counter',
       'loss_scale_optimizer/dynamic_scale']


def _paths(inner, direct):
    keras.backend.clear_session()
    v = keras.Variable(np.array([1.0, -2.0, 0.5], 'float32'), name='v')
    w = keras.Variable(np.ones((2, 3), 'float32'), name='w')
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.get(inner), initial_scale=16.0)
    if direct:
        opt.build([v, w])
    else:
        opt.apply_gradients([(tf.ones(3), v), (tf.ones((2, 3)), w)])
    return [v.path for v in opt.variables]


@pytest.mark.parametrize('direct', [False, True], ids=['apply', 'build'])
def test_inner_state_is_named_in_the_wrappers_scope_when_apply_builds(direct):
    # apply builds in the wrapper's name scope; a direct build() call does not. The plain Variables
    # a build makes (Nadam's momentum product, Adafactor's unused scalars) are left untracked by
    # Keras's wrapper build, so they are not listed at all.
    scope = '' if direct else 'loss_scale_optimizer/'
    assert _paths('nadam', direct) == LSO + ['nadam/iteration', 'nadam/learning_rate'] + [
        scope + 'nadam/' + s for s in ('v_momentum', 'v_velocity', 'w_momentum', 'w_velocity')]
    assert _paths('adafactor', direct) == LSO + ['adafactor/iteration', 'adafactor/learning_rate'] + [
        scope + 'adafactor/' + s for s in ('v_velocity', 'w', 'w', 'w_velocity')]


def test_fit_builds_the_inner_optimizer_in_the_wrappers_scope():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(0.01))
    model.compile(opt, 'mse')
    model.fit(np.ones((4, 3), 'float32'), np.zeros((4, 2), 'float32'), verbose=0)
    assert [v.path for v in opt.variables][4:] == [
        'adam/iteration', 'adam/learning_rate', 'loss_scale_optimizer/adam/sequential_dense_kernel_momentum',
        'loss_scale_optimizer/adam/sequential_dense_kernel_velocity',
        'loss_scale_optimizer/adam/sequential_dense_bias_momentum',
        'loss_scale_optimizer/adam/sequential_dense_bias_velocity']


def test_nadam_alone_still_lists_its_momentum_product():
    keras.backend.clear_session()
    v = keras.Variable(np.ones(3, 'float32'), name='v')
    opt = keras.optimizers.Nadam()
    opt.apply_gradients([(tf.ones(3), v)])
    assert [x.path for x in opt.variables] == ['nadam/iteration', 'nadam/learning_rate', 'nadam/v_momentum',
                                               'nadam/v_velocity', 'nadam/variable']


def test_adafactor_keeps_int32_scalars_for_vectors():
    # Keras makes them as Variable(0, ...): a Python int, so int32.
    keras.backend.clear_session()
    v = keras.Variable(np.ones(3, 'float32'), name='v')
    opt = keras.optimizers.Adafactor()
    opt.apply_gradients([(tf.ones(3), v)])
    assert [(x.path, str(np.dtype(x.dtype))) for x in opt.variables[2:]] == [
        ('adafactor/v', 'int32'), ('adafactor/v', 'int32'), ('adafactor/v_velocity', 'float32')]


def test_dynamic_scale_trajectory():
    # Two non-finite steps halve the scale twice and skip the update; 3 finite steps in a row double it.
    keras.backend.clear_session()
    v = keras.Variable(np.array([1.0, -2.0, 0.5], 'float32'), name='v')
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=16.0, dynamic_growth_steps=3)
    seen = []
    for step in range(10):
        g = (v.numpy() - np.float32(0.25)) * np.float32(opt.dynamic_scale.numpy() if opt.built else 16.0)
        if step in (4, 5):
            g[0] = np.inf
        opt.apply_gradients([(tf.constant(g), v)])
        seen.append((float(opt.dynamic_scale.numpy()), int(opt.step_counter.numpy()), int(opt.iterations.numpy())))
    assert seen == [(16.0, 1, 1), (16.0, 2, 2), (32.0, 0, 3), (32.0, 1, 4), (16.0, 0, 4), (8.0, 0, 4), (8.0, 1, 5),
                    (8.0, 2, 6), (16.0, 0, 7), (16.0, 1, 8)]
    np.testing.assert_array_equal(v.numpy(), np.array([0.5728504061698914, -0.7185512781143188, 0.3576167821884155],
                                                      'float32'))
