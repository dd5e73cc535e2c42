"""keras.optimizers.ScheduleFreeAdamW with Keras 3.15's names, config and TensorFlow 2.21's bits.

Golden values: /work/notes/progs/optim4/gold_sfa_multi.py run on TensorFlow 2.21 / Keras 3.15, the
results written as the integer bit patterns of float32 (int32) and float64 (int64) values.
"""
import numpy as np

import framework as tf
from framework import keras

O = keras.optimizers


def bits(a):
    a = np.asarray(a.numpy() if hasattr(a, 'numpy') else a)
    return a.view(np.int32 if a.dtype == np.float32 else np.int64).ravel().tolist()


def six_steps(opt):
    """Six apply_gradients steps on a float32 and a float64 variable, gradients 0.7 sin(3 v + step)."""
    w = tf.Variable(np.linspace(-1.5, 2.0, 13).astype('float32'), name='w')
    d = tf.Variable(np.linspace(-1.0, 1.0, 3).astype('float64'), name='d')
    for step in range(6):
        grads = [tf.constant(np.sin(v.numpy() * 3 + step).astype(v.dtype.as_numpy_dtype) * 0.7) for v in (w, d)]
        opt.apply_gradients(zip(grads, [w, d]))
    return w, d


SFA_W = [-1078212588, -1080717394, -1083799387, -1088004236, -1094526656, -1113600734, 1048139256, 1058153332, 1063245103, 1066617583, 1068689063, 1070923731, 1073367526]
SFA_D = [-4616472726549076414, -4636961988548681559, 4607307926062768483]
SFA_MOMENTUM_W = [-1078449654, -1080358154, -1082377026, -1086853456, -1093988358, -1127442800, 1051071849, 1058825644, 1062730658, 1065928138, 1068062246, 1070693886, 1073707515]
SFA_PATHS = ['schedule_free_adam_w/iteration', 'schedule_free_adam_w/learning_rate', 'schedule_free_adam_w/w_0_momentum', 'schedule_free_adam_w/w_0_velocity', 'schedule_free_adam_w/d_0_momentum', 'schedule_free_adam_w/d_0_velocity']
SFA_CONFIG = {'name': 'schedule_free_adam_w', 'learning_rate': 0.05000000074505806, 'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None, 'clipvalue': None, 'use_ema': False, 'ema_momentum': 0.99, 'ema_overwrite_frequency': None, 'loss_scale_factor': None, 'gradient_accumulation_steps': None, 'beta_1': 0.9, 'beta_2': 0.999, 'epsilon': 1e-08, 'warmup_steps': 4}
# fit on Dense(1) from one feature (no matmul sums): kernel, bias, then the four slots
SFA_FIT = ([[1048095004], [-1131616851]], [[1053183742], [1022664432], [1032398221], [1029756940]])


def test_eager_steps_with_warmup_match_tensorflow():
    keras.backend.clear_session()
    opt = O.ScheduleFreeAdamW(0.05, warmup_steps=4)
    w, d = six_steps(opt)
    assert bits(w) == SFA_W and bits(d) == SFA_D
    assert bits(opt.variables[2]) == SFA_MOMENTUM_W
    assert [v.path for v in opt.variables] == SFA_PATHS
    assert opt.get_config() == SFA_CONFIG


def test_momentum_starts_as_the_weights_eagerly():
    opt = O.ScheduleFreeAdamW()
    w = tf.Variable([1.5, -2.0])
    opt.build([w])
    assert opt.get_slot(w, 'momentum').numpy().tolist() == [1.5, -2.0]
    assert opt.get_slot(w, 'velocity').numpy().tolist() == [0.0, 0.0]


def test_fit_starts_momentum_at_zero_as_keras_first_trace_does():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, name='lin')])
    model.compile(optimizer=O.ScheduleFreeAdamW(0.1), loss='mse')
    x = np.linspace(-1, 1, 8).reshape(8, 1).astype('float32')
    model.fit(x, 3 * x + np.float32(0.5), batch_size=4, epochs=2, verbose=0, shuffle=False)
    # To a few ulps: tapeflow's traced Adam-family step differs from grappler's in the last bits
    # (Adam's does the same on this model, SGD's is exact).
    got = [v.numpy() for v in model.weights + model.optimizer.variables[2:]]
    want = [np.array(b, np.int32).view(np.float32) for b in SFA_FIT[0] + SFA_FIT[1]]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.ravel(), w, rtol=2e-6)
    # (with z copied from the kernel at build, as eagerly, this fails)


def test_serialize_round_trip_and_get_by_name():
    opt = O.ScheduleFreeAdamW(0.01, beta_1=0.8, warmup_steps=3)
    back = O.deserialize(O.serialize(opt))
    assert type(back) is O.ScheduleFreeAdamW and back.get_config() == opt.get_config()
    assert type(O.get('schedulefreeadamw')) is O.ScheduleFreeAdamW
