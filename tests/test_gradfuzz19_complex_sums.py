"""Complex reduce_sum / reduce_mean over trailing axes in TF 2.21's bits: each part summed in Eigen's order on
complex packets (four complex64, two complex128; framework/ops/eigen_complex_sum.py), the mean's quotient
each part divided by the count. numpy's pairwise sum differed in most rows of 4 or more values, and its
complex quotient multiplies by the count's reciprocal.

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t31.py:
    rs = np.random.RandomState(16); a = rs.randn(2, 21) + 1j * rs.randn(2, 21)
    reduce_sum(complex64 a, axis=1), reduce_sum(a, axis=-1) (complex128), reduce_sum(complex64 a),
    reduce_mean(complex64 a, axis=1); each value printed as (real.hex(), imag.hex()).
"""
import numpy as np

import framework as tf

TF_ROWS64 = [
    ('-0x1.782b220000000p+2', '0x1.f344e40000000p+2'),
    ('-0x1.ec308c0000000p+0', '-0x1.46c5fa0000000p+0')]
TF_ROWS128 = [
    ('-0x1.782b22ad69291p+2', '0x1.f344e4c1391afp+2'),
    ('-0x1.ec308b41218e6p+0', '-0x1.46c5fe55b6e70p+0')]
TF_ALL64 = [
    ('-0x1.f337440000000p+2', '0x1.a193660000000p+2')]
TF_MEAN64 = [
    ('-0x1.1e9ac40000000p-2', '0x1.7c65400000000p-2'),
    ('-0x1.77006a0000000p-4', '-0x1.f1f0ba0000000p-5')]


def _hex(values):
    return [(float(v.real).hex(), float(v.imag).hex()) for v in np.ravel(values)]


def test_complex_sums_and_means():
    rs = np.random.RandomState(16)
    a = rs.randn(2, 21) + 1j * rs.randn(2, 21)
    a64 = tf.constant(a.astype(np.complex64))
    assert _hex(tf.reduce_sum(a64, axis=1).numpy()) == TF_ROWS64
    assert _hex(tf.reduce_sum(tf.constant(a), axis=-1).numpy()) == TF_ROWS128
    assert _hex(tf.reduce_sum(a64).numpy()) == TF_ALL64
    assert _hex(tf.reduce_mean(a64, axis=1).numpy()) == TF_MEAN64


def test_keepdims_and_gradients_keep_working():
    rs = np.random.RandomState(17)
    a = tf.constant((rs.randn(3, 10) + 1j * rs.randn(3, 10)).astype(np.complex64))
    kept = tf.reduce_sum(a, axis=1, keepdims=True).numpy()
    assert kept.shape == (3, 1) and np.array_equal(kept[:, 0], tf.reduce_sum(a, axis=1).numpy())
    np.testing.assert_allclose(kept[:, 0], a.numpy().sum(1), rtol=1e-5)
    with tf.GradientTape() as tape:
        tape.watch(a)
        loss = tf.math.real(tf.reduce_sum(tf.reduce_mean(a, axis=1) * (1 + 2j)))
    np.testing.assert_allclose(tape.gradient(loss, a).numpy(), np.full((3, 10), (1 - 2j) / 10), rtol=1e-6)
