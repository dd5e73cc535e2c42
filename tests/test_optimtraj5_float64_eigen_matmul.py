"""A float64 matrix product of several rows and columns sums in the order of TF's Eigen gebp kernel
(framework/ops/eigen_double_product.py): TF 2.21 on the AVX-512 Xeon printed these digests (sha1 of
the output bytes, first 12 hex digits; probes /work/notes/progs/optimtraj3/f64golden.py, f64fit.py).

numpy's BLAS fuses multiply-adds where Eigen (built without FMA) rounds each product, so about half
of a float64 Dense layer's outputs differed in the last bit, and a float64 model's weights drifted
from TF's from its first step (10 of these 12 digests and all three fits differed before).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


def _digest(t):
    return hashlib.sha1(np.ascontiguousarray(np.asarray(t)).tobytes()).hexdigest()[:12]


# (M, K, N): every class of gebp's outputs (blocks of 8 / 4 / 2 columns, a single last column,
# rows past M // 4 * 4, depths below and above the kernel's peeled 8)
PRODUCTS = [((32, 3, 6), '3107aacc47cd'), ((16, 5, 9), '7deb8eb63125'), ((5, 40, 7), '70c73ff89908'),
            ((40, 17, 33), 'e8f22a4fa47e'), ((64, 9, 17), '7cda2676b178'), ((7, 1, 7), '30dcae501940'),
            ((6, 12, 2), '701dd4e7bc82'), ((3, 100, 2), 'c1e23953c104')]


def test_matmul_and_its_transposed_forms_give_tf_bits():
    rng = np.random.RandomState(21)
    for (m, k, n), expected in PRODUCTS:
        a, b = rng.randn(m, k), rng.randn(k, n)
        assert _digest(tf.matmul(a, b)) == expected, (m, k, n)
        assert _digest(tf.matmul(a.T, b, transpose_a=True)) == expected, (m, k, n)
        assert _digest(tf.matmul(a, b.T, transpose_b=True)) == expected, (m, k, n)


def test_gradients_conv2d_and_einsum_give_tf_bits():
    rng = np.random.RandomState(21)
    for (m, k, n), _ in PRODUCTS:       # (the same draws as the products' test)
        rng.randn(m, k), rng.randn(k, n)
    x = tf.constant(rng.randn(12, 6))
    w, v = tf.Variable(rng.randn(6, 5)), tf.Variable(rng.randn(5, 3))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.tanh(tf.matmul(tf.tanh(tf.matmul(x, w)), v)) ** 2)
    gw, gv = tape.gradient(loss, [w, v])
    assert (_digest(gw), _digest(gv), float(loss).hex()) == ('8bfbb1ba5e94', 'ebac6652c5b4', '0x1.1482a0614fe0cp+4')
    image, kernel = rng.randn(2, 6, 6, 3), rng.randn(3, 3, 3, 4)
    assert _digest(tf.nn.conv2d(image, kernel, 1, 'SAME')) == 'ef3a7a23c600'
    assert _digest(tf.nn.conv2d(image, kernel, 2, 'VALID')) == 'd878ef88a82c'
    assert _digest(tf.einsum('ij,jk->ik', rng.randn(6, 9), rng.randn(9, 5))) == 'ecadef2092d2'


# learning rates a float32 holds exactly, so these do not depend on the rate variable's dtype
FITS = [('sgdm', lambda: keras.optimizers.SGD(0.0625, momentum=0.5),
         ['0x1.a1091bfc1f3a1p+2', '0x1.c2e36609b6ac4p+1', '0x1.faec64efbbce5p+0'], 'b79a0b371b84'),
        ('adam', lambda: keras.optimizers.Adam(0.015625),
         ['0x1.d553628143db0p+2', '0x1.75fc393bdf7e7p+2', '0x1.4116120fd8f91p+2'], 'f5d63dbb2cd3'),
        ('rms', lambda: keras.optimizers.RMSprop(0.0078125),
         ['0x1.d3f910e97105ep+2', '0x1.824564a92f0d6p+2', '0x1.5853c17eb2892p+2'], 'a9a2a61b5a73')]


@pytest.mark.parametrize('name, make, losses, weights', FITS, ids=[f[0] for f in FITS])
def test_float64_fit_follows_tf_step_by_step(float64_floatx, xeon_cpu, name, make, losses, weights):
    rng = np.random.RandomState(6)
    x = rng.randn(32, 6)
    y = x @ rng.randn(6, 1) + 0.2 * rng.randn(32, 1)
    keras.utils.set_random_seed(8)
    model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation='relu'),
                              keras.layers.Dense(3, activation='tanh'), keras.layers.Dense(1)])
    model.compile(optimizer=make(), loss='mse')
    history = model.fit(x, y, batch_size=8, epochs=3, verbose=0, shuffle=False)
    assert [float(v).hex() for v in history.history['loss']] == losses
    digest = hashlib.sha1()
    for w in model.weights:
        digest.update(np.asarray(w.numpy()).tobytes())
    assert digest.hexdigest()[:12] == weights


# Batched (TF's BatchMatMul): (batch, M, K, N) and the digest; a batch of one or a large product is the
# contraction (gebp), the rest Eigen's Matrix product, coefficient by coefficient when K + M + N < 20
# (probe bmm64c.py)
BATCHED = [((1, 5, 9, 5), '5584bb98ea1e'), ((1, 3, 4, 6), '605903ee6325'), ((3, 5, 9, 5), '51ea57ab8c59'),
           ((4, 3, 4, 6), 'd0928fb158f4'), ((2, 2, 7, 3), '13a05bc03877'), ((3, 6, 6, 7), '8065f1125750'),
           ((2, 8, 30, 9), '34c420c91842'), ((2, 30, 30, 30), '556e3225244c'), ((3, 40, 20, 21), '1df136dc7452'),
           ((5, 7, 12, 11), 'f32be39bc9d5'), ((2, 1, 6, 5), 'c048211725f1'), ((3, 5, 6, 1), '16562896bd00'),
           ((2, 9, 3, 2), 'b685d62e178a'), ((6, 4, 4, 4), '8cecb72d800e'), ((2, 12, 40, 35), 'aff898ab4e83'),
           ((1, 1, 9, 5), '7fe7de113665')]


def test_batched_matmul_gives_tf_bits():
    rng = np.random.RandomState(9)
    for (batch, m, k, n), expected in BATCHED:
        a, b = rng.randn(batch, m, k), rng.randn(batch, k, n)
        assert _digest(tf.matmul(a, b)) == expected, (batch, m, k, n)
        assert _digest(tf.matmul(np.swapaxes(a, 1, 2).copy(), b, transpose_a=True)) == expected, (batch, m, k, n)
