"""float64 ``tf.math.ndtri`` and ``erfinv`` with TensorFlow's bits: Eigen's generic_ndtri in double (eigen_ndtri.py's
steps with Cephes' coefficients in double), every log C's (TF's double kernels run it so on packets too, unlike
the float32 ones) and 1 / x a division. TF's erfinv kernel is ndtri(0.5 x + 0.5) * sqrt(1/2) in one functor.
The host's float64 Newton iterations were an ulp or a few off for three quarters of the values.
"""
import math

import numpy as np

from .. import libm
from . import eigen_math64
from .eigen_ndtri import _P0, _P1, _P2, _Q0, _Q1, _Q2
from .polevl import polevl as _polevl

_EXP_NEG_TWO = 0.13533528323661269189
_SQRT_2PI = 2.50662827463100050242e0


def _log(v):
    return libm.apply('log', np.asarray(v, np.float64))


def _ndtri(a):
    flip = a <= 1.0 - _EXP_NEG_TWO
    b = np.where(flip, a, 1.0 - a)
    c = b - 0.5
    c2 = c * c
    middle = (c * (c2 * (_polevl(c2, _P0) / _polevl(c2, _Q0))) + c) * _SQRT_2PI
    x = np.sqrt(-2.0 * _log(b))
    x0 = x - _log(x) / x
    z = 1.0 / x
    x1 = z * np.where(x < 8.0, _polevl(z, _P1) / _polevl(z, _Q1), _polevl(z, _P2) / _polevl(z, _Q2))
    tail = np.where(flip, -(x0 - x1), x0 - x1)
    out = np.where(_EXP_NEG_TWO < b, middle, tail)
    return np.where(a == 0, -np.inf, np.where(a == 1.0, np.inf, out))


def _erfinv(a):
    return _ndtri(0.5 * a + 0.5) * math.sqrt(0.5)


# (eigen_math64's kernels read denormal inputs as zeros, as TF's threads do)
ndtri = eigen_math64._kernel(_ndtri, _ndtri)
erfinv = eigen_math64._kernel(_erfinv, _erfinv)
