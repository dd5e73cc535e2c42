"""Optimizers train bfloat16 variables as Keras 3.15 on TF 2.21 does.

Keras computes each update in the variable's dtype; TF's bfloat16 kernels compute each op in float32
and round, and its Sum reducer adds bfloat16 in float32 before rounding once. tapeflow refused
bfloat16 variables ("only floating-point variables can be trained"). Once they were let in, these
still differed: numpy's clip of a bfloat16 array returns float32 (clipvalue, Ftrl's l1 clip), the
clip norms summed in bfloat16, a traced gradient accumulation divided where grappler multiplies
by the folded reciprocal, and a broadcast add's gradient (x + b) summed in bfloat16.
Values printed by TF 2.21 / Keras 3.15 (probe: /work/notes/progs/optimtraj2/bf16_golden.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers


def _hex(t):
    return [float(v).hex() for v in np.asarray(tf.cast(t, 'float32').numpy()).ravel()]


def _gradient(step, n):
    i = np.arange(n)
    return tf.cast(tf.constant(np.sin(step * 1.7 + i * 0.9 + 1) * (0.5 + (i % 3))), 'bfloat16')


def _trajectory(optimizer, steps=3, n=7, traced=False):
    v = tf.Variable(tf.cast(tf.constant(np.linspace(-1, 1, n)), 'bfloat16'))

    def step(g):
        optimizer.apply_gradients([(g, v)])
    if traced:
        step = tf.function(step)
    for s in range(steps):
        step(_gradient(s, n))
    assert v.dtype == tf.bfloat16
    return _hex(v)


@pytest.mark.parametrize('make, kwargs, expected', [
    (lambda: O.SGD(0.05, momentum=0.9), {},
     ['-0x1.0e00000000000p+0', '-0x1.7800000000000p-1', '-0x1.a400000000000p-3', '0x1.bc00000000000p-5',
      '0x1.d400000000000p-2', '0x1.5000000000000p-1', '0x1.e800000000000p-1']),
    (lambda: O.RMSprop(0.01, clipnorm=0.5), {},
     ['-0x1.0600000000000p+0', '-0x1.5400000000000p-1', '-0x1.5400000000000p-2', '0x1.1400000000000p-5',
      '0x1.5c00000000000p-2', '0x1.5200000000000p-1', '0x1.e800000000000p-1']),
    (lambda: O.Adagrad(0.05, clipvalue=0.3), {},
     ['-0x1.0800000000000p+0', '-0x1.4e00000000000p-1', '-0x1.4a00000000000p-2', '0x1.2c00000000000p-5',
      '0x1.5c00000000000p-2', '0x1.4e00000000000p-1', '0x1.f400000000000p-1']),
    (lambda: O.SGD(0.1, global_clipnorm=0.7), {},
     ['-0x1.0000000000000p+0', '-0x1.4e00000000000p-1', '-0x1.2e00000000000p-2', '0x1.0400000000000p-8',
      '0x1.5000000000000p-2', '0x1.4400000000000p-1', '0x1.fc00000000000p-1']),
    (lambda: O.Ftrl(0.1, l1_regularization_strength=0.01, l2_regularization_strength=0.02, beta=0.1,
                    initial_accumulator_value=0.2), {},
     ['-0x1.0c00000000000p-2', '-0x1.b600000000000p-2', '-0x1.1a00000000000p-3', '0x1.9200000000000p-5',
      '0x1.fa00000000000p-3', '0x1.d400000000000p-2', '-0x1.5800000000000p-5']),
    (lambda: O.RMSprop(0.01, gradient_accumulation_steps=3), dict(steps=6, traced=True),
     ['-0x1.1000000000000p+0', '-0x1.5400000000000p-1', '-0x1.3000000000000p-2', '0x1.c800000000000p-5',
      '0x1.5600000000000p-2', '0x1.4c00000000000p-1', '0x1.e800000000000p-1']),
])
def test_bfloat16_trajectories(make, kwargs, expected):
    assert _trajectory(make(), **kwargs) == expected


def test_clip_norm_sums_the_squares_in_float32():
    v = _trajectory(O.SGD(1.0, clipnorm=0.5), steps=1, n=40)
    assert [v[i] for i in (11, 17, 18, 20)] == [
        '-0x1.1c00000000000p-2', '-0x1.3800000000000p-5', '-0x1.7200000000000p-5', '0x1.a000000000000p-10']


def test_ftrl_clips_its_linear_slot_in_bfloat16():
    optimizer = O.Ftrl(0.1, l1_regularization_strength=0.01, l2_regularization_strength=0.02, beta=0.1,
                       initial_accumulator_value=0.2)
    assert _trajectory(optimizer, steps=10) == [
        '-0x1.2200000000000p-2', '-0x1.ce00000000000p-2', '-0x1.2400000000000p-3', '0x1.0400000000000p-4',
        '0x1.1a00000000000p-2', '0x1.e800000000000p-2', '-0x1.9800000000000p-5']


def test_traced_division_by_a_constant_multiplies_by_its_bfloat16_reciprocal():
    x = tf.cast(tf.constant([-2.96875, -2.875, -2.78125, -2.734375, 1.5]), 'bfloat16')
    assert _hex(tf.function(lambda t: t / 3.0)(x)) == [
        '-0x1.fc00000000000p-1', '-0x1.ec00000000000p-1', '-0x1.dc00000000000p-1', '-0x1.d400000000000p-1',
        '0x1.0000000000000p-1']
    assert _hex(x / 3.0)[0] == '-0x1.fa00000000000p-1'     # eagerly a division


def test_broadcast_add_gradient_sums_bfloat16_in_float32():
    rng = np.random.RandomState(0)
    xs = tf.cast(tf.constant(rng.randn(16, 1)), 'bfloat16')
    ws = tf.cast(tf.constant(rng.randn(16, 1)), 'bfloat16')
    b = tf.Variable(tf.cast(tf.zeros((1,)), 'bfloat16'))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.cast((xs + b) * ws, 'float32'))
    assert _hex(tape.gradient(y, b)) == ['0x1.9600000000000p+1']
