"""float32 sin and cos with TensorFlow's bits: Eigen's ``psincos_float`` on an AVX build (no FMA).

The argument is reduced by the nearest multiple of pi/2 (found with the 2^23 rounding trick)
in four float32 multiply-adds, then one of two polynomials on [-pi/4, pi/4] is picked by the
quadrant's parity and the sign set from its second bit, as in
Eigen/src/Core/arch/Default/GenericPacketMathFunctions.h. The last ``size % 8`` elements go
through C's ``sinf`` / ``cosf``, as Eigen's scalar functors. Arguments beyond Eigen's range for
this reduction (|x| >= 25966 for sin, 18838 for cos), which Eigen reduces with a 2/pi table,
keep numpy's values. Used on the arrays ``eigen_math.handles`` (see there for when).
"""
import numpy as np

from .. import libm
from .eigen_math import _evaluate, _madd

_F = np.float32
_SIGN = np.uint32(0x80000000)
_HUGE = {True: _F(25966.0), False: _F(18838.0)}

def _sincos_packets(xp, x_in, sine):
    x = xp.abs(x_in)
    y_round = x * _F(0.636619746685028076171875) + _F(12582912.0)
    quadrant = y_round.view(xp.int32)
    y = y_round - _F(12582912.0)
    for c in (-1.5703125, -0.000483989715576171875, 1.62865035235881805419921875e-07,
              5.5644315544167710640977020375430583953857421875e-11):
        x = _madd(xp, y, _F(c), x, out=xp.empty_like(x))
    if sine:
        sign = (x_in.view(xp.uint32) ^ (quadrant << 30).view(xp.uint32)) & _SIGN
    else:
        sign = ((quadrant + 1) << 30).view(xp.uint32) & _SIGN
    even = (quadrant & 1) == 0
    x2 = x * x
    y1 = xp.full_like(x, _F(2.4372266125283204019069671630859375e-05))
    for c in (-0.00138865201734006404876708984375, 0.041666619479656219482421875, -0.5, 1.0):
        y1 = _madd(xp, y1, x2, _F(c), out=y1)
    y2 = xp.full_like(x, _F(-0.0001959234114083702898469196984621021329076029360294342041015625))
    for c in (0.0083326873655616851693794799871284340042620897293090820312500000,
              -0.1666666203982298255503735617821803316473960876464843750000000000):
        y2 = _madd(xp, y2, x2, _F(c), out=y2)
    y2 *= x2
    y2 = _madd(xp, y2, x, x, out=y2)
    poly = xp.where(even, y2, y1) if sine else xp.where(even, y1, y2)
    result = (poly.view(xp.uint32) ^ sign).view(xp.float32)
    huge = ~(xp.abs(x_in) < _HUGE[sine])              # also NaN and inf: numpy's NaN
    if huge.any():
        result = xp.where(huge, (xp.sin if sine else xp.cos)(x_in), result)
    return result


def _kernel(sine):
    scalar = libm.scalar_function('sin' if sine else 'cos')

    def run(a):
        with np.errstate(all='ignore'):
            out = _evaluate(a, lambda xp, flat: _sincos_packets(xp, flat, sine), scalar, False)
        return out[()] if type(a) is np.float32 else out
    return run


sin, cos = _kernel(True), _kernel(False)
