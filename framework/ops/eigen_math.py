"""float32 exp, log, log1p, expm1, tanh, erf, erfc, sigmoid and softplus with TensorFlow's bits.

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

Written as some thirty numpy calls each, they cost 25-100 times numpy's own
function on small arrays (a fixed ~35 us, ~40 us at 256 elements, 6x numpy's
time past 4,096): on every array, about 12% of the seed model's training step
(through elu's exp on its 960 activations), for a difference in the last bit.
So by default they compute only arrays of at most SMALL_ELEMENTWISE (256)
elements: the tensors that programs print whole, such as guide/autodiff's
sigmoid of ``tf.linspace(-10.0, 10.0, 201)`` or a few rows of class
probabilities, while a training batch's activations (32 x 30 in the seed
model) keep numpy's. Larger arrays take numpy's functions (TensorFlow's own
bits depend on the array's size too: its last ``size % 8`` elements take
another path). pow (eigen_pow.py, ~150 numpy calls) takes the same sizes. The
emulations of TensorFlow's summation orders (matrix products, convolutions),
whose cost grows with the work, keep the smaller SMALL. Class scores (softmax, log-softmax, the
cross-entropies) take these kernels up to CLASS_SCORES values: a classifier's batch of them.
``framework.config.set_tf_exact_math(True)`` (or the environment variable
``TAPEFLOW_TF_EXACT_MATH=1``) computes every float32 array exactly; False
(or ``=0``) none.
"""
import os

import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from .. import backend, libm, quiet_floats
from . import pfor_rows

_F = np.float32
PACKET = 8          # Eigen's Packet8f: TensorFlow's x86 wheels are built with AVX
_TINY = _F(np.finfo(np.float32).tiny)


def _madd(xp, a, b, c, out):
    """a * b + c without FMA: two roundings, as Eigen's pmadd on an AVX-only build."""
    xp.multiply(a, b, out=out)
    xp.add(out, c, out=out)
    return out


def _ldexp(xp, y, m):
    """y * 2**m (m float32, integral) as Eigen's pldexp_generic: four factors, no early overflow."""
    e = xp.minimum(xp.maximum(m, _F(-278)), _F(278)).astype(xp.int32)
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


def _pow2(xp, m):
    """2**m for integral float32 m in [-126, 127] (Eigen's pldexp_fast without its clamp)."""
    m += _F(127)
    e = m.astype(xp.int32)
    e <<= 23
    return e.view(xp.float32)


def _exp_reduced(xp, x, p2, p3, p4, p5, p6):
    """exp(x) = 2**m * exp(r): returns (exp(r) by Eigen's even/odd polynomial, m)."""
    m = x * _F(1.44269504088896341)
    m += _F(0.5)
    xp.floor(m, out=m)
    r = m * _F(-0.693359375)     # ln 2 = 0.693359375 - 2.12194440e-4, in two parts (Cephes)
    r += x
    odd = m * _F(2.12194440e-4)
    r += odd
    r2 = r * r
    if p6 is None:                   # the logistic kernel's degree 5
        even = _madd(xp, r2, p4, p2, x)
    else:                            # pexp_float's degree 6
        even = _madd(xp, r2, p6, p4, x)
        _madd(xp, even, r2, p2, even)
    _madd(xp, r2, p5, p3, odd)
    odd *= r
    odd += even
    odd *= r2
    r += _F(1)
    odd += r
    return odd, m


def _exp_packets(xp, x_in):
    """Eigen's pexp_float."""
    x = xp.minimum(x_in, _F(88.723))
    y, m = _exp_reduced(xp, x, _F(0.49999988079071044921875), _F(0.16666518151760101318359375),
                        _F(4.166965186595916748046875e-2), _F(8.36894474923610687255859375e-3),
                        _F(1.37449637986719608306884765625e-3))
    if x_in.size == 0 or not float(xp.fmax.reduce(xp.abs(x_in))) > 87:     # fmax skips NaNs
        y *= _pow2(xp, m)
        return y
    far = (x_in.view(xp.int32) & 0x7fffffff) > 0x42ae0000      # |x| > 87, or NaN
    out = y * _pow2(xp, m.copy())
    if far.any():                   # Eigen's safe ldexp, zero below -104, flush to zero
        idx = far.nonzero()
        v = _ldexp(xp, y[idx], m[idx])
        v[(v < _TINY) | (x_in[idx] < _F(-104))] = 0
        out[idx] = xp.maximum(v, x_in[idx])
    return out


def _log_packets(xp, x_in):
    """Eigen's plog_float: frexp, a [2/3]-rational on [sqrt(1/2)-1, sqrt(2)-1], e*ln2 added back.
    Inputs are never denormal here (TensorFlow reads them as zero)."""
    bits = x_in.view(xp.int32)
    e = ((bits & 0x7fffffff) >> 23).astype(xp.float32)
    e -= _F(126)
    x = ((bits & -0x7f800001) | 0x3f000000).view(xp.float32)   # mantissa in [0.5, 1), sign kept
    low = x < _F(0.707106781186547524)
    tmp = x * low
    x -= _F(1)
    e -= low
    x += tmp
    p = _madd(xp, x, _F(0.18256296349849254), _F(1.0000000190281063), tmp)
    _madd(xp, p, x, _F(1.0000000190281136), p)
    p *= x
    q = _madd(xp, x, _F(0.049616247954120038), _F(0.59923249590823520), xp.empty_like(x))
    _madd(xp, q, x, _F(1.4999999999999927), q)
    _madd(xp, q, x, _F(1), q)
    p /= q
    e *= _F(np.log(2))
    e += p
    # Positive finite inputs are 1 .. 0x7f7fffff as integers; the rest are special.
    special = (bits.view(xp.uint32) - 1) >= 0x7f7fffff
    if special.any():
        idx = special.nonzero()
        v = x_in[idx]
        e[idx] = xp.where(v == 0, -xp.inf, xp.where(v == xp.inf, v, xp.nan))
    return e


def _tanh_packets(xp, a):
    """Eigen's ptanh_float: an odd/even [9/8]-rational, clamped where it reaches 1 (no-FMA clamp)."""
    x = xp.minimum(a, _F(7.90738964080810547))
    xp.maximum(x, _F(-7.90738964080810547), out=x)
    x2 = x * x
    p = _madd(xp, x2, _F(1.394553628e-8), _F(2.102733560e-5), xp.empty_like(x))
    _madd(xp, p, x2, _F(3.520756727e-3), p)
    _madd(xp, p, x2, _F(1.340216100e-1), p)
    q = _madd(xp, x2, _F(8.015776984e-7), _F(3.326951409e-4), xp.empty_like(x))
    _madd(xp, q, x2, _F(2.597254514e-2), q)
    _madd(xp, q, x2, _F(4.673548340e-1), q)
    _madd(xp, q, x2, _F(1), q)
    x2 *= x                               # x**3
    p *= x2
    p += x
    p /= q
    return p


def _erf_packets(xp, x):
    """Eigen's generic_fast_erf<float>: an odd/even [11/10]-rational in x, x**2 capped at 16."""
    x2 = xp.minimum(x * x, _F(16))
    p = _madd(xp, x2, _F(2.123732201653183437883853912353515625e-06), _F(2.861979592125862836837768554687500000e-04),
              xp.empty_like(x))
    for c in (3.658048342913389205932617187500000000e-03, 5.243302136659622192382812500000000000e-02,
              1.874160766601562500000000000000000000e-01, 1.128379106521606445312500000000000000e+00):
        _madd(xp, p, x2, _F(c), p)
    p *= x
    q = _madd(xp, x2, _F(3.89185734093189239501953125000e-05), _F(1.14329601638019084930419921875e-03),
              xp.empty_like(x))
    for c in (1.47520881146192550659179687500e-02, 1.12945675849914550781250000000e-01,
              4.99425798654556274414062500000e-01, 1.0):
        _madd(xp, q, x2, _F(c), q)
    p /= q
    xp.minimum(p, _F(1), out=p)
    return xp.maximum(p, _F(-1), out=p)


def _two_product_low(xp, x, x2):
    """x * x - x2 exactly (x2 = fl(x * x)): Eigen's twoprod_low without FMA, Veltkamp's split of x
    into 12-bit halves and Dekker's four partial products, each rounded."""
    gamma = x * _F(4097)
    hi = x - gamma
    hi += gamma
    lo = x - hi
    low = hi * hi
    low -= x2
    cross = hi * lo
    low += cross
    low += cross                  # x_lo * x_hi: the same product
    lo *= lo
    low += lo
    return low


def _erfc_rational(xp, x, exp, reciprocal):
    """Eigen's generic_fast_erfc<float>: 1 + x * S(x**2) for |x| <= 1, else
    exp(-x**2) (corrected by x**2's rounding error) * P(1/x**2) / (x * Q(1/x**2)) (+ 2 for x < 0).
    ``exp`` and ``reciprocal`` are the packet kernels or the scalar functor's expf and 1 / x."""
    x = xp.minimum(xp.maximum(x, _F(-11)), _F(11))
    x2 = x * x
    s = xp.full_like(x, _F(5.61802298761904239654541015625e-04))
    for c in (-4.91381669417023658752441406250e-03, 2.67075151205062866210937500000e-02,
              -1.12800106406211853027343750000e-01, 3.76122951507568359375000000000e-01,
              -1.12837910652160644531250000000e+00):
        _madd(xp, s, x2, _F(c), s)
    out = _madd(xp, x, s, _F(1), s)
    large = x2 > _F(1)
    if not large.any():
        return out
    idx = large.nonzero()
    x, x2 = x[idx], x2[idx]
    e = exp(-x2)
    z = e * _two_product_low(xp, x, x2)
    z[xp.abs(z) < _TINY] = 0          # flushed to zero (x above ~8.6): TensorFlow's threads run FTZ
    xp.subtract(e, z, out=z)
    q2 = reciprocal(x2)
    num = _madd(xp, q2, _F(1.0208116471767425537109375e-01), _F(4.2920666933059692382812500e-01), xp.empty_like(x))
    _madd(xp, num, q2, _F(3.2379078865051269531250000e-01), num)
    _madd(xp, num, q2, _F(5.3971976041793823242187500e-02), num)
    den = _madd(xp, q2, _F(1.7251677811145782470703125e-02), _F(3.9137163758277893066406250e-01), xp.empty_like(x))
    for c in (1.0, 6.2173241376876831054687500e-01, 9.5662862062454223632812500e-02):
        _madd(xp, den, q2, _F(c), den)
    den *= x
    num /= den
    z *= num
    z += xp.where(x < 0, _F(2), _F(0))
    out[idx] = z
    return out


def _erfc_packets(xp, x):
    from .eigen_reciprocal import packet_reciprocal
    return _erfc_rational(xp, x, lambda a: _exp_packets(xp, a), packet_reciprocal)


def _erfc_scalar(v):
    one = np.array([v], _F)
    return _erfc_rational(np, one, lambda a: np.array([_expf(a[0])], _F), lambda a: _F(1) / a)[0]


def _sigmoid_packets(xp, x_in):
    """Eigen's scalar_logistic_op<float>::packetOp: exp(x/2) by a degree-5 polynomial, squared."""
    x = xp.minimum(x_in, _F(16.6355324))
    x *= _F(0.5)
    y, m = _exp_reduced(xp, x, _F(0.49999141693115234375), _F(0.16666877269744873046875),
                        _F(4.1898667812347412109375e-2), _F(8.33471305668354034423828125e-3), None)
    y *= _pow2(xp, m)
    y *= y
    out = y + _F(1)
    xp.divide(y, out, out=out)
    low = x_in < _F(-87)            # where the result is denormal (flushed) or masked to zero
    if low.any():
        idx = low.nonzero()
        v = out[idx]
        v[(v < _TINY) | (x_in[idx] < _F(-104))] = 0
        out[idx] = v
    return out


def _log1p_packets(xp, x):
    """Eigen's generic_log1p (Kahan): x * log(1 + x) / ((1 + x) - 1)."""
    xp1 = x + _F(1)
    log1 = _log_packets(xp, xp1)
    keep = xp1 == _F(1)
    keep |= xp1 == log1
    xp1 -= _F(1)
    xp.divide(log1, xp1, out=log1)
    log1 *= x
    if keep.any():
        idx = keep.nonzero()
        log1[idx] = x[idx]
    return log1


def _expm1_packets(xp, x):
    """Eigen's generic_expm1 (Kahan): (u - 1) * x / log(u) with u = exp(x)."""
    u = _exp_packets(xp, x)
    logu = _log_packets(xp, u)
    um1 = u - _F(1)
    out = x / logu
    out *= um1
    for mask, value in ((logu == u, u), (um1 == _F(-1), _F(-1)), (u == _F(1), x)):
        if mask.any():
            idx = mask.nonzero()
            out[idx] = value if value.ndim == 0 else value[idx]
    return out


# log(epsilon) + 2 in float32, TensorFlow's softplus threshold.
_SOFTPLUS_THRESHOLD = _F(np.log(_F(np.finfo(np.float32).eps))) + _F(2)


def _softplus_packets(xp, x):
    """TensorFlow's Softplus kernel: x above -threshold, exp(x) below threshold, else log1p(exp(x))."""
    e = _exp_packets(xp, x)
    out = xp.where(x < _SOFTPLUS_THRESHOLD, e, _log1p_packets(xp, e))
    return xp.where(x > -_SOFTPLUS_THRESHOLD, x, out)


# The scalar tail: C's float functions, as Eigen's scalar functors call them.
_expf, _logf, _log1pf, _expm1f = (libm.scalar_function(name) for name in ('exp', 'log', 'log1p', 'expm1'))


def c_log(a):
    """C's logf on each element of a float32 host array (Eigen's scalar log functor)."""
    return libm.apply('log', a)


def _sigmoid_scalar(v):
    e = _expf(min(v, _F(16.6355324)))
    return e / (_F(1) + e)


def _softplus_scalar(v):
    if v > -_SOFTPLUS_THRESHOLD:
        return v
    e = _expf(v)
    return e if v < _SOFTPLUS_THRESHOLD else _log1pf(e)


def _evaluate(a, packets, scalar, passes_denormals, reads_denormals=True):
    """Run ``packets`` over the flattened array, then ``scalar`` again on its last size % 8.
    ``reads_denormals`` False: a denormal input gives what 0 gives (exp: 1), so none is looked for."""
    xp = backend.array_module(a)
    flat = xp.ascontiguousarray(a).reshape(-1)
    # TensorFlow's CPU threads run with denormals-are-zero: a denormal input reads as a signed 0.
    if reads_denormals and flat.size and float(xp.fmin.reduce(xp.abs(flat))) < _TINY:      # fmin skips NaNs
        small = xp.abs(flat) < _TINY
        small &= flat != 0
        if small.any():
            out = _evaluate(xp.where(small, flat * _F(0), flat), packets, scalar, False)
            # expm1 selects its own input where exp(x) == 1: a select, which DAZ does not touch.
            return xp.where(small, flat, out.reshape(-1)).reshape(a.shape) if passes_denormals else out
    out = packets(xp, flat)
    tail = flat.size % PACKET
    if tail and pfor_rows.STACKED_VALUES[0]:     # one of vectorized_map's stacked iterations: the stack's last size % 8
        tail = flat.size - pfor_rows.packets_end(flat.size, PACKET)
    if tail and scalar is not None and xp is np:
        out[-tail:] = [scalar(v) for v in flat[-tail:]]
    # ... and flush-to-zero: a denormal result (exp(-100), softplus(-100)) comes out as a signed 0.
    if out.size and float(xp.fmin.reduce(xp.abs(out))) < _TINY:
        out = xp.where(xp.abs(out) < _TINY, out * _F(0), out)
    return out.reshape(a.shape)


SMALL = 32     # the largest array whose summation order is emulated by default
SMALL_ELEMENTWISE = 256     # the largest array these elementwise kernels compute by default
# The largest array of class scores (softmax, log-softmax, the cross-entropies' exps and logs) computed by
# default: a batch's (rows, classes) scores are what every classification step's loss, its gradient and so
# fit's history are read from, so they get TF's bits at training sizes (128 rows of 32 classes, 32 of 128).
# Their size is set by the classes, and their ~20 us (640 values) is small beside the products that made them.
CLASS_SCORES = 4096

# Which arrays the ops compute with these kernels: True (every float32 array), False (none)
# or 'small' (up to SMALL elements). A list, so that framework.config can switch it for
# every module that imported this one.
ENABLED = [{'1': True, '0': False}.get(os.environ.get('TAPEFLOW_TF_EXACT_MATH', ''), 'small')]


def exact_for(a):
    """Whether the mode computes an array of ``a``'s size exactly (any dtype; see ``handles``)."""
    return exact_for_size(a.size)


def exact_for_size(size):
    """Whether the mode computes an array of ``size`` elements exactly."""
    mode = ENABLED[0]
    return mode is True or (mode == 'small' and size <= SMALL)


def exact_elementwise(size):
    """Whether the mode computes an elementwise function of an array of ``size`` elements exactly."""
    mode = ENABLED[0]
    return mode is True or (mode == 'small' and size <= SMALL_ELEMENTWISE)


def exact_class_scores(size):
    """Whether the mode computes a softmax or cross-entropy over ``size`` class scores exactly."""
    mode = ENABLED[0]
    return mode is True or (mode == 'small' and size <= CLASS_SCORES)


def handles_class_scores(a):
    """``handles`` for the class-score ops (softmax, log-softmax, the cross-entropies): up to CLASS_SCORES."""
    if (type(a) is not ndarray and type(a) is not _F) or a.dtype != _F:
        return False
    return exact_class_scores(a.size)


def handles(a):
    """Whether ``a`` is a host float32 array or scalar that the mode computes with these kernels."""
    if (type(a) is not ndarray and type(a) is not _F) or a.dtype != _F:
        return False
    mode = ENABLED[0]       # (exact_elementwise, inline: every activation of a training step asks)
    return mode is True or (mode == 'small' and a.size <= SMALL_ELEMENTWISE)


def _kernel(packets, scalar, passes_denormals=False, reads_denormals=True):
    def run(a):
        token = quiet_floats.begin()        # (np.errstate(all='ignore'), for less)
        try:
            out = _evaluate(a, packets, scalar, passes_denormals, reads_denormals)
        finally:
            quiet_floats.end(token)
        return out[()] if type(a) is np.float32 else out
    run.__doc__ = packets.__doc__
    return run


exp = _kernel(_exp_packets, _expf, reads_denormals=False)      # exp of a denormal is 1.0, as exp(0)
log = _kernel(_log_packets, _logf)
log1p = _kernel(_log1p_packets, _log1pf)
expm1 = _kernel(_expm1_packets, _expm1f, passes_denormals=True)
tanh = _kernel(_tanh_packets, None)      # Eigen's scalar tanh<float> is the same rational
erf = _kernel(_erf_packets, None)        # and so is its scalar erf<float>
erfc = _kernel(_erfc_packets, _erfc_scalar)
sigmoid = _kernel(_sigmoid_packets, _sigmoid_scalar)
softplus = _kernel(_softplus_packets, _softplus_scalar)
