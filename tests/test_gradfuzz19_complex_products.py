"""Complex products in TF 2.21's bits: Eigen's complex multiply rounds each part's two products and their sum
apart, (a c - b d) + (a d + b c) i; numpy fuses a multiply-add and differed in 1726 of 4001 random complex64
products (1694 complex128), square in 1178 (framework/ops/eigen_complex_product.py).

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t27.py:
    rs = np.random.RandomState(13); x, y = rs.randn(9) + 1j * rs.randn(9) (x first);
    complex64 x * y, tf.math.square(x); complex128 x * y; and the gradient with respect to complex64 x of
    reduce_sum(real(x * y) * arange(9) + imag(square(x))); each value printed as (real.hex(), imag.hex()).
"""
import numpy as np

import framework as tf

TF_PRODUCT64 = [
    ('-0x1.7201c80000000p-1', '-0x1.be1da00000000p-2'),
    ('0x1.1574300000000p+0', '0x1.1369080000000p+0'),
    ('-0x1.fe6bc00000000p+0', '0x1.5041900000000p+0'),
    ('0x1.0bf8600000000p-2', '0x1.c8afda0000000p-1'),
    ('0x1.be01580000000p+0', '0x1.2833d80000000p+1'),
    ('-0x1.7360000000000p-7', '-0x1.52efe80000000p+0'),
    ('-0x1.aa81d80000000p-5', '-0x1.5145920000000p-1'),
    ('0x1.6ad4bc0000000p-3', '0x1.bd8bde0000000p-3'),
    ('-0x1.c3cd7a0000000p+1', '-0x1.61cf980000000p+1')]
TF_SQUARE64 = [
    ('-0x1.2bae220000000p-1', '0x1.7d4b880000000p+0'),
    ('-0x1.bd27200000000p-5', '-0x1.307e460000000p+0'),
    ('-0x1.96f48e0000000p+0', '0x1.cbf1540000000p-4'),
    ('-0x1.cd76d00000000p-4', '0x1.0467820000000p-1'),
    ('0x1.c005f60000000p+0', '-0x1.4f275a0000000p-1'),
    ('-0x1.1a63400000000p-1', '0x1.f217c60000000p-1'),
    ('0x1.b8e8600000000p+0', '0x1.b6c4580000000p-1'),
    ('0x1.7371f80000000p-1', '0x1.c110ac0000000p-3'),
    ('-0x1.3804700000000p+1', '0x1.9701be0000000p+2')]
TF_PRODUCT128 = [
    ('-0x1.7201c80517854p-1', '-0x1.be1d9e916ef22p-2'),
    ('0x1.157430f30b305p+0', '0x1.1369084134ec9p+0'),
    ('-0x1.fe6bbfd48a368p+0', '0x1.50418f6aeb252p+0'),
    ('0x1.0bf8628e3c584p-2', '0x1.c8afd823d8c88p-1'),
    ('0x1.be015723837bcp+0', '0x1.2833d78a43f00p+1'),
    ('-0x1.736077b324980p-7', '-0x1.52efe69e06c21p+0'),
    ('-0x1.aa81cd2bce2b8p-5', '-0x1.514592b15f7f1p-1'),
    ('0x1.6ad4bb58120d0p-3', '0x1.bd8bdd2931347p-3'),
    ('-0x1.c3cd79435b7f2p+1', '-0x1.61cf9870a6890p+1')]
TF_GRADIENT = [
    ('-0x1.0b9dd60000000p+1', '-0x1.6cbe780000000p+0'),
    ('-0x1.9ad0e00000000p+0', '0x1.bb92c00000000p-4'),
    ('-0x1.1f75480000000p+2', '0x1.92132a0000000p+1'),
    ('0x1.2ca8e80000000p+2', '-0x1.2352c40000000p-1'),
    ('0x1.a98ec80000000p+1', '-0x1.385e780000000p+2'),
    ('-0x1.cde0ec0000000p+1', '0x1.0ada500000000p+2'),
    ('-0x1.e47cd00000000p-3', '0x1.5b10a00000000p+2'),
    ('0x1.eb6ba80000000p+0', '0x1.9a22800000000p-3'),
    ('-0x1.19fbc00000000p+3', '-0x1.2842240000000p+0')]


def _hex(values):
    return [(float(v.real).hex(), float(v.imag).hex()) for v in np.ravel(values)]


def _operands():
    rs = np.random.RandomState(13)
    x = rs.randn(9) + 1j * rs.randn(9)
    y = rs.randn(9) + 1j * rs.randn(9)
    return x, y


def test_complex_products_and_squares():
    x, y = _operands()
    a, b = tf.constant(x.astype(np.complex64)), tf.constant(y.astype(np.complex64))
    assert _hex((a * b).numpy()) == TF_PRODUCT64
    assert _hex(tf.math.square(a).numpy()) == TF_SQUARE64
    assert _hex(tf.multiply(tf.constant(x), tf.constant(y)).numpy()) == TF_PRODUCT128


def test_gradient_through_complex_products():
    x, y = _operands()
    a, b = tf.constant(x.astype(np.complex64)), tf.constant(y.astype(np.complex64))
    with tf.GradientTape() as tape:
        tape.watch(a)
        loss = tf.reduce_sum(tf.math.real(a * b) * np.arange(9, dtype=np.float32) + tf.math.imag(tf.math.square(a)))
    assert _hex(tape.gradient(loss, a).numpy()) == TF_GRADIENT


def test_broadcast_products_are_the_elementwise_ones():
    x, y = _operands()
    a = tf.constant(np.stack([x, -x]).astype(np.complex64))
    b = tf.constant(y.astype(np.complex64))
    rows = (a * b).numpy()
    assert np.array_equal(rows[0], (tf.constant(x.astype(np.complex64)) * b).numpy())
    assert np.allclose(rows, np.stack([x, -x]) * y, rtol=1e-6)
