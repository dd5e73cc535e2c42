"""Ftrl raises its accumulators to -learning_rate_power with TF's Pow at every variable size.

Keras's Ftrl step computes ``ops.power(accum, -learning_rate_power)``: TF's Pow kernel, Eigen's packet
generic_pow, which is ~27% of the time 1 ulp from a correctly rounded pow. tapeflow took those packets
only up to 256 elements (eigen_math.SMALL_ELEMENTWISE), so on a larger variable Ftrl stepped with
numpy's pow: eagerly with the default power (TF keeps Pow(x, 0.5) outside a graph), and in fit or a
tf.function with any power grappler does not rewrite (learning_rate_power=-0.6: a Dense(64) kernel left
TF 2.21's bits in the first epoch).

Golden values: /work/notes/progs/optimtraj6/ftrlgold.py under /opt/tfref/bin/python (TF 2.21,
Keras 3.15): sha1 of the weights' bytes (first 16 hex digits) and some of them.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # the fit's Dense products

LOOPS = {
    ('eager', -0.5, 'float32'): ('ec7153737ed825c2', {
        700: '0x1.010afa0000000p-2', 702: '0x1.02dadc0000000p-2', 1100: '0x1.d1b2300000000p-1'}),
    ('fn', -0.6, 'float32'): ('560903bdfb82c1c7', {
        301: '-0x1.ae23b80000000p-2', 702: '0x1.beb4ec0000000p-3', 1100: '0x1.bfd23e0000000p-1'}),
    ('eager', -0.25, 'float64'): ('4af88beab44dfd98', {
        300: '-0x1.5668ac29a1600p-3', 703: '0x1.003f998724ad8p-1', 1101: '0x1.2bbf0c13798fcp+0'}),
}
FIT_KERNEL = ('089d11016f148f48', {600: '-0x1.e006520000000p-9', 602: '0x1.67d6500000000p-8',
                                   604: '-0x1.268aac0000000p-8', 605: '0x1.c9ed280000000p-8',
                                   607: '0x1.afb5160000000p-9', 609: '-0x1.60ab580000000p-8'})


def _sha(a):
    return hashlib.sha1(np.asarray(a).tobytes()).hexdigest()[:16]


def _gradient(step, dtype):
    i = np.arange(1200, dtype=np.float64)
    g = np.sin(step * 1.7 + i * 0.9) * (0.5 + (i % 3)) + 0.05 * (step % 4) - 0.02 * i
    return tf.constant(g.reshape(40, 30).astype(dtype))


@pytest.mark.parametrize('mode, power, dtype', list(LOOPS))
def test_custom_loop_on_1200_weights(mode, power, dtype):
    v = tf.Variable(np.linspace(-1, 1, 1200).reshape(40, 30).astype(dtype))
    opt = keras.optimizers.Ftrl(0.05, learning_rate_power=power, l1_regularization_strength=0.001)

    def step(g):
        opt.apply_gradients([(g, v)])
    if mode == 'fn':
        step = tf.function(step)
    for t in range(2):
        step(_gradient(t, dtype))
    weights = v.numpy().reshape(-1)
    digest, some = LOOPS[(mode, power, dtype)]
    assert {i: float(weights[i]).hex() for i in some} == some
    assert _sha(weights) == digest


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives [600] -0x1.e00658p-9 and [605] 0x1.c9ed2cp-8, tapeflow there
# -0x1.e00652p-9 and 0x1.c9ed28p-8 natively (epyc1's report)
@pytest.mark.avx512_bits
def test_fit_with_learning_rate_power():
    rng = np.random.RandomState(7)
    x = rng.randn(160, 20).astype('float32')
    y = rng.randint(0, 5, 160)
    keras.utils.set_random_seed(11)
    model = keras.Sequential([keras.Input((20,)), keras.layers.Dense(64, activation='relu'),
                              keras.layers.Dense(5, activation='softmax')])
    model.compile(optimizer=keras.optimizers.Ftrl(0.05, learning_rate_power=-0.6),
                  loss='sparse_categorical_crossentropy')
    model.fit(x, y, batch_size=32, epochs=1, verbose=0, shuffle=False)
    kernel = model.weights[0].numpy().reshape(-1)
    digest, some = FIT_KERNEL
    assert {i: float(kernel[i]).hex() for i in some} == some
    assert _sha(kernel) == digest
