"""An optimizer's Python hyper-parameters inside a traced step: the trace keeps what it read (optim/traced_hyperparameters.py).

TF 2.21 bakes beta_1, epsilon, momentum, nesterov, weight_decay, clipnorm, global_clipnorm, rho, l1 strength,
ema_overwrite_frequency (...) into a tf.function step's graph: set between calls, the step goes on with the traced
value; the learning rate, a variable, reaches it; eager steps take every change at once. Values printed by TF 2.21
for /work/notes/progs/optimtraj19/p3_testvals.py (w0 [[-0.5], [0.75], [1.0]], b0 [0.25], six steps, the attribute
set before the fourth). Here the step's body holds ``as_traced`` around apply_gradients, as Optimizer.apply is to
(the patch proposed in /work/notes/reports52/optimtraj19.md); fit and train functions are then covered too
(progs/optimtraj19/p1_hyper.py, p2_more.py).
"""
import gc
import weakref

import numpy as np
import pytest

import framework as tf
import conftest
from framework import keras
from optim.traced_hyperparameters import as_traced, hyperparameters


# TF 2.21's values were measured on an AVX2 AMD EPYC; elsewhere (the Xeon's oneDNN kernels) the weights agree to
# float32 rounding, which still tells a baked hyper-parameter from a live one
_as_tf = conftest.hexes_as_tf

X = np.random.RandomState(0).randn(16, 3).astype('float32')
Y = np.random.RandomState(1).randn(16, 1).astype('float32')
W0 = np.array([[-0.5], [0.75], [1.0]], 'float32')

# TF 2.21's w and b after a tf.function step's six calls (float.hex)
TRACED = [
    ('Adam', {'learning_rate': 0.01}, 'beta_1', 0.5,
     ['-0x1.c2a8da0000000p-2', '0x1.61558c0000000p-1', '0x1.e14f2c0000000p-1', '0x1.85a3f00000000p-3']),
    ('Adam', {'learning_rate': 0.01, 'amsgrad': False}, 'epsilon', 0.5,
     ['-0x1.c2a8da0000000p-2', '0x1.61558c0000000p-1', '0x1.e14f2c0000000p-1', '0x1.85a3f00000000p-3']),
    ('SGD', {'learning_rate': 0.01, 'momentum': 0.5}, 'momentum', 0.0,
     ['-0x1.5a26320000000p-2', '0x1.13f0fa0000000p-1', '0x1.761b640000000p-1', '0x1.9582b40000000p-3']),
    ('SGD', {'learning_rate': 0.01, 'momentum': 0.5}, 'nesterov', True,
     ['-0x1.5a26320000000p-2', '0x1.13f0fa0000000p-1', '0x1.761b640000000p-1', '0x1.9582b40000000p-3']),
    ('AdamW', {'learning_rate': 0.01}, 'weight_decay', 0.5,
     ['-0x1.c28b0a0000000p-2', '0x1.613ec80000000p-1', '0x1.e1308a0000000p-1', '0x1.8587b60000000p-3']),
    ('SGD', {'learning_rate': 0.01}, 'clipnorm', 0.001,        # (None when traced: no clipping)
     ['-0x1.9b0cc60000000p-2', '0x1.3e443a0000000p-1', '0x1.ac4d7e0000000p-1', '0x1.c030d80000000p-3']),
    ('SGD', {'learning_rate': 0.01, 'global_clipnorm': 1.0}, 'global_clipnorm', 0.001,
     ['-0x1.e5c6120000000p-2', '0x1.6ef3780000000p-1', '0x1.ea6d400000000p-1', '0x1.f028080000000p-3']),
    ('RMSprop', {'learning_rate': 0.01}, 'rho', 0.1,
     ['-0x1.874fa00000000p-2', '0x1.43c4200000000p-1', '0x1.c2fb5c0000000p-1', '0x1.1820f80000000p-3']),
    ('Nadam', {'learning_rate': 0.01}, 'beta_1', 0.5,
     ['-0x1.d06b2a0000000p-2', '0x1.6839a00000000p-1', '0x1.e8210a0000000p-1', '0x1.a1f4900000000p-3']),
    ('Ftrl', {'learning_rate': 0.01}, 'l1_regularization_strength', 0.5,
     ['-0x1.8193f20000000p-2', '0x1.39b0820000000p-1', '0x1.b614a40000000p-1', '0x1.80012e0000000p-4']),
    ('Adadelta', {'learning_rate': 0.5}, 'rho', 0.1,
     ['-0x1.fb90b60000000p-2', '0x1.7dc86e0000000p-1', '0x1.fdc80e0000000p-1', '0x1.f725c00000000p-3']),
    ('SGD', {'learning_rate': 0.1, 'use_ema': True, 'ema_momentum': 0.5, 'ema_overwrite_frequency': 100},
     'ema_overwrite_frequency', 2,
     ['0x1.ee29080000000p-5', '0x1.cac5a00000000p-6', '-0x1.136a800000000p-10', '-0x1.3784800000000p-6']),
    ('Adam', {'learning_rate': 0.01, 'gradient_accumulation_steps': 2}, 'beta_1', 0.3,
     ['-0x1.e14afe0000000p-2', '0x1.70a5a20000000p-1', '0x1.f0a4d40000000p-1', '0x1.c2a0360000000p-3']),
    # the learning rate is a variable: its new value reaches the traced step
    ('Adam', {'learning_rate': 0.01}, 'learning_rate', 0.5,
     ['0x1.b5e7e40000000p-1', '-0x1.30e9240000000p-1', '-0x1.d518f00000000p-2', '-0x1.6ca3b40000000p-1']),
]

# TF 2.21 eagerly: the change holds from the next step
EAGER = [
    ('Adam', {'learning_rate': 0.01}, 'beta_1', 0.5,
     ['-0x1.c8ad5a0000000p-2', '0x1.645b380000000p-1', '0x1.e440300000000p-1', '0x1.929c340000000p-3']),
    ('SGD', {'learning_rate': 0.01}, 'clipnorm', 0.001,
     ['-0x1.cb6f7e0000000p-2', '0x1.5dd0d40000000p-1', '0x1.d4b06e0000000p-1', '0x1.dfe2ce0000000p-3']),
    ('Adam', {'learning_rate': 0.01, 'gradient_accumulation_steps': 2}, 'beta_1', 0.3,
     ['-0x1.e3ffda0000000p-2', '0x1.72013c0000000p-1', '0x1.f1f98c0000000p-1', '0x1.c8589c0000000p-3']),
]


def _six_steps(name, kwargs, attribute, value, traced):
    w = tf.Variable(W0)
    b = tf.Variable(np.array([0.25], 'float32'))
    optimizer = getattr(keras.optimizers, name)(**kwargs)

    def body(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
        grads = tape.gradient(loss, [w, b])
        with as_traced(optimizer):
            optimizer.apply_gradients(zip(grads, [w, b]))

    step = tf.function(body) if traced else body
    for i in range(6):
        if i == 3:
            setattr(optimizer, attribute, value)
        step(tf.constant(X), tf.constant(Y))
    assert getattr(optimizer, attribute) == value or attribute == 'learning_rate'    # the live value is back
    return [float(v).hex() for v in np.concatenate([w.numpy().ravel(), b.numpy()])]


@pytest.mark.parametrize('name, kwargs, attribute, value, expected', TRACED, ids=lambda v: str(v)[:20])
def test_traced_step_keeps_the_hyperparameters_it_was_traced_with(name, kwargs, attribute, value, expected):
    assert _as_tf(_six_steps(name, kwargs, attribute, value, traced=True), expected)


@pytest.mark.parametrize('name, kwargs, attribute, value, expected', EAGER, ids=lambda v: str(v)[:20])
def test_eager_step_takes_the_new_value(name, kwargs, attribute, value, expected):
    assert _as_tf(_six_steps(name, kwargs, attribute, value, traced=False), expected)


def test_recorded_names_are_the_settings():
    optimizer = keras.optimizers.Adam(0.01, clipnorm=1.0)
    optimizer.build([tf.Variable([1.0])])
    kept = hyperparameters(optimizer)
    assert kept['beta_1'] == 0.9 and kept['epsilon'] == 1e-07 and kept['amsgrad'] is False
    assert kept['clipnorm'] == 1.0 and 'global_clipnorm' in kept and kept['global_clipnorm'] is None
    assert 'built' not in kept and 'name' not in kept and not any(name.startswith('_') for name in kept)


def test_a_new_trace_reads_the_new_value_and_the_old_one_keeps_its_own():
    # TF 2.21 (progs/optimtraj19/p4_twotraces.py): the trace for 8 rows, made after beta_1 = 0.3, steps with 0.3,
    # the 16-row trace goes on with 0.9
    w = tf.Variable(W0)
    optimizer = keras.optimizers.Adam(0.01)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
        grads = tape.gradient(loss, [w])
        with as_traced(optimizer):
            optimizer.apply_gradients(zip(grads, [w]))

    step(X, Y)
    optimizer.beta_1 = 0.3
    step(X[:8], Y[:8])
    step(X, Y)
    step(X[:8], Y[:8])
    assert _as_tf([float(v).hex() for v in w.numpy().ravel()], [
        '-0x1.df77120000000p-2', '0x1.6346fa0000000p-1', '0x1.e1ccb00000000p-1'])
    assert optimizer.beta_1 == 0.3


def test_the_trace_does_not_keep_a_dropped_optimizer_alive():
    # an optimizer made and dropped in each call must die with it (later_trace_variables' singleton check)
    w = tf.Variable(W0)
    refs = []

    @tf.function
    def step(x):
        optimizer = keras.optimizers.SGD(0.1)
        refs.append(weakref.ref(optimizer))
        with as_traced(optimizer):
            optimizer.apply_gradients([(tf.ones_like(w), w)])

    with pytest.raises(ValueError):        # TF 2.21's singleton refusal, as before
        step(X)
    gc.collect()
    assert refs and all(ref() is None for ref in refs)
