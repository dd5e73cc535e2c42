"""The gradient of tf.signal.rfft2d in TF 2.21's own form (framework/ops/rfft2d_gradient.py).

TF differentiates RFFT2D as ``0.5 * (irfft2d(g) * M N + real(extra))``, ``extra`` the dropped columns put
back through its twiddle matrix; tapeflow took the real part of the full spectrum's FFT, the exact value,
so its float32 gradients differed in last bits (and gave 0 where TF gives 0x1.8p-25). Goldens: TF 2.21
on the AMD EPYC (AVX2), /work/notes/progs/gradfuzz32/p10.py (the 'lin' and 'abs' rows) and p13.py
(first and second derivatives, a 3-D batch, a pfor jacobian, a traced gradient): 26 of 26 p13 rows and
29 of 32 p10 rows equal TF (0 and 9 before; the 3 left are float64 4 x 4, whose complex128 products
Eigen sums otherwise).
"""
import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf

GOLDEN = {
    'float32 (3, 4) lin': (
        '0x1.2000000000000p+2 -0x1.8000000000000p-1 0x1.8000000000000p+0 0x1.8000000000000p-1 '
        '0x1.8000000000000p-25 0x0.0p+0 0x1.8000000000000p-25 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 '),
    'float64 (3, 5) abs': (
        '-0x1.b81d9950a217cp+1 -0x1.789cbff16e8aep+1 0x1.17911c1f140fcp-1 -0x1.b2244918e565ap+1 '
        '-0x1.1bc46c7d4d7afp+2 -0x1.9bbc3dd252deap+0 0x1.f059607259ed6p-2 -0x1.1df5d4ff04031p-1 '
        '-0x1.3d60457e24d9bp+1 -0x1.ad3d499cefd2cp-1 0x1.7157b60c2dce4p-3 0x1.f6694ae912898p+1 '
        '-0x1.a4b5229709780p+0 -0x1.8c34a54a10334p+0 0x1.5f7951f4836a4p+1 '),
    'float32 (2, 3, 4) g': (
        '-0x1.4d317a0000000p-1 0x1.7ad5b20000000p+1 0x1.3c85da0000000p-2 -0x1.c9e1aa0000000p+1 '
        '-0x1.9a224a0000000p+1 -0x1.ecc6a60000000p-3 0x1.9bdaf80000000p+0 0x1.de51fc0000000p+0 '
        '-0x1.5b5b600000000p+0 -0x1.70cdd60000000p-1 0x1.b9692c0000000p+0 0x1.3adb4c0000000p+1 '
        '0x1.3447ba0000000p-3 -0x1.e4e2500000000p-2 -0x1.e891800000000p+1 0x1.e825500000000p-1 '
        '-0x1.b52ca40000000p-3 -0x1.8a52960000000p-4 -0x1.c066780000000p+1 -0x1.a55a7e0000000p-3 '
        '0x1.6a22340000000p-1 0x1.ea9e640000000p+1 -0x1.7772ce0000000p-1 -0x1.b05ebc0000000p+0 '),
    'float32 (2, 3, 4) h': (
        '0x1.0d4b120000000p+1 0x1.2e8a260000000p-3 0x1.1c923c0000000p-1 -0x1.16d7060000000p-3 '
        '-0x1.426bba0000000p+1 0x1.7093920000000p-4 -0x1.f8f5280000000p+0 0x1.6547a00000000p-1 '
        '0x1.1020c80000000p-1 0x1.1e13620000000p-2 0x1.a6168c0000000p-3 -0x1.cc68760000000p-2 '
        '0x1.6d470e0000000p-2 -0x1.3edfd00000000p-1 0x1.d03ce00000000p+1 -0x1.97f6ae0000000p-2 '
        '0x1.4213e60000000p-1 0x1.f852f00000000p-1 -0x1.7113340000000p+0 -0x1.0648e80000000p-2 '
        '-0x1.5cd6a20000000p-1 -0x1.28ba580000000p-4 0x1.30670e0000000p-5 -0x1.84159e0000000p-2 '),
    'float32 (2, 5) jac': (
        '0x1.0000000000000p+0 0x1.3d70a40000000p-1 -0x1.d70a3e0000000p-3 -0x1.cccccc0000000p-1 '
        '-0x1.cccccc0000000p-1 -0x1.ae147a0000000p-3 0x1.428f5c0000000p-1 0x1.0000000000000p+0 '
        '0x1.3851ec0000000p-1 -0x1.eb851e0000000p-3 0x1.9707880000000p-1 0x1.0520ee0000000p-1 '
        '0x1.0dfb280000000p-4 0x1.ccac3a0000000p-1 0x1.314f960000000p-2 -0x1.55e79a0000000p-3 '
        '0x1.0957220000000p-1 -0x1.25752c0000000p-2 -0x1.383bd80000000p-1 0x1.45aa3a0000000p-4 '
        '-0x1.ffa0ca0000000p-1 0x1.07bcfa0000000p-1 0x1.450cfc0000000p-4 0x1.f65d300000000p-3 '
        '-0x1.6a33e60000000p-1 0x1.adc4800000000p-3 0x1.0bfdf60000000p-1 -0x1.6150e60000000p-2 '
        '-0x1.547dbe0000000p-3 -0x1.82597e0000000p-3 0x1.0000000000000p+0 0x1.3d70a40000000p-1 '
        '-0x1.d70a3e0000000p-3 -0x1.cccccc0000000p-1 -0x1.cccccc0000000p-1 0x1.ae147a0000000p-3 '
        '-0x1.428f5c0000000p-1 -0x1.0000000000000p+0 -0x1.3851ec0000000p-1 0x1.eb851e0000000p-3 '
        '-0x1.b1ebfc0000000p-3 -0x1.3bd5400000000p-1 0x1.7baf960000000p-4 -0x1.57b0400000000p-1 '
        '-0x1.8e20880000000p-1 -0x1.6c7e8c0000000p-5 0x1.40ed560000000p-1 0x1.9cb3b80000000p-2 '
        '-0x1.d1e38c0000000p-2 0x1.a8ab3c0000000p-3 -0x1.75c6ba0000000p-3 0x1.cca5920000000p-2 '
        '0x1.d306f60000000p-3 -0x1.94e5e20000000p-1 0x1.8c874e0000000p-2 -0x1.39f8da0000000p-5 '
        '-0x1.d413980000000p-2 0x1.fba3640000000p-1 -0x1.126e4e0000000p-1 -0x1.a6f6ba0000000p-4 '),
    'float64 (3, 3) h': (
        '-0x1.28d12452c26b3p-1 -0x1.8031ca48add64p-1 -0x1.93de344b0c7dfp-6 -0x1.1fa9e87140aaap-1 '
        '0x1.fc52001726680p-3 0x1.f377be2a52487p-5 0x1.e1c130b8e85acp-3 0x1.25f51f687a683p+0 0x1.016ae345ecc4ap-4 '),
    'float64 (3, 3) traced': (
        '-0x1.5914f38bfd33bp+0 0x1.c1d936eaa53f3p-1 -0x1.54bd62176175dp-6 -0x1.833940f082f52p+1 '
        '-0x1.a2e3be028509ep+1 -0x1.ae0470c8b7b5dp-2 0x1.416133d193eafp+0 -0x1.bd26b41ca92cbp-4 '
        '-0x1.3eb03d7c8eb23p+0 '),
}


def _values(shape, dtype, scale, step):
    return tf.constant(np.round(scale(np.arange(np.prod(shape)) * step), 2).reshape(shape), dtype)


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t.numpy(), np.float64).ravel()]


def _case(dtype, shape):
    v = _values(shape, dtype, np.sin, 1.3)
    w = _values(shape, dtype, np.cos, 0.9)
    return v, w, lambda v: tf.abs(tf.signal.rfft2d(v * w))


def test_gradient_of_a_linear_read_of_the_spectrum():
    v = _values((3, 4), tf.float32, np.sin, 1.3)
    with tf.GradientTape() as t:
        t.watch(v)
        z = tf.signal.rfft2d(v)
        loss = tf.reduce_sum(tf.math.real(z) * 0.5 + tf.math.imag(z) * 0.25)
    assert hexes_as_tf(_hexes(t.gradient(loss, v)), GOLDEN['float32 (3, 4) lin'].split())


def test_float64_gradient_of_the_magnitudes():
    v = _values((3, 5), tf.float64, np.sin, 1.3)
    with tf.GradientTape() as t:
        t.watch(v)
        loss = tf.reduce_sum(tf.abs(tf.signal.rfft2d(v)))
    assert hexes_as_tf(_hexes(t.gradient(loss, v)), GOLDEN['float64 (3, 5) abs'].split())


@pytest.mark.parametrize('dtype, shape', [(tf.float32, (2, 3, 4)), (tf.float64, (3, 3))])
def test_second_derivative(dtype, shape):
    v, w, f = _case(dtype, shape)
    with tf.GradientTape() as t2:
        t2.watch(v)
        with tf.GradientTape() as t1:
            t1.watch(v)
            loss = tf.reduce_sum(f(v))
        g = t1.gradient(loss, v)
        second = tf.reduce_sum(g * w)
    key = '%s %s' % (dtype.name, shape)
    if key + ' g' in GOLDEN:
        assert hexes_as_tf(_hexes(g), GOLDEN[key + ' g'].split())
    assert hexes_as_tf(_hexes(t2.gradient(second, v)), GOLDEN[key + ' h'].split())


def test_pfor_jacobian():
    v, w, f = _case(tf.float32, (2, 5))
    with tf.GradientTape() as t:
        t.watch(v)
        y = f(v)
    assert hexes_as_tf(_hexes(t.jacobian(y, v)), GOLDEN['float32 (2, 5) jac'].split())


def test_traced_gradient():
    v, w, f = _case(tf.float64, (3, 3))

    @tf.function
    def gradient(v):
        with tf.GradientTape() as t:
            t.watch(v)
            loss = tf.reduce_sum(f(v))
        return t.gradient(loss, v)
    assert hexes_as_tf(_hexes(gradient(v)), GOLDEN['float64 (3, 3) traced'].split())
