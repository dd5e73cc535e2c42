"""float32 exp(-|x|) I0(x), exp(-|x|) I1(x), I0 and I1 with TensorFlow's bits.

TensorFlow's CPU kernels evaluate them with Eigen's float versions of Cephes' i0ef / i1ef:
a Chebyshev series in float32 (18 / 17 terms for |x| <= 8 in 0.5 |x| - 2; 7 terms beyond,
in 32 / |x| - 2, times 1 / sqrt(|x|)), every multiply-add two roundings (AVX without FMA).
The float64 quadrature of bessel.py, rounded once, differs from them in the last bit for
about a third of the inputs, which shows in printed Kaiser windows.

Beyond |x| = 8, elements inside Eigen's 8-wide packets take an approximate reciprocal square
root (VRSQRTPS's estimate plus a Newton step: eigen_rsqrt, Intel's estimate) and the last
``size % 8`` elements 1 / sqrtf, on the arrays the exact-math mode covers (eigen_math.handles).
"""
import numpy as np

from . import eigen_math, eigen_rsqrt

_F = np.float32
# Cephes' i0ef / i1ef Chebyshev coefficients (Eigen's SpecialFunctionsImpl.h), highest order first
_I0E_NEAR = [-1.30002500998624804212E-8, 6.04699502254191894932E-8, -2.67079385394061173391E-7,
             1.11738753912010371815E-6, -4.41673835845875056359E-6, 1.64484480707288970893E-5,
             -5.75419501008210370398E-5, 1.88502885095841655729E-4, -5.76375574538582365885E-4,
             1.63947561694133579842E-3, -4.32430999505057594430E-3, 1.05464603945949983183E-2,
             -2.37374148058994688156E-2, 4.93052842396707084878E-2, -9.49010970480476444210E-2,
             1.71620901522208775349E-1, -3.04682672343198398683E-1, 6.76795274409476084995E-1]
_I0E_FAR = [3.39623202570838634515E-9, 2.26666899049817806459E-8, 2.04891858946906374183E-7,
            2.89137052083475648297E-6, 6.88975834691682398426E-5, 3.36911647825569408990E-3,
            8.04490411014108831608E-1]
_I1E_NEAR = [9.38153738649577178388E-9, -4.44505912879632808065E-8, 2.00329475355213526229E-7,
             -8.56872026469545474066E-7, 3.47025130813767847674E-6, -1.32731636560394358279E-5,
             4.78156510755005422638E-5, -1.61760815825896745588E-4, 5.12285956168575772895E-4,
             -1.51357245063125314899E-3, 4.15642294431288815669E-3, -1.05640848946261981558E-2,
             2.47264490306265168283E-2, -5.29459812080949914269E-2, 1.02643658689847095384E-1,
             -1.76416518357834055153E-1, 2.52587186443633654823E-1]
_I1E_FAR = [-3.83538038596423702205E-9, -2.63146884688951950684E-8, -2.51223623787020892529E-7,
            -3.88256480887769039346E-6, -1.10588938762623716291E-4, -9.76109749136146840777E-3,
            7.78576235018280120474E-1]


def _chebyshev(x, coefficients):
    """Cephes' chbevl: b0 = x * b1 + c - b2 down the coefficients, then (b0 - b2) / 2."""
    b0, b1, b2 = np.full_like(x, _F(coefficients[0])), np.zeros_like(x), np.zeros_like(x)
    for c in coefficients[1:]:
        b2, b1 = b1, b0
        b0 = x * b1 + _F(c) - b2
    return _F(0.5) * (b0 - b2)


def _scaled_bessel(order, x):
    x = np.asarray(x, _F)
    y = np.abs(x)
    near, far = (_I0E_NEAR, _I0E_FAR) if order == 0 else (_I1E_NEAR, _I1E_FAR)
    with np.errstate(all='ignore'):
        small = _chebyshev(_F(0.5) * y + _F(-2.0), near)
        if order == 1:
            small = y * small
        large = _chebyshev(_F(32.0) / y - _F(2.0), far) * _rsqrt(y)
    out = np.where(y <= _F(8.0), small, large)
    return np.where(x < 0, -out, out) if order == 1 else out


def _rsqrt(y):
    # Eigen's prsqrt: VRSQRTPS's estimate and a Newton step on packets of 8, 1 / sqrtf on the tail
    # (eigen_rsqrt), on the arrays the exact-math mode covers; numpy's correctly rounded one elsewhere
    if eigen_math.handles(y):
        return eigen_rsqrt.rsqrt(y)
    return _F(1.0) / np.sqrt(y)


def _exp(y):
    # Eigen's float32 exp on the arrays the exact-math mode covers (see eigen_math), numpy's elsewhere
    return eigen_math.exp(y) if eigen_math.handles(y) else np.exp(y)


def i0(x):
    """I0(x) of a float32 array as TensorFlow's kernel: exp(|x|) * i0e(x), both in float32."""
    x = np.asarray(x, _F)
    with np.errstate(all='ignore'):
        return _exp(np.abs(x)) * i0e(x)


def i1(x):
    """I1(x) of a float32 array as TensorFlow's kernel: exp(|x|) * i1e(x), both in float32."""
    x = np.asarray(x, _F)
    with np.errstate(all='ignore'):
        return _exp(np.abs(x)) * i1e(x)


def i0e(x):
    """exp(-|x|) I0(x) of a float32 array, as TensorFlow's float32 kernel computes it."""
    return _scaled_bessel(0, x)


def i1e(x):
    """exp(-|x|) I1(x) of a float32 array, as TensorFlow's float32 kernel computes it."""
    return _scaled_bessel(1, x)
