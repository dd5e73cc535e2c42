"""A cosine schedule called on an array of steps (``schedule(tf.range(200))``, to plot or print the
rates ahead) gives TF 2.21's bits: TensorFlow's Cos and Log run Eigen's packet kernels on such an
array, which round otherwise than the C library it reaches for one step, so the array's rates differ
from the step-by-step ones in the last bit. tapeflow computed every element with the C library, as
for one step. Values printed by TF 2.21 / Keras 3.15 (probe: /work/notes/progs/optimtraj/vecsched_golden.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules

CASES = [
    # schedule, steps where TF's array rate differs from its one-step rate, TF's array rates there,
    # TF's one-step rates there
    (lambda: S.CosineDecay(0.1, 1000, alpha=0.01), [73, 116, 135, 139, 167, 170, 188, 189],
     ['0x1.944a9cp-4', '0x1.8c48fap-4', '0x1.87a308p-4', '0x1.8692e6p-4', '0x1.7e5484p-4', '0x1.7d5d7cp-4',
      '0x1.7740c4p-4', '0x1.76e5bep-4'],
     ['0x1.944a9ep-4', '0x1.8c48fcp-4', '0x1.87a306p-4', '0x1.8692e4p-4', '0x1.7e5486p-4', '0x1.7d5d7ep-4',
      '0x1.7740c6p-4', '0x1.76e5c0p-4']),
    (lambda: S.CosineDecayRestarts(0.1, 100, m_mul=0.9), [17, 19, 22, 25, 26, 31, 35, 42],
     ['0x1.7d1478p-4', '0x1.762fa6p-4', '0x1.6a99e2p-4', '0x1.5d9d8ep-4', '0x1.58fec8p-4', '0x1.3fea26p-4',
      '0x1.29c6fcp-4', '0x1.ff76a4p-5'],
     ['0x1.7d147ap-4', '0x1.762fa4p-4', '0x1.6a99e4p-4', '0x1.5d9d90p-4', '0x1.58fecap-4', '0x1.3fea28p-4',
      '0x1.29c6fap-4', '0x1.ff76a0p-5']),
    # t_mul != 1: the restart index comes from a Log of the array too
    (lambda: S.CosineDecayRestarts(0.05, 7, t_mul=1.5), [30, 52, 58, 59, 60, 61, 62, 63],
     ['0x1.4c60dap-8', '0x1.4c60dap-8', '0x1.989514p-5', '0x1.95fa0ap-5', '0x1.91ca84p-5', '0x1.8c0eeap-5',
      '0x1.84d2c6p-5', '0x1.7c24a0p-5'],
     ['0x1.4c60d4p-8', '0x1.4c60d4p-8', '0x1.989512p-5', '0x1.95fa06p-5', '0x1.91ca80p-5', '0x1.8c0ee6p-5',
      '0x1.84d2c2p-5', '0x1.7c249ap-5']),
]


@pytest.mark.parametrize('make, steps, expected, _', CASES)
def test_rates_over_a_range_of_steps(make, steps, expected, _):
    rates = make()(tf.range(200)).numpy()
    assert rates.dtype == np.float32 and rates.shape == (200,)
    assert [float(rates[i]).hex() for i in steps] == [float.hex(float.fromhex(e)) for e in expected]


@pytest.mark.parametrize('make, steps, _, expected', CASES)
def test_one_step_keeps_the_c_library_rate(make, steps, _, expected):
    schedule = make()
    assert [float(schedule(i)).hex() for i in steps] == [float.hex(float.fromhex(e)) for e in expected]
    assert [float(schedule(tf.constant(i))).hex() for i in steps] == [float.hex(float.fromhex(e)) for e in expected]
