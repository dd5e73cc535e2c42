"""float64 ``pow`` with TensorFlow's bits: Eigen's ``generic_pow`` on packets of 4 doubles.

TensorFlow's CPU Pow kernel evaluates float64 tensors in AVX packets of 4
(Packet4d) with the same ``generic_pow`` as float32 (see eigen_pow.py), the
double word arithmetic carried in pairs of doubles: log2 of the mantissa by
``accurate_log2<double>`` (an odd polynomial in r = c (x - 1) / (x + 1)),
2**r by Cephes's rational exp (``pexp_double``) times (1 + the product's low
word). It is not correctly rounded: ~15% of results differ in the last bit
from C's pow (numpy's), even for y = 2 or 0.5 -- which is why a float64 Ftrl
(accumulator ** 0.5) or Lamb (sum(w ** 2)) drifted by an ulp from Keras. The
last ``size % 4`` elements take the scalar functor, C's pow.

The wheels are built without FMA: every ``pmadd`` is a product then a sum and
``twoprod`` is Dekker's product on Veltkamp halves, repeated here in Eigen's
order (Eigen/src/Core/arch/Default/GenericPacketMathFunctions.h, AVX/PacketMath.h).
"""
import numpy as np

from .. import libm

_D = np.float64
PACKET = 4
_SPLITTER = _D(2.0 ** 27 + 1)                    # Veltkamp: (digits + 1) / 2 = 27 bits
_TINY = _D(np.finfo(np.float64).tiny)
_ONE = _D(1)
_PREV_HALF = np.array(0x3FDFFFFFFFFFFFFF, np.uint64).view(np.float64)     # the double just below 0.5
_SQRT_HALF = _D(0.70710678118654752440)
_LN2 = _D(0.693147180559945309417232121458)
# The smallest |y| for which (1 + eps)**y overflows: generic_pow's cut to pow's limits.
_HUGE_EXPONENT = _D(1024) * _LN2 / _D(np.finfo(np.float64).eps)

# accurate_log2<double>: 2/ln2 as a double word, Q's coefficients (q12 .. q0) and C as a double word.
_C2_LOG2E = (_D(2.88539008177792677), _D(4.07660016854549667e-17))
_Q = tuple(_D(c) for c in (2.87074255468000586e-9, 2.38957980901884082e-8, 2.31032094540014656e-7,
                           2.27279857398537278e-6, 2.31271023278625638e-5, 2.47556738444535513e-4,
                           2.88543873228900172e-3))
_C_POLY = (_D(0.0400377511598501157), _D(-4.77726582251425391e-19))

# pexp_double (Cephes): log2(e), the rational interpolant's coefficients, ln2 split in two.
_LOG2E = _D(1.4426950408889634073599)
_EXP_P = tuple(_D(c) for c in (1.26177193074810590878e-4, 3.02994407707441961300e-2, 9.99999999999999999910e-1))
_EXP_Q = tuple(_D(c) for c in (3.00198505138664455042e-6, 2.52448340349684104192e-3, 2.27265548208155028766e-1,
                               2.00000000000000000009e0))
_EXP_C1, _EXP_C2 = _D(0.693145751953125), _D(1.42860682030941723212e-6)


def _split(x):
    """Veltkamp's split of x into a high half (26 bits) and the exact rest."""
    gamma = _SPLITTER * x
    hi = (x - gamma) + gamma
    return hi, x - hi


def _twoprod(x, y):
    """Dekker's exact product (fl(x*y), the rest) without FMA."""
    x_hi, x_lo = _split(x)
    y_hi, y_lo = _split(y)
    p_hi = x * y
    p_lo = x_hi * y_hi - p_hi
    p_lo = x_hi * y_lo + p_lo
    p_lo = x_lo * y_hi + p_lo
    return p_hi, x_lo * y_lo + p_lo


def _fast_twosum(x, y):
    s = x + y
    return s, y - (s - x)


def _fast_twosum_dw(x_hi, x_lo, y_hi, y_lo):
    """(x_hi + x_lo) + (y_hi + y_lo) for |x_hi| >= |y_hi|."""
    r_hi, r_lo = _fast_twosum(x_hi, y_hi)
    return _fast_twosum(r_hi, (y_lo + r_lo) + x_lo)


def _fast_twosum_one(x, y_hi, y_lo):
    """x + (y_hi + y_lo) for |x| >= |y_hi|."""
    r_hi, r_lo = _fast_twosum(x, y_hi)
    return _fast_twosum(r_hi, y_lo + r_lo)


def _twoprod_dw(x_hi, x_lo, y):
    """(x_hi + x_lo) * y as a double word (Muller's Algorithm 7)."""
    c_hi, c_lo1 = _twoprod(x_hi, y)
    t_hi, t_lo1 = _fast_twosum(c_hi, x_lo * y)
    return _fast_twosum(t_hi, t_lo1 + c_lo1)


def _twoprod_dw2(x_hi, x_lo, y_hi, y_lo):
    """(x_hi + x_lo) * (y_hi + y_lo) as a double word."""
    hi_hi, hi_lo = _twoprod_dw(x_hi, x_lo, y_hi)
    lo_hi, lo_lo = _twoprod_dw(x_hi, x_lo, y_lo)
    return _fast_twosum_dw(hi_hi, hi_lo, lo_hi, lo_lo)


def _div_dw(x_hi, x_lo, y):
    """(x_hi + x_lo) / y as a double word (Joldes, Muller & Popescu's Algorithm 15)."""
    t_hi = x_hi / y
    pi_hi, pi_lo = _twoprod(t_hi, y)
    delta = ((x_hi - pi_hi) - pi_lo) + x_lo
    return _fast_twosum(t_hi, delta / y)


def _log2_mantissa(m):
    """accurate_log2<double>(m) for m in [sqrt(1/2), sqrt(2)): a double word."""
    t_hi, t_lo = _twoprod_dw(_C2_LOG2E[0], _C2_LOG2E[1], m - _ONE)
    r_hi, r_lo = _div_dw(t_hi, t_lo, m + _ONE)
    r2_hi, r2_lo = _twoprod_dw2(r_hi, r_lo, r_hi, r_lo)
    r4 = _twoprod_dw2(r2_hi, r2_lo, r2_hi, r2_lo)[0]
    q12, q10, q8, q6, q4, q2, q0 = _Q
    q_even = q12 * r4 + q8
    q_odd = q10 * r4 + q6
    q_even = q_even * r4 + q4
    q_odd = q_odd * r4 + q2
    q_even = q_even * r4 + q0
    q = q_odd * r2_hi + q_even
    p_hi, p_lo = _twoprod_dw(r2_hi, r2_lo, q)
    p_hi, p_lo = _fast_twosum_dw(_C_POLY[0], _C_POLY[1], p_hi, p_lo)
    p_hi, p_lo = _twoprod_dw2(r2_hi, r2_lo, p_hi, p_lo)
    p_hi, p_lo = _fast_twosum_one(_ONE, p_hi, p_lo)
    return _twoprod_dw2(p_hi, p_lo, r_hi, r_lo)


def _round(a):
    """Eigen's pround on AVX: trunc(a + copysign(0.49999999999999994, a)), halves away from zero."""
    return np.trunc(np.copysign(_PREV_HALF, a) + a)


def _pow2(n):
    """2**n for integer-valued doubles n with n + 1023 in [0, 2047], built from the exponent bits."""
    return ((n.astype(np.int64) + 1023) << 52).view(np.float64)


def _exp_small(x):
    """pexp_double on |x| <= ln2 / 2 (the fast ldexp branch)."""
    fx = np.floor(_LOG2E * x + _D(0.5))
    x = (x - fx * _EXP_C1) - fx * _EXP_C2
    x2 = x * x
    px = (_EXP_P[0] * x2 + _EXP_P[1]) * x2 + _EXP_P[2]
    px = px * x
    qx = ((_EXP_Q[0] * x2 + _EXP_Q[1]) * x2 + _EXP_Q[2]) * x2 + _EXP_Q[3]
    x = _D(2) * (px / (qx - px)) + _ONE
    return x * _pow2(np.clip(fx, -1023, 1024))


def _ldexp(a, n):
    """pldexp<Packet4d>: a * 2**n in four factors, for any |n| (clamped to 2099)."""
    e = np.clip(n, -2099, 2099).astype(np.int64)
    b = e >> 2
    c = ((b + 1023) << 52).view(np.float64)
    out = a * c * c * c
    return out * (((e - 3 * b + 1023) << 52).view(np.float64))


def pow_positive(x, y):
    """generic_pow_impl: x**y for positive, normal, finite doubles x (no special cases)."""
    bits = x.view(np.int64)
    e_x = ((bits >> 52) - 1022).astype(_D)
    m = ((bits & ~(0x7FF << 52)) | (0x3FE << 52)).view(np.float64)    # frexp's mantissa, in [0.5, 1)
    low = m < _SQRT_HALF
    m = m + m * low
    e_x -= low
    rx_hi, rx_lo = _log2_mantissa(m)
    f1_hi, f1_lo = _twoprod(e_x, y)
    f2_hi, f2_lo = _twoprod_dw(rx_hi, rx_lo, y)
    f_hi, f_lo = _fast_twosum_dw(f1_hi, f1_lo, f2_hi, f2_lo)
    n_z = _round(f_hi)
    r_z = (f_hi - n_z) + f_lo
    n_r = _round(r_z)
    r_z = r_z - n_r
    n_z = n_z + n_r
    # generic_exp2(r_z): exp(ln2 * r) times (1 + the product's low word).
    r_z = np.maximum(np.minimum(r_z, _D(1025)), _D(-1076))
    p_hi, p_lo = _twoprod(_LN2, r_z)
    e_r = _exp_small(p_hi) * (_ONE + p_lo)
    if float(np.abs(n_z).max()) > 1022:
        return _ldexp(e_r, n_z)
    return e_r * _pow2(np.clip(n_z, -1023, 1024))


def pow_packets(x, y):
    """generic_pow on float64 arrays x and y (y a 0-d array or of x's shape). Positive normal finite x
    with an ordinary y take the double word path, a negative x its |x| with C's sign rules; zeros,
    infinities, NaNs, denormals (read as zero: DAZ) and the exponents 0, 1, +-inf, NaN or past Eigen's
    huge exponent take C's pow, whose special cases generic_pow reproduces."""
    y_full = np.broadcast_to(y, x.shape)
    with np.errstate(all='ignore'):
        y_full = y_full * (np.abs(y_full) >= _TINY)      # DAZ: a denormal exponent is a signed zero too
        a = np.abs(x)
        y_abs = np.abs(y_full)
        ordinary = (a >= _TINY) & (a < np.inf) & (y_abs >= _TINY) & (y_abs < _HUGE_EXPONENT) & (y_full != 1)
        daz = np.where(y_full == 1, x, x * (a >= _TINY))    # a denormal base is a signed zero, but x**1 is x
        out = c_pow(daz, np.ascontiguousarray(y_full))
        if ordinary.any():
            idx = ordinary.nonzero()
            value = pow_positive(a[idx], y_full[idx])
            y_int = np.floor(y_full[idx]) == y_full[idx]
            half = y_full[idx] * _D(0.5)
            odd = y_int & (_round(half) != half)
            negative = x[idx] < 0
            value = np.where(negative & ~y_int, np.nan, np.where(negative & odd, -value, value))
            out[idx] = np.where(np.abs(value) < _TINY, value * 0, value)    # FTZ
    return out


def c_pow(x, y):
    """C's pow on two float64 arrays of one shape (Eigen's scalar functor; numpy's power takes sqrt for
    y = 0.5, which keeps -0 and makes -inf NaN)."""
    return libm.apply('pow', x, y)


def pow(x, y):  # noqa: A001  (TensorFlow's name)
    """x ** y for float64 host arrays, broadcast, as TensorFlow's Pow kernel computes it on the CPU:
    packets of 4 through generic_pow, the last size % 4 through C's pow."""
    x, y = np.asarray(x, _D), np.asarray(y, _D)
    if x.ndim == 0 and y.ndim == 0:
        return np.asarray(c_pow(x, y))         # one value: the scalar functor
    shape = np.broadcast_shapes(x.shape, y.shape)
    x = np.broadcast_to(x, shape).reshape(-1)
    y = y if y.ndim == 0 else np.broadcast_to(y, shape).reshape(-1)
    packed = x.size - x.size % PACKET
    out = c_pow(x, np.broadcast_to(y, x.shape))
    if packed:
        out[:packed] = pow_packets(x[:packed], y if y.ndim == 0 else y[:packed])
    return out.reshape(shape)
