"""The Hurwitz zeta function and polygamma as Eigen computes them (TensorFlow 2.21's Zeta and Polygamma
kernels, scalar code, float32 or float64 arithmetic throughout, no fused multiply-adds):
SpecialFunctionsImpl.h's zeta_impl (Cephes' zeta: up to 9 terms of the sum, or more in double until the term's
argument passes 9, then up to 12 Euler-Maclaurin corrections, each step stopping once its term is below
half an epsilon of the sum) and polygamma_impl (-1 ** (n + 1) * exp(lgamma(n + 1)) * zeta(n + 1, x)).
pow, exp and lgamma are the C library's (libm). Summing in double with other formulas was right to an ulp
or two: polygamma(1, x), digamma's gradient, carried that into lgamma's second derivative.
"""
import numpy as np

from .. import libm

# Cephes' Euler-Maclaurin divisors, (2k)! / B_2k
_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
      -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15, 1.8152105401943546773e17,
      -7.1661652561756670113e18)
_MAX_TERMS = 100000     # the float64 sum runs until q + terms passes 9: q far below 0 takes that many


def zeta(x, q):
    """zeta(x, q) elementwise on float32 or float64 arrays of one dtype (broadcast), in that dtype."""
    x, q = np.broadcast_arrays(x, q)
    dtype = x.dtype
    t = dtype.type
    shape, x, q = x.shape, x.reshape(-1).copy(), q.reshape(-1).copy()
    machep, one, half = t(np.finfo(dtype).eps / 2), t(1), t(0.5)
    with np.errstate(all='ignore'):
        s = libm.apply('pow', q, -x)
        a, b = q.copy(), np.zeros_like(q)
        done = np.zeros(x.shape, bool)
        i = 0
        while i < _MAX_TERMS:       # zeta_impl_series: at least 9 terms; float64 until a > 9
            going = ~done & ((i < 9) | ((a <= 9.0) if dtype == np.float64 else False))
            if not going.any():
                break
            a = np.where(going, a + one, a)
            b = np.where(going, libm.apply('pow', a, -x), b)
            s = np.where(going, s + b, s)
            done |= going & (np.abs(b / s) < machep)
            i += 1
        done |= b == 0              # (no tail: its first factor could overflow)
        summed = done.copy()
        w = a
        tail = s + b * w / (x - one)
        tail = tail - half * b
        a, k = np.ones_like(x), np.zeros_like(x)
        for divisor in _A:
            going = ~done
            if not going.any():
                break
            a = np.where(going, a * (x + k), a)
            b = np.where(going, b / w, b)
            term = a * b / t(divisor)
            tail = np.where(going, tail + term, tail)
            done |= going & (np.abs(term / tail) < machep)
            going = ~done
            k = np.where(going, k + one, k)
            a = np.where(going, a * (x + k), a)
            b = np.where(going, b / w, b)
            k = np.where(going, k + one, k)
        out = _finish(x, q, np.where(summed, s, tail), dtype)
    return out.reshape(shape)


def _finish(x, q, s, dtype):
    """zeta_impl's checks before the sum: inf at x = 1, NaN below; at q <= 0 inf for an integer q and
    an even x, NaN for an integer q otherwise and for a non-integer x."""
    t = dtype.type
    out = np.where(x == 1, t(np.inf), np.where(x < 1, t(np.nan), s))
    at_or_below = (x > 1) & (q <= 0)
    integer_q = q == np.floor(q)
    even = np.rint(t(0.5) * x) == t(0.5) * x
    out = np.where(at_or_below & integer_q, np.where(even, t(np.inf), t(np.nan)), out)
    return np.where(at_or_below & ~integer_q & (x != np.floor(x)), t(np.nan), out)


def polygamma(n, x, digamma):
    """polygamma(n, x) on float arrays of one dtype; ``digamma`` computes the n = 0 values."""
    n, x = np.broadcast_arrays(n, x)
    dtype = x.dtype
    t = dtype.type
    with np.errstate(all='ignore'):
        nplus = n + t(1)
        order = np.where(n >= 1, nplus, t(2))          # (a valid order for the other entries)
        factorial = libm.apply('exp', libm.apply('lgamma', order))
        sign = libm.apply('pow', np.full_like(order, -1), order)
        value = sign * factorial * zeta(order, x)
        value = np.where(n == 0, digamma(x), value)
    return np.where((np.floor(n) != n) | (n < 0), t(np.nan), value)
