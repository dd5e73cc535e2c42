"""Muon under keras.backend.set_floatx('float64') trains as in TF 2.21: Keras's sqrt(max(rows, cols)) of an int
is in floatx, so the float64 update meets a float64 root (tapeflow's float32 root raised Mul's dtype error, in
fit too); a traced step folds the float64 constants as the float32 ones.

Printed by TF 2.21 / Keras 3 (/work/notes/progs/optimtraj10/gold_muon64.py):
    keras.backend.set_floatx('float64')
    w = keras.Variable(np.arange(15.0).reshape(5, 3) / 7 - 1, name='kernel'); b = keras.Variable([0.5, -0.25, 1.0], name='bias')
    o = keras.optimizers.Muon(0.01)
    for s in range(3): o.apply_gradients([(cos(arange(15) * (s + 1)).reshape(5, 3), w), ([0.1, -0.2, 0.3] * (s + 1), b)])
    (eager; and in a tf.function returning tf.reduce_sum(g1))
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

EAGER_W = ['-0x1.01bb6c21bc1e2p+0', '-0x1.b4ac5bb8735fap-1', '-0x1.6c6a8ddf0eb54p-1', '-0x1.237d1c9d58876p-1',
           '-0x1.b3cb655e4f1e7p-2', '-0x1.20d0eac31954bp-2', '-0x1.2f432932179e3p-3', '-0x1.08aacc9c32741p-9',
           '0x1.28897df37feb4p-3', '0x1.2705e15c93b1ap-2', '0x1.ba1bbec99b5c6p-2', '0x1.2741776231378p-1',
           '0x1.6c6dd44a8a927p-1', '0x1.b23a6c57413d8p-1', '0x1.00336e1aa5299p+0']
TRACED_W = EAGER_W[:7] + ['-0x1.08aacc9c32740p-9'] + EAGER_W[8:]      # TF's traced step: one ulp apart
BIAS = ['0x1.e201d308242f0p-2', '-0x1.c4133c9ee457fp-3', '0x1.f0f90064744ffp-1']


@pytest.fixture
def float64_floatx():
    keras.backend.set_floatx('float64')
    yield
    keras.backend.set_floatx('float32')


@pytest.mark.parametrize('traced, expected', [(False, EAGER_W), (True, TRACED_W)])
def test_muon_float64_steps(float64_floatx, traced, expected):
    keras.backend.clear_session()
    w = keras.Variable(np.arange(15.0).reshape(5, 3) / 7 - 1, name='kernel')
    b = keras.Variable(np.array([0.5, -0.25, 1.0]), name='bias')
    opt = keras.optimizers.Muon(0.01)

    def step(g1, g2):
        opt.apply_gradients([(g1, w), (g2, b)])
        return tf.reduce_sum(g1)

    if traced:
        step = tf.function(step)
    for s in range(3):
        step(tf.constant(np.cos(np.arange(15.0) * (s + 1)).reshape(5, 3)),
             tf.constant(np.array([0.1, -0.2, 0.3]) * (s + 1)))
    assert [x.hex() for x in w.numpy().reshape(-1)] == expected
    assert [x.hex() for x in b.numpy()] == BIAS
