"""tf.math.special.bessel_j0, j1, y0 and y1: the Bessel functions of the first and second kind.

Computed on the host in float64 (scipy is not a dependency), in three ranges of |x|:

- below 8, the power series (at most ~3 digits of cancellation there);
- from 8 to 40, Bessel's integrals: J_n(x) = (1/2pi) integral over a period of cos(n t - x sin t)
  by the trapezoidal rule (exponentially accurate for a periodic integrand), and
  Y_n(x) = (1/pi) int_0^pi sin(x sin t - n t) dt - (1/pi) int_0^inf (e^{nt} + (-1)^n e^{-nt}) e^{-x sinh t} dt
  by Gauss-Legendre quadrature;
- beyond 40, Hankel's asymptotic expansion (its smallest term is then below 1e-30).

As TensorFlow's kernels, Y0 and Y1 are -inf for x <= 0 (Y1(0) is nan in float32), J0 and J1
nan at +-inf and Y0 and Y1 at +inf; J1 is odd and J0 even. The gradients are TensorFlow's (J0' = -J1, J1' = J0 - J1 / x with 1/2 at 0,
Y0' = -Y1, Y1' = Y0 - Y1 / x), written with these ops so that they nest.
"""
import math

import numpy as np

from .arithmetic import divide, subtract
from .logic import equal
from .operands import named_errors
from .selection import where
from .special_functions import _unary
from .special_integrals import as_real_float_tensor

_EULER_GAMMA = 0.5772156649015329
_SERIES_END, _INTEGRAL_END = 8.0, 40.0
_PERIOD_NODES = np.arange(128) * (2 * np.pi / 128)
_GL_NODES, _GL_WEIGHTS = np.polynomial.legendre.leggauss(96)


def _series(order, a):
    """(J_order(a), Y_order(a)) for 0 < a < 8 from their power series in (a/2)**2."""
    q = (a / 2) ** 2
    term = np.ones_like(a) if order == 0 else a / 2         # (a/2)**order (-q)**k / (k! (k+order)!)
    j_sum, digamma_sum = np.zeros_like(a), np.zeros_like(a)
    psi_k1, psi_k1n = -_EULER_GAMMA, -_EULER_GAMMA + (1.0 if order else 0.0)   # psi(k+1), psi(k+1+order)
    for k in range(40):
        j_sum += term
        digamma_sum += (psi_k1 + psi_k1n) * term
        term = term * -q / ((k + 1) * (k + 1 + order))
        psi_k1, psi_k1n = psi_k1 + 1 / (k + 1), psi_k1n + 1 / (k + 1 + order)
    log_half = np.log(a / 2)
    y = (2 / np.pi) * log_half * j_sum - digamma_sum / np.pi
    if order == 1:
        y -= 2 / (np.pi * a)
    return j_sum, y


def _integral(order, a):
    """(J_order(a), Y_order(a)) for 8 <= a <= 40 from Bessel's integrals."""
    col = a[..., None]
    j = np.cos(order * _PERIOD_NODES - col * np.sin(_PERIOD_NODES)).mean(-1)
    theta = (_GL_NODES + 1) * (np.pi / 2)
    oscillating = (np.sin(col * np.sin(theta) - order * theta) @ _GL_WEIGHTS) / 2
    end = np.arcsinh(45.0 / col)                        # e^{-a sinh t} < 3e-20 beyond
    t = (_GL_NODES + 1) * (end / 2)
    decaying = ((np.exp(order * t) + (-1) ** order * np.exp(-order * t)) * np.exp(-col * np.sinh(t))
                ) @ _GL_WEIGHTS * end[..., 0] / 2
    return j, oscillating - decaying / np.pi


def _asymptotic(order, a):
    """(J_order(a), Y_order(a)) for a > 40 from Hankel's expansion in 1/a."""
    mu = 4.0 * order * order
    p, q = np.ones_like(a), np.zeros_like(a)
    term = np.ones_like(a)
    for k in range(1, 30):
        term = term * (mu - (2 * k - 1) ** 2) / (k * 8 * a)
        if k % 2:
            q += term * (-1) ** (k // 2)
        else:
            p += term * (-1) ** (k // 2)
    phase = (order / 2 + 0.25) * np.pi          # cos(a - phase) without rounding a - phase
    cos_chi = np.cos(a) * math.cos(phase) + np.sin(a) * math.sin(phase)
    sin_chi = np.sin(a) * math.cos(phase) - np.cos(a) * math.sin(phase)
    scale = np.sqrt(2 / (np.pi * a))
    return scale * (p * cos_chi - q * sin_chi), scale * (p * sin_chi + q * cos_chi)


def bessel_jy_host(order, x):
    """(J_order(x), Y_order(x)) in float64 for order 0 or 1, TensorFlow's values at x <= 0."""
    x = np.asarray(x, np.float64)
    a = np.abs(x)
    j, y = np.zeros_like(a), np.zeros_like(a)
    for pick, part in ((a < _SERIES_END) & (a > 0), _series), \
            ((a >= _SERIES_END) & (a <= _INTEGRAL_END), _integral), \
            ((a > _INTEGRAL_END) & np.isfinite(a), _asymptotic):
        if pick.any():
            j[pick], y[pick] = part(order, a[pick])
    j = np.where(a == 0, 1.0 - order, j)
    if order == 1:      # odd: J1(-0.0) is -0.0, as TF's kernel gives
        j = np.where(np.signbit(x), -j, j)
    y = np.where(x <= 0, -np.inf, y)
    j = np.where(np.isinf(x) | np.isnan(x), np.nan, j)            # TensorFlow: nan at +-inf
    return j, np.where(np.isnan(x) | np.isposinf(x), np.nan, y)


@named_errors('bessel_j0')
def bessel_j0(x, name=None):
    """J0(x), the Bessel function of the first kind of order 0 (its derivative is -J1)."""
    return _unary('bessel_j0', as_real_float_tensor(x, 'bessel_j0'), lambda a: bessel_jy_host(0, a)[0],
                  lambda g, y, x: -g * bessel_j1(x), kernel='BesselJ0')


@named_errors('bessel_j1')
def bessel_j1(x, name=None):
    """J1(x), the Bessel function of the first kind of order 1 (derivative J0 - J1 / x, 1/2 at 0)."""
    def grad(g, y, x):
        # TF's _BesselJ1Grad divides by x itself: the untaken 0 / 0 makes the second derivative at 0 NaN there
        return g * where(equal(x, 0), 0.5, subtract(bessel_j0(x), divide(y, x)))
    return _unary('bessel_j1', as_real_float_tensor(x, 'bessel_j1'), lambda a: bessel_jy_host(1, a)[0], grad,
                  kernel='BesselJ1')


@named_errors('bessel_y0')
def bessel_y0(x, name=None):
    """Y0(x), the Bessel function of the second kind of order 0 (-inf for x <= 0; derivative -Y1)."""
    return _unary('bessel_y0', as_real_float_tensor(x, 'bessel_y0'), lambda a: bessel_jy_host(0, a)[1],
                  lambda g, y, x: -g * bessel_y1(x), kernel='BesselY0')


@named_errors('bessel_y1')
def bessel_y1(x, name=None):
    """Y1(x), the Bessel function of the second kind of order 1 (-inf for x < 0; derivative Y0 - Y1 / x)."""
    t = as_real_float_tensor(x, 'bessel_y1')
    nan_at_zero = t._data.dtype == np.float32     # TensorFlow's float32 kernel: nan at 0 (float64: -inf)

    def value(a):
        y = bessel_jy_host(1, a)[1]
        return np.where(a == 0, np.nan, y) if nan_at_zero else y
    return _unary('bessel_y1', t, value, lambda g, y, x: g * subtract(bessel_y0(x), divide(y, x)),
                  kernel='BesselY1')
