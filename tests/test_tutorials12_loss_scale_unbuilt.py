"""guide/mixed_precision on TF 2.21: a LossScaleOptimizer has no ``dynamic_scale`` / ``step_counter``
until it is built (Keras 3 makes both in build()). Reading ``opt.dynamic_scale`` right after
construction raises AttributeError "'LossScaleOptimizer' object has no attribute 'dynamic_scale'"
(printed by /opt/tfref/bin/python for /work/notes/progs/tutorials12/p01_mixed_precision.py); tapeflow
returned None. After a step both exist and the scale has its start value. Goldens: probe_lso.py in the same folder
(TF 2.21 printed the two AttributeErrors, "32768.0 2000 65536.0" and "8.0 1 [0.9 0.9 0.9]")."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_an_unbuilt_loss_scale_optimizer_has_no_dynamic_scale_or_step_counter():
    opt = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.RMSprop())
    for name in ('dynamic_scale', 'step_counter'):
        with pytest.raises(AttributeError, match="'LossScaleOptimizer' object has no attribute '%s'" % name):
            getattr(opt, name)
    assert opt.initial_scale == 32768.0 and opt.dynamic_growth_steps == 2000
    # scale_loss works unbuilt, with the initial scale (Keras: ``self.built`` decides)
    assert float(opt.scale_loss(tf.constant(2.0))) == 65536.0


def test_a_step_builds_both_variables_with_their_start_values():
    opt = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=8.0)
    v = tf.Variable(np.ones(3, np.float32))
    opt.apply_gradients([(tf.constant(np.full(3, 8.0, np.float32)), v)])
    assert float(opt.dynamic_scale.numpy()) == 8.0 and int(opt.step_counter.numpy()) == 1
    np.testing.assert_array_equal(v.numpy(), np.full(3, 0.9, np.float32))
