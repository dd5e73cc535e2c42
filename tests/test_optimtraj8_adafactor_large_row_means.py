"""Adafactor's row means of a kernel past 65536 weights add in TF's order.

Keras's Adafactor keeps ``r = beta_2 * r + (1 - beta_2) * mean(g**2 + epsilon_1, axis=-1)``. tapeflow's
reduce_mean takes Eigen's row order only up to eigen_sum.MAX_SIZE (65536) elements and numpy's sum
past that, so the row slot of an MNIST-sized Dense(128) kernel (784 x 128) was 1 ulp off TF 2.21's
from the first step (eagerly and in fit / tf.function), and the weights drifted.

Golden values: /work/notes/progs/optimtraj6/adabig.py under /opt/tfref/bin/python (TF 2.21, Keras
3.15): sha1 (first 16 hex digits) of the row slot and of the kernel after two steps.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # large sums

ROW_SLOT = ('31f590b143967138', ['0x1.e3d3000000000p-14', '0x1.8f13d40000000p-14', '0x1.a508480000000p-14',
                                 '0x1.80c1940000000p-14'])
KERNEL = {'eager': '5efb3ed520f5b426', 'fn': '3ce8db2db449a530'}


def _sha(a):
    return hashlib.sha1(np.asarray(a).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize('mode', sorted(KERNEL))
def test_two_steps_on_a_784_by_128_kernel(mode):
    rng = np.random.RandomState(3)
    init = (rng.randn(784, 128) * 0.05).astype('float32')
    grads = [tf.constant((rng.randn(784, 128) * 0.01).astype('float32')) for _ in range(2)]
    kernel = keras.Variable(init, name='kernel')
    opt = keras.optimizers.Adafactor(0.01)

    def step(g):
        opt.apply_gradients([(g, kernel)])
    if mode == 'fn':
        step = tf.function(step)
    for g in grads:
        step(g)
    row = opt.variables[2].numpy()
    assert opt.variables[2].shape == (784,)
    assert [float(row[i]).hex() for i in range(4)] == ROW_SLOT[1]
    assert _sha(row) == ROW_SLOT[0]
    assert _sha(kernel.numpy()) == KERNEL[mode]
