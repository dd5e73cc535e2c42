"""Adafactor on a float64 variable takes epsilon_2 through Keras's ops.cast, as float32(1e-3) widened
(TF 2.21 / Keras 3.15's values; probes /work/notes/progs/optimtraj3/adaf64z.py, adaf64fit.py).

While a variable's RMS is below epsilon_2 (a zero-initialized bias: its first steps), the step is
epsilon_2 * rho; tapeflow used float64(1e-3), so a float64 model's biases left TF's bits at the first
Adafactor step (-0x1.0624dd2f1a9fcp-14 where TF gives -0x1.0624de0000000p-14).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


def test_zero_float64_variable_steps_by_float32_epsilon():
    rng = np.random.RandomState(3)
    variable = tf.Variable(np.zeros(4))
    optimizer = keras.optimizers.Adafactor(0.0625)
    seen = []
    for _ in range(2):
        optimizer.apply_gradients([(tf.constant(rng.randn(4)), variable)])
        seen.append([float(v).hex() for v in variable.numpy()[:3]])
    assert seen == [['-0x1.0624de0000000p-14'] * 3,
                    ['-0x1.91a2bc11804f2p-15', '-0x1.8b0e54c46eb30p-18', '-0x1.20b03afe2e8d0p-18']]


def _digest(variable):
    return hashlib.sha1(np.asarray(variable.numpy()).tobytes()).hexdigest()[:12]


# per train_on_batch: loss, then the kernel and bias digests of both Dense layers
EAGER = [('0x1.d250ca64e612ap+2', ['744521bba283', '64b6202ff3a0', '4d58f225be70', '045771c103ce']),
         ('0x1.8da694bee1aa4p+2', ['e4c3b75230ef', 'd8618dfd42e4', '2ba3aad73cf9', '05fe40575316'])]
TRACED = [('0x1.d250ca64e612ap+2', ['51879b65199e', 'e19afa865424', '4d58f225be70', '045771c103ce']),
          ('0x1.8da694bee1aa4p+2', ['7ad443792ece', '30155c776292', '2ba3aad73cf9', '05fe40575316'])]


@pytest.mark.parametrize('run_eagerly, expected', [(True, EAGER), (False, TRACED)], ids=['eager', 'traced'])
def test_float64_model_biases_follow_tf(float64_floatx, xeon_cpu, run_eagerly, expected):
    rng = np.random.RandomState(6)
    x = rng.randn(16, 6)
    y = x @ rng.randn(6, 1)
    keras.utils.set_random_seed(8)
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(4), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.Adafactor(0.0625), loss='mse', run_eagerly=run_eagerly)
    seen = []
    for _ in range(2):
        loss = model.train_on_batch(x, y)
        seen.append((float(loss).hex(), [_digest(w) for w in model.weights]))
    assert seen == expected
