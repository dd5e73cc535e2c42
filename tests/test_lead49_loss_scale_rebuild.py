"""LossScaleOptimizer.build as Keras 3's: it checks nothing, so each call makes a new step_counter and
dynamic_scale, and ``variables`` lists both pairs. Values from TF 2.21 (/work/notes/progs/lead49/lso.py,
lso2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _paths(opt):
    return [v.path.split('/', 1)[1] for v in opt.variables]


def test_second_build_makes_new_counter_and_scale():
    w = tf.Variable([1.0, 2.0], name='w')
    lso = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(), initial_scale=4.0)
    lso.apply_gradients([(tf.constant([1.0, 1.0]), w)])
    lso.apply_gradients([(tf.constant([1.0, 1.0]), w)])
    first = lso.step_counter
    lso.build([w])
    assert lso.step_counter is not first
    assert _paths(lso) == ['iteration', 'learning_rate', 'step_counter', 'dynamic_scale', 'step_counter',
                           'dynamic_scale', 'iteration', 'learning_rate']
    assert [int(v.numpy()) for v in lso.variables if v.path.endswith('step_counter')] == [2, 0]
    lso.apply_gradients([(tf.constant([1.0, 1.0]), w)])
    # TF 2.21: the new counter counts on (1), the old stays at 2; the inner SGD's iteration is 3
    assert [int(v.numpy()) for v in lso.variables if v.path.endswith('step_counter')] == [2, 1]
    assert int(lso.inner_optimizer.iterations.numpy()) == 3
    np.testing.assert_array_equal(w.numpy(), np.array([0.9925, 1.9924998], np.float32))


def test_retry_after_failed_first_step_makes_a_second_counter():
    w = tf.Variable([1.0, 2.0], name='w')
    lso = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(), initial_scale='a')
    counts = []
    for _ in range(2):
        with pytest.raises(Exception):
            lso.apply_gradients([(tf.constant([1.0, 1.0]), w)])
        counts.append(_paths(lso).count('step_counter'))
        assert not lso.built
    assert counts == [1, 2]


def test_fit_after_apply_keeps_the_variables():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=8.0)
    opt.apply_gradients([(tf.ones_like(v), v) for v in model.trainable_variables])
    scale = opt.dynamic_scale
    model.compile(opt, 'mse')
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    assert opt.dynamic_scale is scale
    assert _paths(opt) == ['iteration', 'learning_rate', 'step_counter', 'dynamic_scale', 'iteration',
                           'learning_rate']
