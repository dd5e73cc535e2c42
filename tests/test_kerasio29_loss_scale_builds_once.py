"""LossScaleOptimizer builds once, as Keras 3's: its inner optimizer then refuses new variables.

tapeflow's apply built again for each call's variables, so an optimizer built for other variables
(a mixed-precision model loaded from .h5, whose optimizer Keras builds for no variable) trained
where TF 2.21 raises ValueError 'Unknown variable: ...' (inside Keras's Cond, whose wrapper text
tapeflow does not add).

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t17b_lso_build_once.py, t17_mixed_resume.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_apply_to_a_variable_it_was_not_built_for():
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.5))
    a = keras.Variable([1.0, 2.0], name='a')
    b = keras.Variable([3.0], name='b')
    opt.build([a])
    opt.apply([tf.constant([1.0, 1.0])], [a])
    assert a.numpy().tolist() == [0.9999847412109375, 1.9999847412109375]
    with pytest.raises(ValueError, match='Unknown variable'):
        opt.apply([tf.constant([1.0])], [b])
    assert b.numpy().tolist() == [3.0]
    assert int(opt.iterations.numpy()) == 1
    assert (float(opt.dynamic_scale.numpy()), int(opt.step_counter.numpy())) == (32768.0, 1)


def test_unbuilt_wrapper_builds_at_its_first_apply():
    a = keras.Variable([0.9999847412109375, 1.9999847412109375], name='a')     # (where the probe's SGD left it)
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(0.1))
    opt.apply([tf.constant([1.0, 1.0])], [a])
    opt.apply([tf.constant([1.0, 1.0])], [a])
    assert np.round(a.numpy(), 6).tolist() == [0.8162040114402771, 1.8162039518356323]      # (TF's, printed rounded)
    assert int(opt.iterations.numpy()) == 2 and len(opt.variables) == 8


def test_mixed_precision_h5_model_cannot_resume(tmp_path):
    policy = keras.mixed_precision.global_policy()
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        keras.utils.set_random_seed(2)
        model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation='relu', name='h'),
                                  keras.layers.Dense(1, name='o'),
                                  keras.layers.Activation('sigmoid', dtype='float32', name='act')], name='mp')
        model.compile(keras.optimizers.Adam(0.01), 'binary_crossentropy')
        x, y = np.ones((8, 6), 'float32'), np.ones((8, 1), 'float32')
        model.fit(x, y, verbose=0)
        model.save(tmp_path / 'mp.h5')
        back = keras.models.load_model(tmp_path / 'mp.h5')
        assert type(back.optimizer).__name__ == 'LossScaleOptimizer'
        with pytest.raises(ValueError, match='Unknown variable: <Variable path=mp/h/kernel'):
            back.fit(x, y, verbose=0)
    finally:
        keras.mixed_precision.set_global_policy(policy)
