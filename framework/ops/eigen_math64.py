"""float64 exp, log, log1p, expm1, tanh, sigmoid, softplus, erf and erfc with TensorFlow's bits.

TensorFlow's CPU kernels evaluate float64 tensors of these functions in Eigen's AVX packets of 4
doubles (Packet4d): ``pexp_double`` and ``plog_double`` (Cephes's rational approximations),
Kahan's ``generic_log1p`` / ``generic_expm1`` on top of them, ``ptanh_double`` (a [19/18]-rational),
the logistic functor's exp(x) / (1 + exp(x)), the Softplus kernel's select of x, exp(x) and
log1p(exp(x)), and ``generic_fast_erf`` / ``erfc<double>`` (rationals around exp(-x**2))
(Eigen/src/Core/arch/Default/GenericPacketMathFunctions.h, functors/UnaryFunctors.h,
unsupported/.../SpecialFunctionsImpl.h, kernels/softplus_op.h). The wheels are built without FMA:
every ``pmadd`` is a product then a sum. The last ``size % 4`` values go through the scalar functors:
C's exp, log, log1p, expm1, tanh (erf and erfc: the same code, with C's exp).
numpy's float64 functions round differently in the last bit on 10-60% of values (more on AVX-512
CPUs, where it calls SVML), so float64 programs printed other last digits than TensorFlow.

As for float32 (eigen_math.py), arrays of at most SMALL_ELEMENTWISE (256) values take these kernels
by default, larger ones numpy's functions; denormal inputs read as zero and denormal results flush to
zero, as TensorFlow's CPU threads do, but where a select passes the input itself (expm1's packets) or
C's function returns it before any arithmetic (the tails of atan, atanh and log1p).
Measured against TF 2.21 on 4,400-6,500 values in one array and 1,845 in arrays of 1-256 values each
(random, huge, tiny, denormal and special): no difference (numpy's exp: 684 of 4,416, log 1,338 of 6,460).
"""
import numpy as np

from .. import libm
from . import eigen_math
from .eigen_pow64 import _EXP_C1, _EXP_C2, _EXP_P, _EXP_Q, _LOG2E, _ldexp, _split
from .polevl import polevl as _polevl

_D = np.float64
PACKET = 4
_TINY = _D(np.finfo(np.float64).tiny)
_ONE = _D(1)

# plog_double: log(1 + x) = x - x**2 / 2 + x**3 P(x) / Q(x) on [sqrt(1/2) - 1, sqrt(2) - 1)
_LOG_P = tuple(_D(c) for c in (1.01875663804580931796E-4, 4.97494994976747001425E-1, 4.70579119878881725854E0,
                               1.44989225341610930846E1, 1.79368678507819816313E1, 7.70838733755885391666E0))
_LOG_Q = tuple(_D(c) for c in (1.0, 1.12873587189167450590E1, 4.52279145837532221105E1, 8.29875266912776603211E1,
                               7.11544750618563894466E1, 2.31251620126765340583E1))
_LN2 = _D(0.693147180559945309417232121458176568)

# ptanh_double without FMA: clamped where the rational reaches 1; odd numerator, even denominator
_TANH_CLAMP = _D(17.714196154005176)
_TANH_ALPHA = tuple(_D(c) for c in (2.6158007860482230e-23, 7.6534862268749319e-19, 3.1309488231386680e-15,
                                    4.2303918148209176e-12, 2.4618379131293676e-09, 6.8644367682497074e-07,
                                    9.3839087674268880e-05, 5.9809711724441161e-03, 1.5184719640284322e-01))
_TANH_BETA = tuple(_D(c) for c in (6.463747022670968018e-21, 5.782506856739003571e-17, 1.293019623712687916e-13,
                                   1.123643448069621992e-10, 4.492975677839633985e-08, 8.785185266237658698e-06,
                                   8.295161192716231542e-04, 3.437448108450402717e-02, 4.851805297361760360e-01,
                                   1.0))

# generic_fast_erf / erfc<double>: erf(x) / x = S(x**2) / T(x**2) for |x| <= 1; past it
# erfc(x) = exp(-x**2) / x * P(1 / x**2) / Q(1 / x**2)
_ERF_ALPHA = tuple(_D(c) for c in (1.9493725660006057018823477644531294572516344487667083740234375e-04,
                                   1.8272566210022942682217328425053892715368419885635375976562500e-03,
                                   4.5303363351690106863856044583371840417385101318359375000000000e-02,
                                   1.4215015503619179981775744181504705920815467834472656250000000e-01,
                                   1.1283791670955125585606992899556644260883331298828125000000000e+00))
_ERF_BETA = tuple(_D(c) for c in (2.0294484101083099089526257108317963684385176748037338256835938e-05,
                                  6.8117805899186819641732970609382391558028757572174072265625000e-04,
                                  1.0582026056098614921752165685120417037978768348693847656250000e-02,
                                  9.3252603143757495374188692949246615171432495117187500000000000e-02,
                                  4.5931062818368939559832142549566924571990966796875000000000000e-01, 1.0))
_ERFC_GAMMA = tuple(_D(c) for c in (1.5252844933226974316088642158462107545346952974796295166015625e-04,
                                    1.0909912393738931124520519233556115068495273590087890625000000e-02,
                                    1.0628604636755033252537572252549580298364162445068359375000000e-01,
                                    3.3492472973137982217295416376146022230386734008789062500000000e-01,
                                    4.5065776215933289750026347064704168587923049926757812500000000e-01,
                                    2.9433039130294824659017649537418037652969360351562500000000000e-01,
                                    9.8792676360600226170838311645638896152377128601074218750000000e-02,
                                    1.7095935395503719655962981960328761488199234008789062500000000e-02,
                                    1.4249109729504577659398023570247460156679153442382812500000000e-03,
                                    4.4567378313647954771875570045835956989321857690811157226562500e-05))
_ERFC_DELTA = tuple(_D(c) for c in (2.041985103115789845773520028160419315099716186523437500000000e-03,
                                    5.316030659946043707142493417450168635696172714233398437500000e-02,
                                    3.426242193784684864077405563875799998641014099121093750000000e-01,
                                    8.565637124308049799026321124983951449394226074218750000000000e-01, 1.0,
                                    5.968805280570776972126623149961233139038085937500000000000000e-01,
                                    1.890922854723317836356244470152887515723705291748046875000000e-01,
                                    3.152505418656005586885981983868987299501895904541015625000000e-02,
                                    2.565085751861882583380047861965067568235099315643310546875000e-03,
                                    7.899362131678837697403017248376499992446042597293853759765625e-05))

# patan_reduced<double>: atan(x) = x P(x**2) / Q(x**2) on [-1, 1]
_ATAN_ALPHA = tuple(_D(c) for c in (2.6667153866462208e-05, 3.0917513112462781e-03, 5.2574296781008604e-02,
                                    3.0409318473444424e-01, 7.5365702534987022e-01, 8.2704055405494614e-01,
                                    3.3004361289279920e-01))
_ATAN_BETA = tuple(_D(c) for c in (2.7311202462436667e-04, 1.0899150928962708e-02, 1.1548932646420353e-01,
                                   4.9716458728465573e-01, 1.0, 9.3705509168587852e-01, 3.3004361289279920e-01))
# patanh_double: x + x**3 P(x**2) / Q(x**2) on [-0.5, 0.5]
_ATANH_ALPHA = tuple(_D(c) for c in (3.3071338469301391e-03, -4.7129526768798737e-02, 1.8185306179826699e-01,
                                     -2.5949536095445679e-01, 1.2306328729812676e-01))
_ATANH_BETA = tuple(_D(c) for c in (-3.8679974580640881e-03, 7.6391885763341910e-02, -4.2828141436397615e-01,
                                    9.8733495886883648e-01, -1.0000000000000000e+00, 3.6918986189438030e-01))

# log(epsilon) + 2, TensorFlow's softplus threshold (C's log of the double epsilon)
_SOFTPLUS_THRESHOLD = _D(np.log(np.finfo(np.float64).eps)) + _D(2)


def _exp_packets(x_in):
    """Eigen's pexp_double: 2**n * exp(g) with g = x - n ln2 (ln2 in two parts), exp(g) by Cephes's
    rational 1 + 2 P(g) / (Q(g) - P(g)); zero below -745.519, x itself where it is +inf or NaN."""
    x = np.minimum(x_in, _D(709.784))
    fx = np.floor(_LOG2E * x + _D(0.5))
    x = (x - fx * _EXP_C1) - fx * _EXP_C2
    x2 = x * x
    px = ((_EXP_P[0] * x2 + _EXP_P[1]) * x2 + _EXP_P[2]) * x
    qx = ((_EXP_Q[0] * x2 + _EXP_Q[1]) * x2 + _EXP_Q[2]) * x2 + _EXP_Q[3]
    out = np.maximum(_ldexp(_D(2) * (px / (qx - px)) + _ONE, fx), x_in)
    out[np.isnan(x_in)] = np.nan
    out[x_in < _D(-745.519)] = 0
    return out


def _log_packets(x_in):
    """Eigen's plog_double: frexp, the mantissa moved to [sqrt(1/2), sqrt(2)), Cephes's rational, e * ln2
    added back; 0 gives -inf, +inf itself, a negative number or NaN NaN."""
    bits = x_in.view(np.int64)
    e = ((bits & 0x7FFFFFFFFFFFFFFF) >> 52).astype(_D) - _D(1022)
    x = ((bits & ~(0x7FF << 52)) | (0x3FE << 52)).view(_D)       # mantissa in [0.5, 1), sign kept
    low = x < _D(0.70710678118654752440)
    tmp = x * low
    x = x - _ONE
    e = e - low
    x = x + tmp
    x2 = x * x
    x3 = x2 * x
    p0, p1, p2, p3, p4, p5 = _LOG_P
    q0, q1, q2, q3, q4, q5 = _LOG_Q
    y = (p0 * x + p1) * x + p2
    y1 = (p3 * x + p4) * x + p5
    numerator = (y * x3 + y1) * x3
    y = (q0 * x + q1) * x + q2
    y1 = (q3 * x + q4) * x + q5
    y = numerator / (y * x3 + y1)
    out = e * _LN2 + (x + (_D(-0.5) * x2 + y))
    out[x_in == np.inf] = np.inf
    out[~(x_in >= 0)] = np.nan
    out[x_in == 0] = -np.inf
    return out


def _log1p_packets(x):
    """Eigen's generic_log1p (Kahan): x * log(1 + x) / ((1 + x) - 1), x itself where 1 + x rounds to 1
    or its log is infinite."""
    xp1 = x + _ONE
    log1 = _log_packets(xp1)
    out = x * (log1 / (xp1 - _ONE))
    keep = (xp1 == _ONE) | (xp1 == log1)
    out[keep] = x[keep]
    return out


def _expm1_packets(x):
    """Eigen's generic_expm1 (Kahan): (u - 1) * x / log(u) with u = exp(x); x where u is 1, -1 where
    u - 1 is, u where it is infinite."""
    u = _exp_packets(x)
    u_minus_one = u - _ONE
    log_u = _log_packets(u)
    out = u_minus_one * (x / log_u)
    out = np.where(log_u == u, u, out)
    return np.where(u == _ONE, x, np.where(u_minus_one == -_ONE, -_ONE, out))


def _tanh_packets(a):
    """Eigen's ptanh_double: x (x**2 p(x**2)) + x over q(x**2), x clamped to +-17.714."""
    x = np.maximum(np.minimum(a, _TANH_CLAMP), -_TANH_CLAMP)
    x2 = x * x
    p = _polevl(x2, _TANH_ALPHA)
    q = _polevl(x2, _TANH_BETA)
    return (x2 * x * p + x) / q


def _logistic(e):
    """The logistic functor's e / (1 + e), 1 where e = exp(x) is infinite."""
    out = e / (_ONE + e)
    out[e == np.inf] = _ONE
    return out


def _sigmoid_packets(x):
    return _logistic(_exp_packets(x))


def _sigmoid_tail(x):
    return _logistic(libm.apply('exp', x))


def _softplus(x, e, log1p):
    """TensorFlow's Softplus kernel: x above -threshold, exp(x) below threshold, else log1p(exp(x))."""
    return np.where(x > -_SOFTPLUS_THRESHOLD, x, np.where(x < _SOFTPLUS_THRESHOLD, e, log1p(e)))


def _softplus_packets(x):
    return _softplus(x, _exp_packets(x), _log1p_packets)


def _softplus_tail(x):
    return _softplus(x, libm.apply('exp', x), lambda e: libm.apply('log1p', e))


def _erf_over_x_small(x2):
    return _polevl(x2, _ERF_ALPHA) / _polevl(x2, _ERF_BETA)


def _erfc_large(x, x2, exp):
    """Eigen's erfc_double_large: exp(-x**2) (its rounding error x2_lo folded back in: times 1 - x2_lo) times
    P / (x Q) of 1 / x**2, plus 2 for negative x."""
    x_hi, x_lo = _split(x)
    x2_lo = x_hi * x_hi - x2            # Dekker's low word of x * x (no FMA)
    x2_lo = x_hi * x_lo + x2_lo
    x2_lo = x_lo * x_hi + x2_lo
    x2_lo = x_lo * x_lo + x2_lo
    e = exp(-x2)
    correction = e * x2_lo
    correction[np.abs(correction) < _TINY] = 0          # a denormal product flushes to zero (TF's FTZ)
    z = e - correction
    q2 = _ONE / x2
    r = _polevl(q2, _ERFC_GAMMA) / (x * _polevl(q2, _ERFC_DELTA))
    return z * r + np.where(x < 0, _D(2), _D(0))


def _erf(x, exp):
    """Eigen's generic_fast_erf<double> (its scalar functor too, with C's exp): x S / T for |x| <= 1, else
    1 - erfc; not clamped, so +-inf gives NaN as in TensorFlow."""
    x2 = x * x
    out = x * _erf_over_x_small(x2)
    large = _ONE < x2
    if large.any():
        out = np.where(large, _ONE - _erfc_large(x, x2, exp), out)
    return out


def _erfc(x_in, exp):
    """Eigen's generic_fast_erfc<double>: x clamped to +-28, 1 - x S / T for |x| <= 1, else erfc_double_large."""
    x = np.minimum(np.maximum(x_in, _D(-28)), _D(28))
    x2 = x * x
    out = _ONE - x * _erf_over_x_small(x2)
    large = _ONE < x2
    if large.any():
        out = np.where(large, _erfc_large(x, x2, exp), out)
    return out


def _atan_packets(x_in):
    """Eigen's generic_atan<double>: atan(1 / |x|) subtracted from pi / 2 past |x| = 1, the sign put back."""
    abs_x = np.abs(x_in)
    large = _ONE < abs_x
    x = np.where(large, _ONE / abs_x, abs_x)
    p = x * (_polevl(x * x, _ATAN_ALPHA) / _polevl(x * x, _ATAN_BETA))
    return np.copysign(np.where(large, _D(np.pi / 2) - p, p), x_in)


def _atanh_packets(x):
    """Eigen's patanh_double: the rational up to |x| = 0.5, 0.5 log((1 + x) / (1 - x)) from there; +-inf at
    +-1, NaN past it."""
    x2 = x * x
    small = (x2 * x) * (_polevl(x2, _ATANH_ALPHA) / _polevl(x2, _ATANH_BETA)) + x
    large = _D(0.5) * _log_packets((_ONE + x) / (_ONE - x))
    abs_x = np.abs(x)
    out = np.where(_D(0.5) <= abs_x, large, small)
    out = np.where(abs_x == _ONE, np.copysign(np.inf, x), out)
    out[~(abs_x <= _ONE)] = np.nan
    return out


def _evaluate(a, packets, tail, passes_denormals):
    """``packets`` over the flattened array's whole packets of 4, ``tail`` (C's functions) on the rest."""
    flat = np.ascontiguousarray(a, _D).reshape(-1)
    read = flat
    if flat.size and float(np.fmin.reduce(np.abs(flat))) < _TINY:       # denormals read as zero
        small = (np.abs(flat) < _TINY) & (flat != 0)
        if small.any():
            read = np.where(small, flat * 0, flat)
    out = np.empty_like(read)
    whole = read.size - read.size % PACKET
    if whole:
        out[:whole] = packets(read[:whole])
    if whole < read.size:
        out[whole:] = tail(read[whole:])
    if out.size and float(np.fmin.reduce(np.abs(out))) < _TINY:           # ... and results flush to zero
        out = np.where(np.abs(out) < _TINY, out * 0, out)
    if passes_denormals and read is not flat:
        # 'packets': a select in the packet code hands back the input's own bits; 'tail': C's function
        # returns a tiny input itself, before any arithmetic reads it as zero
        part = slice(whole, None) if passes_denormals == 'tail' else slice(0, whole)
        out[part] = np.where(read[part] != flat[part], flat[part], out[part])
    return out.reshape(np.shape(a))


def handles(a):
    """Whether ``a`` is a host float64 array or scalar that the exact-math mode computes with these kernels."""
    return (type(a) is np.ndarray or type(a) is np.float64) and a.dtype == _D and eigen_math.exact_elementwise(a.size)


def handles_class_scores(a):
    """``handles`` for the class-score ops (softmax, log-softmax, the cross-entropies; eigen_math.CLASS_SCORES)."""
    return (type(a) is np.ndarray or type(a) is np.float64) and a.dtype == _D and eigen_math.exact_class_scores(a.size)


def _kernel(packets, tail, passes_denormals=False):
    def run(a):
        with np.errstate(all='ignore'):
            out = _evaluate(a, packets, tail, passes_denormals)
        return out[()] if type(a) is np.float64 else out
    run.__doc__ = packets.__doc__
    return run


def _c(name):
    return lambda v: libm.apply(name, v)


exp = _kernel(_exp_packets, _c('exp'))
log = _kernel(_log_packets, _c('log'))
log1p = _kernel(_log1p_packets, _c('log1p'), passes_denormals='tail')
expm1 = _kernel(_expm1_packets, _c('expm1'), passes_denormals='packets')
tanh = _kernel(_tanh_packets, _c('tanh'))
sigmoid = _kernel(_sigmoid_packets, _sigmoid_tail)
softplus = _kernel(_softplus_packets, _softplus_tail)
erf = _kernel(lambda x: _erf(x, _exp_packets), lambda x: _erf(x, _c('exp')))
atan = _kernel(_atan_packets, _c('atan'), passes_denormals='tail')
atanh = _kernel(_atanh_packets, _c('atanh'), passes_denormals='tail')
erfc = _kernel(lambda x: _erfc(x, _exp_packets), lambda x: _erfc(x, _c('exp')))
