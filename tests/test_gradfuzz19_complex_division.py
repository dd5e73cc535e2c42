"""Complex division in TF 2.21's bits: Eigen's pdiv_complex on packets of four complex64 (two complex128)
values, the last size % packet through std::complex's operator/ (Smith's algorithm, C99's recovery of
infinities), denormal parts and quotients flushed to zero. numpy's Smith quotient differed in 5 to 12 of 13
random complex64 values (framework/ops/eigen_complex_divide.py).

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t15.py:
    rs = np.random.RandomState(5); x, y = complex64 rs.randn(7) + 1j * rs.randn(7) (x first); x / y;
    then complex128 of rs.randn(3) + 1j * rs.randn(3) likewise; edge cases e / f below; and the gradient
    of reduce_sum(real(x / y) * arange(7)) + reduce_sum(imag(x / y)) with respect to x.
    Then rs = np.random.RandomState(8); x, y = complex64 rs.randn(6) + 1j * rs.randn(6); y[3] = 0; and
    tf.math.reciprocal(x), tf.math.divide_no_nan(x, y), tf.math.xdivy(x, y).
    Each value printed as (real.hex(), imag.hex()).
"""
import numpy as np

import framework as tf

TF_RANDOM64 = [
    ('-0x1.09ed980000000p-4', '0x1.8e21220000000p-2'),
    ('0x1.be27c60000000p-5', '-0x1.57cfda0000000p-2'),
    ('0x1.f409b00000000p+0', '0x1.b897660000000p-2'),
    ('-0x1.7ddf840000000p-2', '-0x1.c4bbfa0000000p-2'),
    ('-0x1.c9428e0000000p-4', '0x1.53be2a0000000p-4'),
    ('0x1.3104b40000000p+1', '-0x1.8ccee20000000p-1'),
    ('0x1.3ac8f00000000p-1', '-0x1.afb6ce0000000p-1')]
TF_RANDOM128 = [
    ('-0x1.e3da2f42931f5p-2', '0x1.070036b42ea2fp-6'),
    ('-0x1.7c2e73246820cp-2', '-0x1.3bf725137b2a7p-3'),
    ('-0x1.c2e7fb734d6e4p-12', '-0x1.040e7efb48afap-1')]
TF_EDGES = [
    ('nan', 'nan'),
    ('inf', '-inf'),
    ('nan', 'nan'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('inf', 'inf')]
TF_GRADIENT = [
    ('0x1.f490500000000p-3', '-0x1.e6466e0000000p-2'),
    ('0x1.1937d80000000p-3', '-0x1.41d92e0000000p+0'),
    ('0x1.cfd0260000000p+0', '0x1.a121da0000000p-3'),
    ('0x1.07a9bc0000000p+0', '0x1.1748e80000000p+0'),
    ('-0x1.35def00000000p+1', '0x1.eb0d740000000p-2'),
    ('0x1.e313220000000p+2', '0x1.1f1c2a0000000p+1'),
    ('-0x1.43111a0000000p+2', '-0x1.71ebc40000000p+1')]

TF_RECIPROCAL = [
    ('0x1.f324400000000p-6', '-0x1.2780440000000p-1'),
    ('0x1.715a900000000p-3', '-0x1.7513420000000p-2'),
    ('-0x1.c2d0420000000p-2', '-0x1.70141c0000000p-3'),
    ('-0x1.edb81c0000000p-2', '-0x1.5bbb560000000p-2'),
    ('-0x1.6055740000000p-2', '0x1.6b21060000000p-3'),
    ('0x1.044f420000000p-2', '-0x1.9e02960000000p-3')]
TF_DIVIDE_NO_NAN = [
    ('-0x1.5d37fe0000000p-3', '-0x1.8736780000000p+0'),
    ('-0x1.38fa3c0000000p+1', '-0x1.469dbe0000000p+1'),
    ('0x1.d8c0c00000000p-1', '0x1.2fa8d00000000p+0'),
    ('0x0.0p+0', '0x0.0p+0'),
    ('-0x1.262b200000000p+1', '-0x1.d7bab20000000p+0'),
    ('0x1.19b0a60000000p+0', '-0x1.9208200000000p+2')]
TF_XDIVY = [
    ('-0x1.5d37fe0000000p-3', '-0x1.8736780000000p+0'),
    ('-0x1.38fa3c0000000p+1', '-0x1.469dbe0000000p+1'),
    ('0x1.d8c0c00000000p-1', '0x1.2fa8d00000000p+0'),
    ('nan', 'nan'),
    ('-0x1.262b200000000p+1', '-0x1.d7bab20000000p+0'),
    ('0x1.19b0a60000000p+0', '-0x1.9208200000000p+2')]


def _hex(values):
    return [(float(v.real).hex(), float(v.imag).hex()) for v in np.ravel(values)]


def _random():
    rs = np.random.RandomState(5)
    x = (rs.randn(7) + 1j * rs.randn(7)).astype(np.complex64)
    y = (rs.randn(7) + 1j * rs.randn(7)).astype(np.complex64)
    x2 = rs.randn(3) + 1j * rs.randn(3)
    y2 = rs.randn(3) + 1j * rs.randn(3)
    return x, y, x2, y2


def test_complex_quotients_are_tensorflows():
    x, y, x2, y2 = _random()
    assert _hex((tf.constant(x) / tf.constant(y)).numpy()) == TF_RANDOM64
    assert _hex(tf.divide(tf.constant(x2), tf.constant(y2)).numpy()) == TF_RANDOM128


def test_division_by_zero_and_infinities():
    # packet positions 0-3: pdiv_complex gives NaN for a zero divisor; the tail (position 4): C99's inf;
    # (1 + 1j) / (1e38 + 1e38j) is a denormal, flushed to 0
    e = np.array([1 + 2j, complex(np.inf, 1), 0j, 1 + 1j, 1 + 2j], np.complex64)
    f = np.array([0j, 1 + 1j, 0j, 1e38 + 1e38j, 0j], np.complex64)
    assert _hex((tf.constant(e) / tf.constant(f)).numpy()) == TF_EDGES


def test_the_gradient_divides_as_the_kernel():
    x, y, _, _ = _random()
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        q = xt / tf.constant(y)
        loss = tf.reduce_sum(tf.math.real(q) * np.arange(7, dtype=np.float32)) + tf.reduce_sum(tf.math.imag(q))
    assert _hex(tape.gradient(loss, xt).numpy()) == TF_GRADIENT


def test_broadcast_quotients_agree_with_the_elementwise_ones():
    # the packets run over the flat broadcast output: a row of quotients equals the same values divided
    # elementwise at the same flat positions
    x, y, _, _ = _random()
    rows = tf.constant(np.stack([x[:4]] * 3)) / tf.constant(y[:4])
    flat = tf.constant(np.tile(x[:4], 3)) / tf.constant(np.tile(y[:4], 3))
    assert np.array_equal(rows.numpy().ravel(), flat.numpy())
    assert np.allclose(rows.numpy(), np.stack([x[:4]] * 3) / y[:4], rtol=1e-6)


def test_reciprocal_divide_no_nan_and_xdivy_divide_as_the_kernel():
    rs = np.random.RandomState(8)
    x = tf.constant((rs.randn(6) + 1j * rs.randn(6)).astype(np.complex64))
    y = (rs.randn(6) + 1j * rs.randn(6)).astype(np.complex64)
    y[3] = 0
    y = tf.constant(y)
    assert _hex(tf.math.reciprocal(x).numpy()) == TF_RECIPROCAL
    assert _hex(tf.math.divide_no_nan(x, y).numpy()) == TF_DIVIDE_NO_NAN
    assert _hex(tf.math.xdivy(x, y).numpy()) == TF_XDIVY
