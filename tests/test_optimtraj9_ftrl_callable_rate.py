"""Ftrl with a callable learning rate that returns a number, in a traced step (fit, tf.function).

Keras casts the callable's number into a Const there, and grappler rewrites the step's two divisions by
it: ``(p_new - p_old) / lr * var`` runs as ``(p_new - p_old) * ((1 / lr) * var)`` and ``p_new / lr`` as
``p_new * (1 / lr)``, in a tf.function returning None too. tapeflow divided, so ``learning_rate=lambda:
0.01`` in fit left TF 2.21's weights by 1 ulp from the first step. Eagerly, and with a callable that
returns a Variable, TF divides (the guards below).

Golden values: /work/notes/progs/optimtraj7/ftrlgold.py under /opt/tfref/bin/python (TF 2.21, Keras 3.15).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # the fit's Dense products

TRACED = ['-0x1.a1267e0000000p-8', '-0x1.2d46da0000000p-3', '-0x1.201f2c0000000p-3', '-0x1.90209e0000000p-6',
          '-0x1.1e41a40000000p-10', '0x1.484fd20000000p-6', '0x1.7d08940000000p-5', '-0x1.ad6dc00000000p-8',
          '0x1.a64b240000000p-4', '0x1.7c9b3e0000000p-3', '0x1.13853a0000000p-4', '0x1.b2a2a80000000p-4']
DIVIDED = ['-0x1.a1267e0000000p-8', '-0x1.2d46da0000000p-3', '-0x1.201f2c0000000p-3', '-0x1.90209e0000000p-6',
           '-0x1.1e41a40000000p-10', '0x1.484fd60000000p-6', '0x1.7d08940000000p-5', '-0x1.ad6dc00000000p-8',
           '0x1.a64b220000000p-4', '0x1.7c9b3e0000000p-3', '0x1.13853a0000000p-4', '0x1.b2a2a80000000p-4']
EXPECTED = {'ret': TRACED, 'none': TRACED, 'eager': DIVIDED, 'var': DIVIDED}
FIT_KERNEL = ['-0x1.df46ce0000000p-9', '-0x1.b4ec680000000p-4', '0x1.3dc3c80000000p-4', '0x1.5e09080000000p-11',
              '0x1.a696560000000p-6', '-0x1.ba12640000000p-6', '0x1.bcaaa60000000p-5', '0x1.60c2e80000000p-11',
              '0x1.fa34b80000000p-7', '-0x1.4c1ad20000000p-4', '0x1.b5970a0000000p-4', '0x1.66a2d60000000p-11',
              '-0x1.2e80aa0000000p-6', '0x1.d300d60000000p-6', '0x1.85fd280000000p-4', '0x1.6eaa0a0000000p-11',
              '-0x1.7263b60000000p-9', '-0x1.8d3bc20000000p-7', '-0x1.7c5db80000000p-4', '0x1.74efc80000000p-11',
              '-0x1.e229ae0000000p-8', '-0x1.3e60fe0000000p-11', '-0x1.21cfd40000000p-6', '0x1.8f003c0000000p-11']


def _ftrl():
    return keras.optimizers.Ftrl(0.05, learning_rate_power=-0.6, initial_accumulator_value=0.2,
                                 l1_regularization_strength=0.001, l2_regularization_strength=0.002,
                                 l2_shrinkage_regularization_strength=0.001, beta=0.1)


def _hex(values):
    return [float(x).hex() for x in np.asarray(values).ravel()]


@pytest.mark.parametrize('how', sorted(EXPECTED))
def test_two_steps_with_a_callable_rate(how):
    v = tf.Variable(np.linspace(-0.7, 0.9, 12).astype('float32'))
    optimizer = _ftrl()
    if how == 'var':
        rate = tf.Variable(0.01)
        optimizer.learning_rate = lambda: rate
    else:
        optimizer.learning_rate = lambda: 0.01
    if how == 'none':
        @tf.function
        def step(g):
            optimizer.apply_gradients([(g, v)])
    elif how == 'eager':
        def step(g):
            return optimizer.apply_gradients([(g, v)])
    else:
        step = tf.function(lambda g: optimizer.apply_gradients([(g, v)]))
    for t in range(2):
        step(tf.constant(np.sin(np.arange(12) * 0.9 + t) * 0.5, tf.float32))
    assert _hex(v.numpy()) == EXPECTED[how]


def test_fit_with_a_callable_rate():
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(4)])
    optimizer = _ftrl()
    optimizer.learning_rate = lambda: 0.01
    model.compile(optimizer=optimizer, loss='mse')
    x = np.linspace(-1, 1, 96).reshape(16, 6).astype('float32')
    y = np.cos(np.arange(64)).reshape(16, 4).astype('float32')
    model.fit(x, y, batch_size=8, epochs=1, verbose=0, shuffle=False)
    assert _hex(model.weights[0].numpy()) == FIT_KERNEL
