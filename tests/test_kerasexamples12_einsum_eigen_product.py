"""tf.einsum without a batch letter sums as tf.matmul where oneDNN is off (the AVX2 AMD EPYC).

TF 2.21's Einsum kernel folds the operands into one BatchMatMul; with no batch letter that is a batch of one,
which on this CPU runs Eigen's contraction as MatMul does: EinsumDense's / MultiHeadAttention's projection
'abc,cde->abde' equals tf.matmul of the folded rows bit for bit there. tapeflow summed it with numpy's BLAS
(the order measured against oneDNN on the Xeon), a few values an ulp off TF's on this CPU (probe
progs/kerasexamples12/p3e.py, t3.py). Goldens: TF 2.21 on the AMD EPYC (CPU_KIND 'avx2'): bit for bit on such
a CPU, within float32 rounding elsewhere.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from conftest import CPU_KIND


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t, np.float32).ravel()]


def _inputs():
    rng = np.random.RandomState(12)
    x = rng.randn(2, 3, 16).astype(np.float32)
    w = rng.randn(16, 2, 3).astype(np.float32)
    up = rng.randn(2, 3, 2, 3).astype(np.float32)
    a = rng.randn(4, 5, 4).astype(np.float32)
    b = rng.randn(5, 3).astype(np.float32)
    return x, w, up, a, b


def _same(actual, expected):
    if CPU_KIND == 'avx2':
        assert actual == expected
    else:
        assert [float.fromhex(h) for h in actual] == pytest.approx([float.fromhex(h) for h in expected], rel=1e-5)


def test_projection_sums_as_tf_matmul(epyc_cpu):     # (measured on the AVX2 EPYC, where TF runs its Eigen kernels)
    x, w, *_ = _inputs()
    y = tf.einsum('abc,cde->abde', x, w)
    # TF 2.21 (EPYC) gives these; tapeflow gave '0x1.0ce3960000000p+2', '0x1.582a3c0000000p-3', ... before
    _same(_hexes(y)[:6], ['-0x1.7750f40000000p+2', '0x1.0ce3940000000p+2', '0x1.582a380000000p-3',
                          '-0x1.f4413c0000000p+1', '0x1.8c56b80000000p+0', '0x1.19b6cc0000000p+3'])
    _same(_hexes(y)[-3:], ['-0x1.8426480000000p+1', '-0x1.9cf7020000000p+1', '0x1.25c41c0000000p+3'])
    if CPU_KIND == 'avx2':
        assert hashlib.sha1(np.asarray(y).tobytes()).hexdigest()[:12] == 'cae47be9f315'   # (before: 2f6e51f83afc)
        folded = tf.matmul(x.reshape(6, 16), w.reshape(16, 6))
        assert np.asarray(y).ravel().tobytes() == np.asarray(folded).ravel().tobytes()


def test_projection_gradients_keep_tf_bits():
    x, w, up, *_ = _inputs()
    xv, wv = tf.constant(x), tf.Variable(w)
    with tf.GradientTape() as tape:
        tape.watch(xv)
        loss = tf.reduce_sum(tf.einsum('abc,cde->abde', xv, wv) * up)
    gx, gw = tape.gradient(loss, [xv, wv])
    _same(_hexes(gx)[:3], ['0x1.19a0020000000p-2', '0x1.8358a40000000p-1', '-0x1.2029a20000000p+2'])
    _same(_hexes(gw)[:3], ['-0x1.ccf0320000000p+2', '-0x1.5841ea0000000p+2', '-0x1.12301c0000000p+2'])


def test_repeated_letter_takes_the_diagonal_then_the_same_product(epyc_cpu):     # (measured on the AVX2 EPYC)
    *_, a, b = _inputs()
    y = tf.einsum('iji,jk->ik', a, b)
    # TF 2.21 (EPYC); tapeflow gave '0x1.031f4e0000000p-5', '-0x1.29d04c0000000p+0', ... in places 5, 6, 7, 9 before
    _same(_hexes(y), ['-0x1.79d2e40000000p+1', '-0x1.0171120000000p+0', '-0x1.95beb40000000p-2',
                      '-0x1.af53e00000000p-1', '0x1.031f5a0000000p-5', '-0x1.29d04a0000000p+0',
                      '0x1.6561780000000p-1', '0x1.b792920000000p-4', '0x1.6d0dbe0000000p+1',
                      '-0x1.bc38b00000000p-4', '0x1.6cc2f40000000p+0', '-0x1.1be0f80000000p+2'])


def test_xeon_keeps_the_blas_product(xeon_cpu):
    """Where oneDNN runs (the Xeon), TF's _MklEinsum sums as numpy's BLAS did: that path is unchanged."""
    from framework.ops import eigen_avx2_product
    x, w, *_ = _inputs()
    assert not eigen_avx2_product.wanted(x.reshape(6, 16), w.reshape(16, 6))
    np.testing.assert_allclose(np.asarray(tf.einsum('abc,cde->abde', x, w)), np.einsum('abc,cde->abde', x, w),
                               rtol=1e-5, atol=1e-6)


def test_batch_of_one_sums_as_matmul(epyc_cpu):     # (measured on the AVX2 EPYC, where TF runs its Eigen kernels)
    """keras.ops.einsum('abc,cd->abd') of one sample is Keras's 3-D by 2-D tf.matmul: a BatchMatMul with a batch of
    one, which TF 2.21 sums as its MatMul on this CPU (96 of 96 shapes, progs/kerasexamples12/p7.py)."""
    from framework import keras
    rng = np.random.RandomState(7)
    q, k = rng.randn(1, 7, 16).astype('float32'), rng.randn(16, 6).astype('float32')
    y = keras.ops.einsum('abc,cd->abd', q, k)
    # TF 2.21 (EPYC) gives these; tapeflow gave '0x1.5022980000000p+0', '-0x1.a34d500000000p-1', ... before
    _same(_hexes(y)[:4], ['0x1.5022960000000p+0', '-0x1.a34d4c0000000p-1', '0x1.b4a04e0000000p+1',
                          '-0x1.b5ea8c0000000p+1'])
    if CPU_KIND == 'avx2':
        assert hashlib.sha1(np.asarray(y).tobytes()).hexdigest()[:12] == 'efb5c839a04f'    # (before: 75ff131e7a3e)
        assert np.asarray(tf.matmul(q, k)).tobytes() == np.asarray(tf.matmul(q[0], k)).tobytes()
