"""float32 ``tf.math.ndtri`` (and ``erfcinv``, TensorFlow's -ndtri(x / 2) * sqrt(1/2)) with TensorFlow's bits:
Eigen's generic_ndtri, Cephes' ndtri in float32. Below 1 - exp(-2) and above exp(-2) a rational in
(b - 1/2)^2; in the tails x = sqrt(-2 log b) corrected by a rational in 1/x (one pair of polynomials
below x = 8, another beyond). Every multiply-add rounds twice (AVX without FMA); logs and 1 / x are
Eigen's packet log and fast preciprocal on whole packets of 8, C's logf and a division on the last
``size % 8`` elements, as Eigen evaluates. Outside [0, 1] the result is NaN (TF's, not Cephes' infinities).
"""
import numpy as np

from . import eigen_math
from .eigen_reciprocal import packet_reciprocal

_F = np.float32
# Cephes' ndtri coefficients (Eigen's SpecialFunctionsImpl.h), highest order first, as float32
_P0 = [-5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1,
       1.39312609387279679503e1, -1.23916583867381258016e0]
_Q0 = [1.0, 1.95448858338141759834e0, 4.67627912898881538453e0, 8.63602421390890590575e1,
       -2.25462687854119370527e2, 2.00260212380060660359e2, -8.20372256168333339912e1,
       1.59056225126211695515e1, -1.18331621121330003142e0]
_P1 = [4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1, 4.40805073893200834700e1,
       1.46849561928858024014e1, 2.18663306850790267539e0, -1.40256079171354495875e-1,
       -3.50424626827848203418e-2, -8.57456785154685413611e-4]
_Q1 = [1.0, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1,
       1.50425385692907503408e1, 2.50464946208309415979e0, -1.42182922854787788574e-1,
       -3.80806407691578277194e-2, -9.33259480895457427372e-4]
_P2 = [3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0, 1.33303460815807542389e0,
       2.01485389549179081538e-1, 1.23716634817820021358e-2, 3.01581553508235416007e-4,
       2.65806974686737550832e-6, 6.23974539184983293730e-9]
_Q2 = [1.0, 6.02427039364742014255e0, 3.67983563856160859403e0, 1.37702099489081330271e0,
       2.16236993594496635890e-1, 1.34204006088543189037e-2, 3.28014464682127739104e-4,
       2.89247864745380683936e-6, 6.79019408009981274425e-9]
_EXP_NEG_TWO = _F(0.13533528323661269189)
_SQRT_2PI = _F(2.50662827463100050242e0)


def _polevl(x, coefficients):
    out = np.full_like(x, _F(coefficients[0]))
    for c in coefficients[1:]:
        out = out * x + _F(c)
    return out


def _ndtri(a, log, reciprocal):
    one = _F(1)
    flip = a <= one - _EXP_NEG_TWO
    b = np.where(flip, a, one - a)
    c = b - _F(0.5)
    c2 = c * c
    middle = (c * (c2 * (_polevl(c2, _P0) / _polevl(c2, _Q0))) + c) * _SQRT_2PI
    x = np.sqrt(_F(-2) * log(b))
    x0 = x - log(x) / x
    z = reciprocal(x)
    x1 = z * np.where(x < _F(8), _polevl(z, _P1) / _polevl(z, _Q1), _polevl(z, _P2) / _polevl(z, _Q2))
    tail = np.where(flip, -(x0 - x1), x0 - x1)
    out = np.where(_EXP_NEG_TWO < b, middle, tail)
    # only 0 and 1 exactly are -inf and inf: outside [0, 1] the log of a negative b gives NaN
    return np.where(a == 0, _F(-np.inf), np.where(a == one, _F(np.inf), out)).astype(_F)


def _packets(xp, a):
    return _ndtri(a, lambda v: eigen_math._log_packets(np, np.ascontiguousarray(v, _F)), packet_reciprocal)


def _scalar(v):
    return _ndtri(np.asarray([v], _F), eigen_math.c_log, lambda x: _F(1) / x)[0]


ndtri = eigen_math._kernel(_packets, _scalar)
