"""float32 asin, acos, atan and atanh with TensorFlow's bits: Eigen's packet kernels on an AVX build.

TensorFlow's CPU kernels evaluate these in packets of 8 floats with ``pasin_float`` (an even
polynomial for asin(x) / x on [0, 1/2], with asin(x) = pi/2 - 2 asin(sqrt((1 - x) / 2)) above),
``pacos_float`` (acos(x) / sqrt(1 - x) as a polynomial in x), ``generic_atan`` (a [2/3]-rational on
[-1, 1], 1 / |x| -- VRCPPS's estimate and a Newton step, eigen_reciprocal -- beyond) and
``patanh_float`` (a polynomial up to |x| = 1/2, 0.5 log((1 + x) / (1 - x)) with Eigen's log past it),
Eigen/src/Core/arch/Default/GenericPacketMathFunctions.h; no FMA, so every multiply-add rounds twice.
The last ``size % 8`` values go through C's asinf, acosf, atanf and atanhf, as Eigen's scalar
functors (which hand a denormal input back, but acosf). numpy's float32 functions differ in the last bit on 20-60% of values. Used on the arrays
``eigen_math.handles`` covers (see there for when).
"""
import numpy as np

from .. import libm
from .eigen_math import _evaluate, _log_packets
from .eigen_reciprocal import packet_reciprocal
from .polevl import polevl as _polevl

_F = np.float32
_ONE, _HALF = _F(1), _F(0.5)
_PI = _F(np.pi)
_PI_OVER_TWO = _F(np.pi / 2)
_SIGN = np.uint32(0x80000000)

_ACOS_P = tuple(_F(c) for c in (2.36423197202384471893310546875e-3, -1.1368644423782825469970703125e-2,
                                2.717843465507030487060546875e-2, -4.8969544470310211181640625e-2,
                                8.8804088532924652099609375e-2, -0.214591205120086669921875,
                                1.57079637050628662109375))
_ASIN_ALPHA = tuple(_F(c) for c in (5.08838854730129241943359375e-2, 3.95139865577220916748046875e-2,
                                    7.550220191478729248046875e-2, 0.16664917767047882080078125,
                                    1.00000011920928955078125))
_ATAN_ALPHA = tuple(_F(c) for c in (1.12026982009410858154296875e-01, 7.296695709228515625e-01, 8.109951019287109375e-01))
_ATAN_BETA = tuple(_F(c) for c in (1.00917108356952667236328125e-02, 2.8318560123443603515625e-01, 1.0,
                                   8.109951019287109375e-01))
_ATANH_ALPHA = tuple(_F(c) for c in (0.1819281280040740966796875, 8.2311116158962249755859375e-2,
                                     0.14672131836414337158203125, 0.1997792422771453857421875,
                                     0.3333373963832855224609375))


def _with_sign(value, sign_of):
    return (value.view(np.uint32) ^ (sign_of.view(np.uint32) & _SIGN)).view(np.float32)


def _acos_packets(xp, x_in):
    """pacos_float: acos(|x|) = sqrt(1 - |x|) P(|x|) (even and odd terms apart), pi minus it for a negative x."""
    abs_x = np.abs(x_in)
    p6, p5, p4, p3, p2, p1, p0 = _ACOS_P
    x2 = x_in * x_in
    p_even = (p6 * x2 + p4) * x2 + p2
    p_odd = (p5 * x2 + p3) * x2 + p1
    p_even = p_even * x2 + p0
    result = np.sqrt(_ONE - abs_x) * (p_odd * abs_x + p_even)
    return np.where(np.signbit(x_in), _PI - result, result)


def _asin_packets(xp, x_in):
    """pasin_float: x P(x**2) up to |x| = 1/2, pi/2 - 2 asin(sqrt((1 - |x|) / 2)) above; NaN past 1."""
    abs_x = np.abs(x_in)
    large = _HALF < abs_x
    x = np.where(large, np.sqrt(_HALF - _HALF * abs_x), abs_x)
    p = _polevl(x * x, _ASIN_ALPHA) * x
    p = np.where(large, _PI_OVER_TWO - _F(2) * p, p)
    p = _with_sign(p, x_in)
    p[_ONE < abs_x] = np.nan
    return p


def _atan_packets(xp, x_in):
    """generic_atan<float>: the [2/3]-rational on [-1, 1]; pi/2 minus it at 1 / |x| beyond."""
    abs_x = np.abs(x_in)
    large = _ONE < abs_x
    x = np.where(large, packet_reciprocal(abs_x), abs_x)
    x2 = x * x
    p = x * (_polevl(x2, _ATAN_ALPHA) / _polevl(x2, _ATAN_BETA))
    return _with_sign(np.where(large, _PI_OVER_TWO - p, p), x_in)


def _atanh_packets(xp, x):
    """patanh_float: x + x**3 P(x**2) below |x| = 1/2, 0.5 log((1 + x) / (1 - x)) from there; +-inf at
    +-1, NaN past it."""
    x2 = x * x
    small = (x * x2) * _polevl(x2, _ATANH_ALPHA) + x
    large = _HALF * _log_packets(np, (_ONE + x) / (_ONE - x))
    abs_x = np.abs(x)
    out = np.where(_HALF <= abs_x, large, small)
    out = np.where(abs_x == _ONE, np.copysign(_F(np.inf), x), out)
    out[~(abs_x <= _ONE)] = np.nan
    return out


def _kernel(packets, name, tail_passes_denormals=True):
    scalar = libm.scalar_function(name)

    def run(a):
        with np.errstate(all='ignore'):
            out = _evaluate(a, packets, scalar, False)
        tail = a.size % 8
        if tail_passes_denormals and tail:
            # C's function returns a tiny input itself, before any arithmetic reads it as zero
            given = np.ravel(a)[-tail:]
            tiny = (np.abs(given) < np.finfo(np.float32).tiny) & (given != 0)
            if tiny.any():
                out = np.array(out)
                out.reshape(-1)[-tail:][tiny] = given[tiny]
        return out[()] if type(a) is np.float32 else out
    run.__doc__ = packets.__doc__
    return run


asin = _kernel(_asin_packets, 'asin')
acos = _kernel(_acos_packets, 'acos', tail_passes_denormals=False)
atan = _kernel(_atan_packets, 'atan')
atanh = _kernel(_atanh_packets, 'atanh')
