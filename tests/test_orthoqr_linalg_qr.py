"""tf.linalg.qr (and keras.ops.qr) carry TensorFlow's bits, Eigen's HouseholderQR, for tall or
square float32 / float64 matrices under 48 columns where the exact-math mode covers the size
(32 elements by default, any size with ``set_tf_exact_math(True)``); gradients are unchanged.

Golden values: TensorFlow 2.21 (tensorflow-cpu, x86-64) ``tf.linalg.qr`` of
``np.random.default_rng(sum(shape)).standard_normal(shape).astype(dtype)``; digests are the first
16 hex digits of sha256 over the C-order bytes of q and of r. numpy's LAPACK QR matched none.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_householder_qr


def _digest(x):
    return hashlib.sha256(np.ascontiguousarray(np.asarray(x)).tobytes()).hexdigest()[:16]


def _input(shape, dtype):
    return np.random.default_rng(sum(shape)).standard_normal(shape).astype(dtype)


GOLDEN = [
    ((3, 3), 'float32', False, '9880af9d102ee483', '84abde0683780802'),
    ((3, 3), 'float32', True, '9880af9d102ee483', '84abde0683780802'),
    ((6, 4), 'float64', False, 'e99ff4c8a6c46ce3', 'bae625c7eacef573'),
    ((6, 4), 'float64', True, '81b5698abaa12330', 'eabf858f255846bd'),
    ((9, 2), 'float32', False, 'a094820d869f719f', '78e3863f65c5104c'),
    ((9, 2), 'float32', True, '9b1fbc1e10ab5a1a', 'dfdf3c1b14b2c383'),
    ((40, 10), 'float32', False, '704922ef48a08fba', 'a6fa63c3d607b6d2'),
    ((40, 10), 'float32', True, '45eb4224692ba284', '37fecfac9be46170'),
    ((130, 7), 'float64', False, '27e67adda8cb5c15', '0765cc22bf868658'),
    ((130, 7), 'float64', True, 'ea3b80974b4b5b3d', '6b4ed4121b27c3c7'),
    ((140, 12), 'float32', False, '547979e0d654456e', '7ac55580022faf98'),
    ((140, 12), 'float32', True, '5874371ffdb844f7', '4bfd11169f5fb6f3'),
    ((20, 20), 'float64', False, 'c06a2a3db2d43273', '8d91dfe1e10d98b6'),
    ((20, 20), 'float64', True, '753543e8cb1478ec', '8d91dfe1e10d98b6'),
    ((2, 5, 3), 'float32', False, '3c4a37df9fd97c5d', 'c4bf2d8b7a173149'),
    ((2, 5, 3), 'float32', True, '6ccaaac65c97fb50', 'd2310fd1f797f4a0'),
]


@pytest.mark.parametrize('shape, dtype, full_matrices, q_digest, r_digest', GOLDEN)
def test_qr_has_tf_bits_in_exact_mode(exact_math, shape, dtype, full_matrices, q_digest, r_digest):
    q, r = tf.linalg.qr(_input(shape, dtype), full_matrices=full_matrices)
    assert (_digest(q), _digest(r)) == (q_digest, r_digest)


def test_small_qr_has_tf_bits_by_default():
    # 6 elements: inside the default mode's 32. TF's float32 bits, as integers.
    a = np.array([[3., 1.], [4., 2.], [0., 5.]], np.float32)
    q, r = tf.linalg.qr(a)
    assert np.asarray(q).view(np.uint32).tolist() == [[3206125978, 1031972762], [3209481421, 3175349094],
                                                      [0, 3212783434]]
    assert np.asarray(r).view(np.uint32).tolist() == [[3231711232, 3222064333], [0, 3231744733]]


def test_coverage_is_tall_or_square_real_under_one_block():
    covers = eigen_householder_qr.covers
    assert covers((47, 47), np.float32) and covers((48, 48), np.float64, full_matrices=True)
    assert not covers((48, 48), np.float32)          # the reduced Q is blocked from 48
    assert not covers((3, 5), np.float32)            # wide: a block update of the trailing columns
    assert not covers((4, 4), np.float16) and not covers((4, 4), np.complex64)


def test_qr_gradient_unchanged_by_the_emulation(exact_math):
    a = tf.Variable(_input((5, 3), 'float64'))
    with tf.GradientTape() as tape:
        q, r = tf.linalg.qr(a)
        loss = tf.reduce_sum(q * q[:, ::-1]) + tf.reduce_sum(r ** 2)
    grad = np.asarray(tape.gradient(loss, a))
    x, eps, numeric = _input((5, 3), 'float64'), 1e-6, np.zeros((5, 3))
    for i in np.ndindex(x.shape):
        hi, lo = x.copy(), x.copy()
        hi[i] += eps
        lo[i] -= eps
        f = [np.sum(q_ * q_[:, ::-1]) + np.sum(r_ ** 2) for q_, r_ in (np.linalg.qr(hi), np.linalg.qr(lo))]
        numeric[i] = (f[0] - f[1]) / (2 * eps)
    np.testing.assert_allclose(grad, numeric, rtol=1e-5, atol=1e-7)
