"""RMSprop, Adagrad and Adadelta in a traced step multiply by TF's Rsqrt at every variable size.

Grappler rewrites their Div(x, Sqrt(y)) into x * Rsqrt(y); TF's Rsqrt kernel (Eigen's packets: the
VRSQRTPS estimate and a Newton step) is 1 ulp from 1 / sqrt in about 40% of values. tapeflow took
those packets only up to 256 elements (eigen_math.SMALL_ELEMENTWISE), so a Dense(32) kernel of 640
weights stepped with numpy's 1 / sqrt: its first traced RMSprop step was 1 ulp from TF 2.21's in 11
weights, and every model.fit with RMSprop drifted from the first batch (optim/root_division.py).

Golden values: /work/notes/progs/optimtraj5/golden.py under /opt/tfref/bin/python (TF 2.21, Keras 3.15,
on the Intel Xeon): sha1 of the variable's bytes (first 16 hex digits) and six of its weights.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_rsqrt

pytestmark = pytest.mark.usefixtures('xeon_cpu')

TRACED_STEPS = {
    'RMSprop': ('111025626075f7cf', ['0x1.ce3dea0000000p-4', '0x1.eab36c0000000p-7', '0x1.490a740000000p-7',
                                     '-0x1.8d63960000000p-4', '0x1.48abd40000000p-5', '0x1.41b3c60000000p-5']),
    'Adagrad': ('5d0d1cb409499de5', ['0x1.cbf07a0000000p-4', '0x1.ed89dc0000000p-7', '0x1.f066d20000000p-7',
                                     '-0x1.8e10ae0000000p-4', '0x1.351c320000000p-5', '0x1.463f7e0000000p-5']),
    'Adadelta': ('f5d177c4c1e01997', ['0x1.cb35ca0000000p-4', '0x1.eca4980000000p-7', '0x1.a83f7a0000000p-7',
                                      '-0x1.8dda060000000p-4', '0x1.3c68a60000000p-5', '0x1.44cd6c0000000p-5']),
}
MAKERS = {'RMSprop': lambda: keras.optimizers.RMSprop(1e-3), 'Adagrad': lambda: keras.optimizers.Adagrad(1e-3),
          'Adadelta': lambda: keras.optimizers.Adadelta(1.0)}


def _digest(variables):
    h = hashlib.sha1()
    for v in variables:
        h.update(np.asarray(v.numpy()).tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize('name', sorted(TRACED_STEPS))
def test_traced_steps_on_a_640_weight_kernel_match_tf(name):
    rs = np.random.RandomState(3)
    v = tf.Variable((rs.randn(20, 32) * 0.1).astype('float32'), name='kernel')
    opt = MAKERS[name]()
    step = tf.function(lambda g: opt.apply_gradients([(g, v)]))
    for _ in range(2):
        # gradients of magnitudes 1e-6 .. 1, so the radicands span many binades
        step(tf.constant((rs.randn(20, 32) * 10.0 ** rs.randint(-6, 1, size=(20, 32))).astype('float32')))
    flat = v.numpy().ravel()
    expected_digest, expected_values = TRACED_STEPS[name]
    assert [float(flat[i]).hex() for i in (38, 65, 66, 89, 93, 578)] == expected_values
    assert _digest([v]) == expected_digest


def test_fit_with_rmsprop_on_a_two_hidden_layer_classifier_matches_tf(cpu_kind):
    rs = np.random.RandomState(0)
    x = rs.randn(64, 20).astype('float32')
    y = rs.randint(0, 5, size=(64,))
    keras.utils.set_random_seed(5)
    model = keras.Sequential([keras.Input((20,)), keras.layers.Dense(32, activation='relu'),
                              keras.layers.Dense(32, activation='relu'), keras.layers.Dense(5)])
    model.compile(optimizer=keras.optimizers.RMSprop(1e-3),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=16, epochs=3, verbose=0, shuffle=False)
    assert [float(np.float32(v)).hex() for v in history.history['loss']] == [
        '0x1.c841d20000000p+0', '0x1.b0b12e0000000p+0', '0x1.a3c00a0000000p+0']
    # The losses are TF 2.21's on the Xeon and on an AVX2 AMD EPYC alike; the weights' digest is the Xeon's (TF 2.21
    # on that AMD EPYC gives '058134e114288902', tapeflow there '33d0a34b1c33a1fa': epyc1's report)
    if cpu_kind == 'avx512_vnni':
        assert _digest(model.weights) == 'fed7c9e2e36c1b79'


def test_table_estimate_is_the_interval_estimate_for_every_normal_float_in_1_to_4_and_across_binades():
    # the table path (positive normal inputs) must give _estimate's bits; [1, 4) covers both exponent
    # parities and every mantissa, random bits cover the other exponents
    every = np.arange(0x3F800000, 0x40800000, dtype=np.uint32)
    assert np.array_equal(eigen_rsqrt._fast_estimate(every).view(np.uint32),
                          eigen_rsqrt._estimate(every.view(np.float32)).view(np.uint32))
    bits = np.random.RandomState(1).randint(0x00800000, 0x7F800000, size=200_000).astype(np.uint32)
    bits = np.concatenate([bits, np.uint32([0x00800000, 0x00FFFFFF, 0x7F7FFFFF])])
    assert np.array_equal(eigen_rsqrt._fast_estimate(bits).view(np.uint32),
                          eigen_rsqrt._estimate(bits.view(np.float32)).view(np.uint32))


def test_packets_with_zeros_infinities_and_negatives_keep_the_estimate_rules():
    # one special value sends the whole array down the general path: rsqrt(0) = inf, rsqrt(inf) = 0,
    # a negative x86's negative NaN, as before the table
    a = np.float32([4.0, 0.0, np.inf, -1.0, 1.0, 2.0, 3.0, 5.0])
    out = eigen_rsqrt.rsqrt(a).view(np.uint32).tolist()
    assert out[1:4] == [0x7F800000, 0, 0xFFC00000]
    assert out[4] == 1065353214        # TF's packet rsqrt(1.0) = 0.9999999
