"""rsqrt's and reciprocal's gradients are TF's RsqrtGrad / ReciprocalGrad ops with their own rules (_RsqrtGradGrad,
_ReciprocalGradGrad): tapeflow wrote them as where(dy == 0, 0, rule), which has no derivative in dy where dy
is 0, so forward mode through tf.nn.batch_normalization (x * inv - mean * inv: inv's upstream gradient cancels
to 0) lost a term and gave another jvp than TF's; Hessians were a few ulps off. Values printed by TF 2.21
(/opt/tfref) for /work/notes/progs/autodiff13/x_rs.py and x_fwd.py.
"""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

X = np.linspace(0.3, 2.9, 12).reshape(3, 4)
W = np.cos(np.arange(12.0)).reshape(3, 4)
TF_HESSIAN = {
    ('float64', 'rsqrt'): (
        'c05725ed097b4261 bff6de8fbae39d44 3fc36797dfa715bd 3fe675714d50e4ad 3fb648f63e2fd10b bf6d15e062de2533 '
        'bfb38066c85dcccf bf968c7d84a02b25 3f1a48ba7d80ec13 3f90bc2f8ec00d6e 3f82068a2fed36b4 be0f957435be3c11'),
    ('float64', 'recip'): (
        'c099b85cb5339f17 c02c6cdb25098df9 3ff0bdc4487c12c4 400dacdc6f626df5 3fd7db8074678301 bf8a2bc4249be8f4 '
        'bfce4459167764b2 bfaec3a54bc4b1ee 3f2ffde082187ddd 3fa262b8900b9031 3f920bca204111c6 be1d0ae672279273'),
    ('float32', 'rsqrt'): (
        'c2b92f63 bfb6f477 3e1b3cc1 3f33ab8b 3db247b0 bb68af0c bd9c0335 bcb463e7 38d245cd 3c85e177 3c103451 b07cab9c'),
}
TF_CANCEL_JVP = [
    0.4958491700380434, 0.26564307074421406, -0.15189493935398124, -0.384658215718546,
    -0.3727924597505153, 0.1483180538995564, 0.4662337799084671, 0.34322758773099904,
    -0.12305671028752811, -0.4139611246437704, -0.3143388405544858, 0.04143062798754702,
]


def _bits(a):
    a = np.asarray(a)
    return ' '.join(('%016x' if a.dtype == np.float64 else '%08x') % v
                    for v in a.reshape(-1).view(np.uint64 if a.dtype == np.float64 else np.uint32))


@pytest.mark.parametrize('dtype,name', sorted(TF_HESSIAN))
def test_second_derivatives_are_tensorflows_bits(dtype, name):
    f = {'rsqrt': tf.math.rsqrt, 'recip': tf.math.reciprocal}[name]
    x, w = tf.constant(X, dtype), tf.constant(W, dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(f(x) * w)
        g = inner.gradient(y, x)
        z = tf.reduce_sum(g * g * w)
    assert _bits(outer.gradient(z, x).numpy()) == TF_HESSIAN[(dtype, name)]


def test_a_jvp_through_a_cancelling_upstream_gradient():
    x, w = tf.constant(X), tf.constant(W)
    with tf.autodiff.ForwardAccumulator(x, w) as acc:
        inv = tf.math.rsqrt(tf.reduce_sum(x, 0))
        y = x * inv - tf.reduce_mean(x, 0) * inv
    # TF 2.21's float64 jvp (tapeflow's was 1e-2 off before); within an ulp or two of its bits
    np.testing.assert_allclose(acc.jvp(y).numpy().ravel(), TF_CANCEL_JVP, rtol=1e-15, atol=1e-16)


def test_batch_normalization_jvp_matches_tensorflow():
    x = tf.constant(np.linspace(-1, 1.3, 12).reshape(3, 4) ** 2)
    tangent = tf.sin(tf.reshape(tf.range(12.0, dtype=tf.float64), (3, 4)) * 1.7)
    with tf.autodiff.ForwardAccumulator(x, tangent) as acc:
        y = tf.nn.batch_normalization(x, tf.reduce_mean(x, 0), tf.math.reduce_variance(x, 0), x[0] * 0.5,
                                      1.0 + x[1] * 0.1, 1e-3)
    # TF 2.21 (rounded to 6 digits as printed)
    np.testing.assert_allclose(acc.jvp(y).numpy().ravel()[:6],
                               [-0.364922, 1.441134, 0.553363, -0.608825, -0.597644, 0.210457], atol=1e-6)


@pytest.mark.parametrize('f', [tf.math.rsqrt, tf.math.reciprocal])
def test_second_derivatives_match_central_differences(f):
    def first(z):
        with tf.GradientTape() as tape:
            tape.watch(z)
            y = tf.reduce_sum(f(z) * W)
        return tape.gradient(y, z)
    assert check_gradients(first, [X]) < 1e-5
