"""float32 ``pow`` with TensorFlow's bits: Eigen's vectorized ``generic_pow``.

TensorFlow's CPU Pow kernel evaluates float32 packets of 8 with Eigen's
``generic_pow`` (Eigen/src/Core/arch/Default/GenericPacketMathFunctions.h):
x**y = 2**(y * log2(x)) with log2 and the product carried as double words
(hi + lo float32 pairs), then split into an integer and a fraction for exp2.
It is accurate to ~3 ulps, not correctly rounded: about 27% of float32 values
differ in the last bit from C's powf, even for y = 2. The last ``size % 8``
elements (all of them for an array of fewer than 8) take Eigen's scalar
functor, C's powf. TensorFlow's wheels are built for AVX without FMA, so a
``pmadd`` is a product then a sum, and ``twoprod`` is Dekker's algorithm.

Dekker's product of two float32 numbers is exact (hi = fl(x*y), lo = the
rest), so it is taken here from the float64 product, which is exact too:
the same two float32 numbers, in a third of the numpy calls. Every other step
repeats Eigen's float32 operations in its order.

In a traced function TensorFlow's graph optimizer (grappler's ConvertPow)
replaces a Pow by a constant exponent 2, 3, 1, 0.5 or 0 with Square, x*Square,
Identity, Sqrt or ones: see ``arithmetic.pow``.
"""
import numpy as np

from .. import libm
from .eigen_math import PACKET, _TINY, _exp_packets, _ldexp

_F = np.float32
_D = np.float64


def _K(value, dtype=np.float32):
    """A 0-d array constant: numpy combines it with an array faster than a numpy scalar."""
    return np.array(value, dtype)


_ONE = _K(1)
_MANTISSA_BITS = _K(23, np.int32)
_SIGN_MANTISSA = _K(-0x7f800001, np.int32)      # every bit but the exponent's
_HALF_EXPONENT = _K(0x3f000000, np.int32)       # 0.5's exponent

# accurate_log2<float>: log2(1 + x) / x on [sqrt(1/2) - 1, sqrt(2) - 1] (Rminimax), its two
# lowest coefficients split into float32 double words.
_C0 = 1.442695041742110273474963832995854318141937255859375e+00
_C1 = -7.2134751588268664068692714863573201000690460205078125e-01
_C0_HI, _C1_HI = _K(_C0), _K(_C1)
_C0_LO, _C1_LO = _K(_C0 - _D(_F(_C0))), _K(_C1 - _D(_F(_C1)))
_LOG2_POLY = tuple(_K(c) for c in (
    9.7010828554630279541015625e-02, -1.6896486282348632812500000e-01, 1.7200836539268493652343750e-01,
    -1.7892272770404815673828125e-01, 2.0505344867706298828125000e-01, -2.4046677350997924804687500e-01,
    2.8857553005218505859375000e-01, -3.6067414283752441406250000e-01, 4.8089790344238281250000000e-01))
_SQRT_HALF = _K(0.70710678118654752440)
_LN2 = _K(0.693147180559945309417232121458)
# The smallest |y| for which (1 + eps)**y overflows: Eigen's cut to pow's limits.
_HUGE_EXPONENT = _F(128) * _F(_LN2) / _F(np.finfo(np.float32).eps)
_PREV_HALF = np.array(0x3EFFFFFF, np.uint32).view(np.float32)     # the float just below 0.5


def _twoprod(xp, x, y):
    """Dekker's exact product of float32 x and y: (fl(x*y), x*y - fl(x*y)), from the float64 product."""
    exact = x.astype(_D)
    exact *= y
    hi = exact.astype(_F)
    exact -= hi
    return hi, exact.astype(_F)


def _fast_twosum(xp, x, y):
    """(fl(x + y), the rest) for |x| >= |y|."""
    s = x + y
    t = s - x
    xp.subtract(y, t, out=t)
    return s, t


def _twoprod_dw(xp, x_hi, x_lo, y):
    """(x_hi + x_lo) * y as a double word (Muller's Algorithm 7)."""
    c_hi, c_lo1 = _twoprod(xp, x_hi, y)
    c_lo2 = x_lo * y
    t_hi, t_lo1 = _fast_twosum(xp, c_hi, c_lo2)
    t_lo1 += c_lo1
    return _fast_twosum(xp, t_hi, t_lo1)


def _fast_twosum_dw(xp, x_hi, x_lo, y_hi, y_lo):
    """(x_hi + x_lo) + (y_hi + y_lo) as a double word, for |x_hi| >= |y_hi|."""
    r_hi, r_lo = _fast_twosum(xp, x_hi, y_hi)
    r_lo += y_lo          # Eigen's (y_lo + r_lo) + x_lo: the same two roundings
    r_lo += x_lo
    return _fast_twosum(xp, r_hi, r_lo)


def _round(xp, a):
    """Eigen's pround on AVX: trunc(a + copysign(0.49999997, a)), halves away from zero."""
    out = xp.copysign(_PREV_HALF, a)
    out += a
    return xp.trunc(out, out=out)


def _log2_mantissa(xp, m):
    """accurate_log2<float>(m) for m in [sqrt(1/2), sqrt(2)): a double word."""
    x = m - _ONE
    p = x * _LOG2_POLY[0]
    p += _LOG2_POLY[1]
    for c in _LOG2_POLY[2:]:
        p *= x
        p += c
    p_hi, p_lo = _twoprod(xp, x, p)
    p_hi, p_lo = _fast_twosum_dw(xp, _C1_HI, _C1_LO, p_hi, p_lo)
    p_hi, p_lo = _twoprod_dw(xp, p_hi, p_lo, x)
    p_hi, p_lo = _fast_twosum_dw(xp, _C0_HI, _C0_LO, p_hi, p_lo)
    return _twoprod_dw(xp, p_hi, p_lo, x)


def _pow_positive(xp, a, y):
    """generic_pow_impl: a**y for a = |x| (no special cases)."""
    bits = a.view(xp.int32)
    e_x = (bits >> _MANTISSA_BITS).astype(_F)
    m = bits & _SIGN_MANTISSA
    m |= _HALF_EXPONENT
    m = m.view(xp.float32)                 # frexp's mantissa, in [0.5, 1)
    low = m < _SQRT_HALF                   # moved to [sqrt(1/2), sqrt(2)), the exponent down by one
    m += m * low
    e_x -= low
    e_x -= _K(126)
    rx_hi, rx_lo = _log2_mantissa(xp, m)
    f_hi, f_lo = _twoprod(xp, e_x, y)
    f2_hi, f2_lo = _twoprod_dw(xp, rx_hi, rx_lo, y)
    f_hi, f_lo = _fast_twosum_dw(xp, f_hi, f_lo, f2_hi, f2_lo)
    n_z = _round(xp, f_hi)
    r_z = f_hi - n_z
    r_z += f_lo
    n_r = _round(xp, r_z)
    r_z -= n_r
    n_z += n_r
    # generic_exp2(r_z): exp(ln2 * r) with the product's low word folded in as (1 + lo).
    xp.minimum(r_z, _K(129), out=r_z)
    xp.maximum(r_z, _K(-151), out=r_z)
    p_hi, p_lo = _twoprod(xp, r_z, _LN2)
    e_r = _exp_packets(xp, p_hi)
    p_lo += _ONE
    e_r *= p_lo
    return _scale(xp, e_r, n_z)


def _scale(xp, e_r, n):
    """e_r * 2**n: pldexp_fast, or the four-factor pldexp where some |n| > 126 (Eigen takes it for the
    whole packet; on the others both give the same exact product)."""
    e = n + _K(127)
    xp.maximum(e, _K(0), out=e)
    xp.minimum(e, _K(255), out=e)
    e = e.astype(xp.int32)
    e <<= _MANTISSA_BITS
    out = e_r * e.view(xp.float32)
    if float(n.min()) < -126 or float(n.max()) > 126:
        wide = xp.abs(n) > _F(126)
        idx = wide.nonzero()
        out[idx] = _ldexp(xp, e_r[idx], n[idx])
    return out


def _ordinary(x, y):
    """Whether no special case of pow applies: every x positive, normal and finite, and one y
    (a scalar) finite, nonzero, not 1, below Eigen's huge exponent and not denormal."""
    if np.ndim(y) or not (_TINY <= abs(y) < _HUGE_EXPONENT) or y == 1:
        return False
    return float(x.min()) >= _TINY and float(x.max()) < np.inf      # NaN fails both


def _pow_packets(xp, x, y):
    """Eigen's generic_pow: the double-word result, then C's special cases of pow."""
    if _ordinary(x, y):
        return _pow_positive(xp, x, y)
    x, y = _flush(xp, x), _flush(xp, xp.broadcast_to(y, x.shape))
    a = xp.abs(x)
    out = _pow_positive(xp, a, y)
    y_abs = xp.abs(y)
    y_is_int = (xp.floor(y) == y) & (y_abs != xp.inf)
    half = y * _F(0.5)
    y_is_odd_int = y_is_int & (_round(xp, half) != half)
    y_negative = y < 0
    x_zero = x == 0
    special = x_zero | (x < 0) | (a == xp.inf) | (y_abs >= _HUGE_EXPONENT) | xp.isnan(x) | xp.isnan(y) \
        | (x == 1) | (y == 0) | (y == 1)
    if not special.any():
        return out
    idx = special.nonzero()
    xs, ys, o = x[idx], y[idx], out[idx]
    neg, yneg, odd, aabs, zero = xs < 0, y_negative[idx], y_is_odd_int[idx], a[idx], x_zero[idx]
    o[neg & ~y_is_int[idx]] = xp.nan
    o = xp.where(zero, xp.where(yneg, _F(xp.inf), _F(0)), o)
    o = xp.where(xp.signbit(xs) & odd, -o, o)
    inf_y = xp.where((yneg & zero) | (yneg ^ (aabs > 1)), _F(xp.inf), _F(0))
    inf_y = xp.where(xs == -1, _F(1), inf_y)
    o = xp.where(y_abs[idx] >= _HUGE_EXPONENT, inf_y, o)
    pos_inf = xp.where(yneg, _F(0), _F(xp.inf))
    o = xp.where(aabs == xp.inf, xp.where(neg, xp.where(odd, -pos_inf, pos_inf), pos_inf), o)
    o = xp.where(xp.isnan(xs) | xp.isnan(ys), _F(xp.nan), o)
    o = xp.where(ys == 1, xs, xp.where((xs == 1) | (ys == 0), _F(1), o))
    out[idx] = o
    return out


_powf = libm.scalar_function('pow', np.float32, 2)


def c_pow(x, y):
    """C's powf on each pair of two float32 host arrays of one shape (Eigen's scalar functor)."""
    return libm.apply('pow', x, y)


def _flush(xp, a):
    """TensorFlow's CPU threads read a denormal input as a signed zero (DAZ)."""
    if a.size and float(xp.fmin.reduce(xp.abs(a), axis=None)) < _TINY:
        small = (xp.abs(a) < _TINY) & (a != 0)
        if small.any():
            return xp.where(small, a * _F(0), a)
    return a


def pow(x, y):  # noqa: A001  (TensorFlow's name)
    """x ** y for float32 host arrays or scalars, broadcast, as TensorFlow's Pow kernel computes it
    on the CPU: packets of 8 through generic_pow, the last size % 8 through powf."""
    x, y = np.asarray(x, _F), np.asarray(y, _F)
    if x.ndim == 0 and y.ndim == 0:
        return np.asarray(_powf(x, y))         # one value (a schedule's, Nadam's): the scalar functor
    if y.ndim == 0 and (y == 1 or y == 0):
        # Eigen selects x itself for y = 1 and 1 for y = 0, whatever x (NaN too), as powf does: the
        # Pow gradient's pow(x, y - 1) for y = 2 costs a copy
        return x.copy() if y == 1 else np.ones_like(x)
    if y.ndim == 0 and x.ndim:
        shape = x.shape                        # one exponent: numpy broadcasts it for free
    else:
        shape = np.broadcast_shapes(x.shape, y.shape)
        x = np.broadcast_to(x, shape)
        y = np.broadcast_to(y, shape).reshape(-1)
    x = x.reshape(-1)
    size = x.size
    packed = size - size % PACKET
    if packed == 0:
        return c_pow(x, np.broadcast_to(y, x.shape)).reshape(shape)
    body_y = y if np.ndim(y) == 0 else y[:packed]
    with np.errstate(all='ignore'):
        body = _pow_packets(np, x[:packed], body_y)
        # An arithmetic result below the normal range flushes to zero (FTZ); pow(x, 1) selects x
        # itself, which keeps a denormal x.
        if float(np.fmin.reduce(np.abs(body), axis=None)) < _TINY:
            small = np.abs(body) < _TINY
            body = np.where(small & (body_y != 1), body * _F(0), np.where(small, x[:packed], body))
    if packed == size:
        return body.reshape(shape)
    out = np.empty(size, _F)
    out[:packed] = body
    out[packed:] = c_pow(x[packed:], np.broadcast_to(y, x.shape)[packed:])
    return out.reshape(shape)
