"""Complex square roots with TensorFlow's CPU bits (its Sqrt kernel on an AVX build).

Eigen's packets (four complex64 or two complex128 values) run psqrt_complex:
    l = max(|x|, |y|) * sqrt(1 + (min / max)^2)   (max where min is 0)
    rho = sqrt(0.5 * (|x| + l)),  eta = 0.5 * (y / rho)   (0 for 0 + 0i)
    x >= 0: (rho, eta);  x < 0: (|eta|, rho with y's sign),
with its infinities: an infinite imaginary part gives (inf, y), an infinite real part (inf, 0 * |y|) or, for
-inf, (0 * |y|, inf); a NaN in either part makes both NaN. The last size % packet values go through Eigen's
scalar complex_sqrt, w = sqrt(0.5 * (|x| + hypot(x, y))) with Eigen's hypot (max * sqrt(1 + (min / max)^2)):
(w, y / 2w) for x > 0, (|y| / 2w, +-w) for x < 0, (w, +-w) for x == 0, (inf, y) for an infinite y.
numpy's sqrt differed from TF 2.21 in about 11% of random values; these forms matched 1300 of 1300 for each
dtype (notes progs/gradfuzz19/t17.py).

Rsqrt runs Eigen's scalar complex_rsqrt on every value: w = sqrt(0.5 * (|x| + |z|)), w / |z| and
|y| / (2 w |z|) in place of sqrt's w and |y| / 2w, the imaginary part's sign flipped; (inf, NaN) for 0 and
(0, 0) for an infinite part. 1 / sqrt(z) differed from TF in about 70% of values (t18.py: 780 of 780 match).
"""
import numpy as np

_PACKET = {np.dtype(np.complex64): 4, np.dtype(np.complex128): 2}


def handles(a):
    return type(a) is np.ndarray and a.dtype in _PACKET


def sqrt(a):
    flat = np.ascontiguousarray(a).reshape(-1)
    x, y = flat.real.copy(), flat.imag.copy()
    whole = x.size - x.size % _PACKET[a.dtype]
    out = np.empty(flat.shape, a.dtype)
    with np.errstate(all='ignore'):
        re, im = _packet_sqrt(x[:whole], y[:whole])
        tail_re, tail_im = _scalar_sqrt(x[whole:], y[whole:])
    out.real = np.concatenate([re, tail_re])
    out.imag = np.concatenate([im, tail_im])
    return out.reshape(a.shape)


def _hypot_parts(x, y):
    ax, ay = np.abs(x), np.abs(y)
    high, low = np.maximum(ax, ay), np.minimum(ax, ay)
    ratio = low / high
    return ax, high, low, high * np.sqrt(x.dtype.type(1) + ratio * ratio)


def _packet_sqrt(x, y):
    one_half = x.dtype.type(0.5)
    ax, high, low, length = _hypot_parts(x, y)
    length = np.where(low == 0, high, length)
    rho = np.sqrt(one_half * (ax + length))
    eta = np.where(high == 0, x.dtype.type(0), one_half * (y / rho))
    negative = x < 0
    re = np.where(negative, np.abs(eta), rho)
    im = np.where(negative, np.copysign(rho, y), eta)
    nan = np.isnan(re) | np.isnan(im)
    re, im = np.where(nan, np.nan, re), np.where(nan, np.nan, im)
    real_inf, imag_inf = np.isinf(x), np.isinf(y)
    zero_y = np.abs(y) * 0
    inf = np.full_like(x, np.inf)
    re = np.where(real_inf, np.where(negative, zero_y, inf), re)
    im = np.where(real_inf, np.where(negative, inf, zero_y), im)
    return np.where(imag_inf, inf, re), np.where(imag_inf, y, im)


def _scalar_sqrt(x, y):
    ax, high, _, length = _hypot_parts(x, y)
    hypot = np.where(high == 0, x.dtype.type(0), length)
    hypot = np.where(np.isnan(x) | np.isnan(y), np.nan, hypot)
    hypot = np.where(np.isinf(x) | np.isinf(y), np.inf, hypot)
    w = np.sqrt(x.dtype.type(0.5) * (ax + hypot))
    signed_w = np.where(y < 0, -w, w)
    twice = x.dtype.type(2) * w
    re = np.where(x > 0, w, np.where(x < 0, np.abs(y) / twice, w))
    im = np.where(x > 0, y / twice, signed_w)
    imag_inf = np.isinf(y)
    return np.where(imag_inf, np.inf, re), np.where(imag_inf, y, im)


def rsqrt(a):
    flat = np.ascontiguousarray(a).reshape(-1)
    x, y = flat.real.copy(), flat.imag.copy()
    one_half, two, zero = x.dtype.type(0.5), x.dtype.type(2), x.dtype.type(0)
    with np.errstate(all='ignore'):
        ax, high, _, length = _hypot_parts(x, y)
        abs_z = np.where(high == 0, zero, length)
        w = np.sqrt(one_half * (ax + abs_z))
        w_over_z = w / abs_z
        twice = two * w * abs_z
        flipped = np.where(y < 0, w_over_z, -w_over_z)
        re = np.where(x > 0, w_over_z, np.where(x < 0, np.abs(y) / twice, w_over_z))
        im = np.where(x > 0, -y / twice, flipped)
        infinite = np.isinf(x) | np.isinf(y)
        re, im = np.where(infinite, zero, re), np.where(infinite, zero, im)
        at_zero = abs_z == 0
        re, im = np.where(at_zero, np.inf, re), np.where(at_zero, np.nan, im)
    out = np.empty(flat.shape, a.dtype)
    out.real, out.imag = re, im
    return out.reshape(a.shape)
