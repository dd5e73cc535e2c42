"""Complex division with TensorFlow's CPU bits (its Div / RealDiv kernels on an AVX build).

Eigen's tensor executor runs the quotient on packets (four complex64 or two complex128 values), whose
pdiv_complex scales the divisor by m = max(|c|, |d|) first:
    c' = c / m, d' = d / m, den = c'^2 + d'^2,
    (a + bi) / (c + di) = ((a c' + b d') / den) / m + i ((b c' - a d') / den) / m,
each step rounded in the dtype. The last size % packet values go through the scalar functor, std::complex's
operator/, which is libgcc's __divsc3 / __divdc3: Smith's algorithm, with C99 Annex G's recovery of
infinities and zeros that came out NaN + NaN i. numpy divides by Smith's algorithm throughout, which differed
from TF 2.21 in 5 to 12 of 13 random complex64 quotients; these forms gave TF's bits on 200 such vectors
(libgcc's extra scaling of parts near the range's ends is not emulated).
"""
import numpy as np

from .. import backend

_PACKET = {np.dtype(np.complex64): 4, np.dtype(np.complex128): 2}


def handles(x, y, value):
    """Whether ``value`` (numpy's x / y) is a host complex quotient this module recomputes."""
    return value.dtype in _PACKET and backend.array_module(value) is np


def divide(x, y, value):
    """TensorFlow's x / y, ``value``'s shape and dtype (x and y broadcast to it)."""
    dtype = value.dtype
    real = np.float32 if dtype == np.complex64 else np.float64
    x = np.broadcast_to(np.asarray(x, dtype), value.shape).reshape(-1)
    y = np.broadcast_to(np.asarray(y, dtype), value.shape).reshape(-1)
    a, b, c, d = (_flushed(part.astype(real)) for part in (x.real, x.imag, y.real, y.imag))
    n = a.size
    whole = n - n % _PACKET[dtype]
    re, im = np.empty(n, real), np.empty(n, real)
    with np.errstate(all='ignore'):
        re[:whole], im[:whole] = _packet_quotient(a[:whole], b[:whole], c[:whole], d[:whole])
        re[whole:], im[whole:] = _scalar_quotient(a[whole:], b[whole:], c[whole:], d[whole:])
    out = np.empty(n, dtype)
    out.real, out.imag = _flushed(re), _flushed(im)
    return out.reshape(value.shape)


def _flushed(v):
    """Denormals as signed zeros: TF's CPU threads run with flush-to-zero and denormals-are-zero set, so a
    denormal part reads as 0 (1e-40j divides by zero) and a denormal quotient comes out 0."""
    tiny = np.finfo(v.dtype).tiny
    small = np.abs(v) < tiny
    return np.where(small, np.copysign(v.dtype.type(0), v), v) if small.any() else v


def reciprocal(a):
    """TensorFlow's 1 / a for a host complex array (Reciprocal's packets divide 1 by a with pdiv_complex)."""
    return divide(np.ones((), a.dtype), a, np.empty(a.shape, a.dtype))


def _packet_quotient(a, b, c, d):
    """Eigen's pdiv_complex: the product x * conj(y / m) (Eigen's complex pmul, each product and sum
    rounded) divided by the scaled |y|^2, then by m."""
    m = np.maximum(np.abs(c), np.abs(d))
    cs, ds = c / m, d / m
    den = cs * cs + ds * ds
    return (a * cs + b * ds) / den / m, (b * cs - a * ds) / den / m


def _scalar_quotient(a, b, c, d):
    """libgcc's __divsc3 / __divdc3: Smith's algorithm on the larger part of the divisor, then C99 Annex G's
    recovery where both parts came out NaN."""
    small_c = np.abs(c) < np.abs(d)
    ratio = np.where(small_c, c / d, d / c)
    den = np.where(small_c, c * ratio + d, d * ratio + c)
    re = np.where(small_c, (a * ratio + b) / den, (b * ratio + a) / den)
    im = np.where(small_c, (b * ratio - a) / den, (b - a * ratio) / den)
    lost = np.isnan(re) & np.isnan(im)
    if lost.any():
        re, im = _recovered(re, im, a, b, c, d, lost)
    return re, im


def _recovered(re, im, a, b, c, d, lost):
    inf = np.inf
    by_zero = lost & (c == 0) & (d == 0) & ~(np.isnan(a) & np.isnan(b))
    signed_inf = np.copysign(inf, c)
    re = np.where(by_zero, signed_inf * a, re)
    im = np.where(by_zero, signed_inf * b, im)
    infinite_x = lost & ~by_zero & (np.isinf(a) | np.isinf(b)) & np.isfinite(c) & np.isfinite(d)
    a1 = np.copysign(np.isinf(a).astype(a.dtype), a)
    b1 = np.copysign(np.isinf(b).astype(b.dtype), b)
    re = np.where(infinite_x, inf * (a1 * c + b1 * d), re)
    im = np.where(infinite_x, inf * (b1 * c - a1 * d), im)
    infinite_y = lost & ~by_zero & ~infinite_x & (np.isinf(c) | np.isinf(d)) & np.isfinite(a) & np.isfinite(b)
    c1 = np.copysign(np.isinf(c).astype(c.dtype), c)
    d1 = np.copysign(np.isinf(d).astype(d.dtype), d)
    re = np.where(infinite_y, 0.0 * (a * c1 + b * d1), re).astype(a.dtype)
    im = np.where(infinite_y, 0.0 * (b * c1 - a * d1), im).astype(a.dtype)
    return re, im
