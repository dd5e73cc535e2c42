"""float32 exp, log, log1p, expm1, tanh, sigmoid and softplus with TensorFlow's bits.

TensorFlow's CPU kernels evaluate these with Eigen's polynomial kernels
(Eigen/src/Core/arch/Default/GenericPacketMathFunctions.h and the
``scalar_logistic_op<float>`` functor), built for AVX without FMA: packets of
8 floats, every ``pmadd(a, b, c)`` a float32 multiply then a float32 add. The
last ``size % 8`` elements of a tensor fall outside the packets and go through
the scalar functor instead: C's ``expf``/``logf``/``log1pf``/``expm1f``.
numpy's own float32 functions round differently in the last bit about half
the time, so printed tensors would differ from TensorFlow's.

Each kernel repeats Eigen's operations in the same order on float32 arrays,
through the array's module (numpy or cupy). Other dtypes keep numpy's
functions; see ``unary``.
"""
import ctypes
import ctypes.util

import numpy as np

from .. import backend

_F = np.float32
PACKET = 8          # Eigen's Packet8f: TensorFlow's x86 wheels are built with AVX
_TINY = _F(np.finfo(np.float32).tiny)


def _madd(a, b, c, out):
    """a * b + c without FMA: two roundings, as Eigen's pmadd on an AVX-only build."""
    xp = backend.array_module(out)
    xp.multiply(a, b, out=out)
    xp.add(out, c, out=out)
    return out


def _ldexp(xp, y, m):
    """y * 2**m (m float32, integral) as Eigen's pldexp_generic: four factors, no early overflow."""
    e = xp.clip(m, _F(-278), _F(278)).astype(xp.int32)
    b = e >> 2
    c = ((b + 127) << 23).view(xp.float32)
    out = y * c
    out *= c
    out *= c
    e -= 3 * b
    e += 127
    e <<= 23
    out *= e.view(xp.float32)
    return out


def _ldexp_fast(xp, y, m):
    """y * 2**m with one multiply (Eigen's pldexp_fast): exact while 2**m is a normal float."""
    e = xp.clip(m + _F(127), _F(0), _F(255)).astype(xp.int32)
    e <<= 23
    return y * e.view(xp.float32)


def _exp_packets(xp, x_in):
    """Eigen's pexp_float."""
    x = xp.minimum(x_in, _F(88.723))
    m = x * _F(1.44269504088896341)
    m += _F(0.5)
    xp.floor(m, out=m)
    r = m * _F(-0.693359375)
    r += x
    t = m * _F(2.12194440e-4)
    r += t
    r2 = r * r
    p_even = _madd(r2, _F(1.37449637986719608306884765625e-3), _F(4.166965186595916748046875e-2), x)
    p_odd = _madd(r2, _F(8.36894474923610687255859375e-3), _F(0.16666518151760101318359375), t)
    p_even *= r2
    p_even += _F(0.49999988079071044921875)
    p_odd *= r
    p_odd += p_even
    p_odd *= r2
    r += _F(1)
    p_odd += r                       # y = exp(r), r in [-ln2/2, ln2/2]
    if x.size and float(xp.max(xp.abs(x_in))) <= 87.0:
        y = _ldexp_fast(xp, p_odd, m)
    else:
        y = _ldexp(xp, p_odd, m)
        y[x_in < _F(-104)] = 0
    y[y < _TINY] = 0                 # flush to zero, as TensorFlow's threads run
    return xp.maximum(y, x_in, out=y)


def _log_packets(xp, x_in):
    """Eigen's plog_float: frexp, a [2/3]-rational on [sqrt(1/2)-1, sqrt(2)-1], e*ln2 added back."""
    bits = xp.abs(x_in).view(xp.int32)
    denormal = bits < 0x00800000
    a = xp.where(denormal, x_in * _F(16777216), x_in)
    ab = a.view(xp.int32)
    e = ((ab & 0x7fffffff) >> 23).astype(xp.float32)
    e += xp.where(denormal, _F(-150), _F(-126))
    special = (x_in == 0) | (e == _F(255 - 126))
    x = ((ab & ~0x7f800000) | 0x3f000000).view(xp.float32)   # mantissa in [0.5, 1)
    x = xp.where(special, x_in, x)
    e[special] = 0
    low = x < _F(0.707106781186547524)
    tmp = xp.where(low, x, _F(0))
    x -= _F(1)
    e -= low
    x += tmp
    p = _madd(x, _F(0.18256296349849254), _F(1.0000000190281063), tmp)
    p *= x
    p += _F(1.0000000190281136)
    p *= x
    q = _madd(x, _F(0.049616247954120038), _F(0.59923249590823520), x.copy())
    q *= x
    q += _F(1.4999999999999927)
    q *= x
    q += _F(1)
    p /= q
    e *= _F(np.log(2))
    e += p
    with np.errstate(invalid='ignore'):
        e[(x_in < 0) | xp.isnan(x_in)] = xp.nan
    e[x_in == xp.inf] = xp.inf
    e[x_in == 0] = -xp.inf
    return e


def _tanh_packets(xp, a):
    """Eigen's ptanh_float: an odd/even [9/8]-rational, clamped where it reaches 1 (no-FMA clamp)."""
    x = xp.clip(a, _F(-7.90738964080810547), _F(7.90738964080810547))
    x2 = x * x
    p = _madd(x2, _F(1.394553628e-8), _F(2.102733560e-5), xp.empty_like(x))
    _madd(p, x2, _F(3.520756727e-3), p)
    _madd(p, x2, _F(1.340216100e-1), p)
    q = _madd(x2, _F(8.015776984e-7), _F(3.326951409e-4), xp.empty_like(x))
    _madd(q, x2, _F(2.597254514e-2), q)
    _madd(q, x2, _F(4.673548340e-1), q)
    _madd(q, x2, _F(1), q)
    x2 *= x                               # x**3
    p *= x2
    p += x
    p /= q
    return p


def _sigmoid_packets(xp, x_in):
    """Eigen's scalar_logistic_op<float>::packetOp: exp(x/2) by a degree-5 polynomial, squared."""
    x = xp.minimum(x_in, _F(16.6355324))
    x *= _F(0.5)
    m = x * _F(1.44269504088896341)
    m += _F(0.5)
    xp.floor(m, out=m)
    r = m * _F(-0.693359375)
    r += x
    t = m * _F(2.12194440e-4)
    r += t
    r2 = r * r
    p_even = _madd(r2, _F(4.1898667812347412109375e-2), _F(0.49999141693115234375), x)
    p_odd = _madd(r2, _F(8.33471305668354034423828125e-3), _F(0.16666877269744873046875), t)
    p_odd *= r
    p_odd += p_even
    p_odd *= r2
    r += _F(1)
    p_odd += r
    e = _ldexp_fast(xp, p_odd, m)
    e *= e
    out = e + _F(1)
    xp.divide(e, out, out=out)
    out[(x_in < _F(-104)) | (out < _TINY)] = 0
    return out


def _log1p_packets(xp, x):
    """Eigen's generic_log1p (Kahan): x * log(1 + x) / ((1 + x) - 1)."""
    xp1 = x + _F(1)
    log1 = _log_packets(xp, xp1)
    keep = (xp1 == _F(1)) | (xp1 == log1)
    xp1 -= _F(1)
    xp.divide(log1, xp1, out=log1)
    log1 *= x
    return xp.where(keep, x, log1)


def _expm1_packets(xp, x):
    """Eigen's generic_expm1 (Kahan): (u - 1) * x / log(u) with u = exp(x)."""
    u = _exp_packets(xp, x)
    logu = _log_packets(xp, u)
    um1 = u - _F(1)
    with np.errstate(invalid='ignore', divide='ignore'):
        out = um1 * (x / logu)
    out = xp.where(logu == u, u, out)
    out = xp.where(um1 == _F(-1), _F(-1), out)
    return xp.where(u == _F(1), x, out)


# log(epsilon) + 2 in float32, TensorFlow's softplus threshold.
_SOFTPLUS_THRESHOLD = _F(np.log(_F(np.finfo(np.float32).eps))) + _F(2)


def _softplus_packets(xp, x):
    """TensorFlow's Softplus kernel: x above -threshold, exp(x) below threshold, else log1p(exp(x))."""
    e = _exp_packets(xp, x)
    out = xp.where(x < _SOFTPLUS_THRESHOLD, e, _log1p_packets(xp, e))
    return xp.where(x > -_SOFTPLUS_THRESHOLD, x, out)


# The scalar tail: C's float functions, as Eigen's scalar functors call them.
_libm = ctypes.CDLL(ctypes.util.find_library('m') or 'libm.so.6')
for _name in ('expf', 'logf', 'log1pf', 'expm1f'):
    getattr(_libm, _name).restype = ctypes.c_float
    getattr(_libm, _name).argtypes = (ctypes.c_float,)


def _c(name):
    f = getattr(_libm, name)
    return lambda v: _F(f(float(v)))


_expf, _logf, _log1pf, _expm1f = _c('expf'), _c('logf'), _c('log1pf'), _c('expm1f')


def _sigmoid_scalar(v):
    e = _expf(min(v, _F(16.6355324)))
    return e / (_F(1) + e)


def _softplus_scalar(v):
    if v > -_SOFTPLUS_THRESHOLD:
        return v
    e = _expf(v)
    return e if v < _SOFTPLUS_THRESHOLD else _log1pf(e)


def _evaluate(a, packets, scalar, passes_denormals):
    """Run ``packets`` on whole packets of the flattened array, ``scalar`` on the tail."""
    xp = backend.array_module(a)
    flat = xp.ascontiguousarray(a).reshape(-1)
    # TensorFlow's CPU threads run with denormals-are-zero: a denormal input reads as a signed 0.
    small = xp.abs(flat) < _TINY
    small &= flat != 0
    if small.any():
        out = _evaluate(xp.where(small, flat * _F(0), flat), packets, scalar, False)
        # expm1 selects its own input where exp(x) == 1: a select, which DAZ does not touch.
        return (xp.where(small, flat, out) if passes_denormals else out).reshape(a.shape)
    n = flat.size
    whole = n - n % PACKET
    if scalar is None or whole == n or xp is not np:
        return packets(xp, flat).reshape(a.shape)
    out = np.empty_like(flat)
    if whole:
        with np.errstate(all='ignore'):
            out[:whole] = packets(xp, flat[:whole])
    with np.errstate(all='ignore'):
        out[whole:] = [scalar(v) for v in flat[whole:]]
    return out.reshape(a.shape)


def _kernel(packets, scalar, passes_denormals=False):
    def run(a):
        with np.errstate(all='ignore'):
            return _evaluate(a, packets, scalar, passes_denormals)
    run.__doc__ = packets.__doc__
    return run


exp = _kernel(_exp_packets, _expf)
log = _kernel(_log_packets, _logf)
log1p = _kernel(_log1p_packets, _log1pf)
expm1 = _kernel(_expm1_packets, _expm1f, passes_denormals=True)
tanh = _kernel(_tanh_packets, None)      # Eigen's scalar tanh<float> is the same rational
sigmoid = _kernel(_sigmoid_packets, _sigmoid_scalar)
softplus = _kernel(_softplus_packets, _softplus_scalar)
