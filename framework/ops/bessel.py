"""tf.math.bessel_i0, i0e, i1 and i1e: the modified Bessel functions of the first kind.

float32 and float64 take Eigen's Chebyshev series (bessel_float32.py, bessel_float64.py: TF's bits); other
dtypes are computed on the host in float64 (see special_functions.py): the scaled functions from
(1/pi) * integral_0^pi exp(x (cos t - 1)) cos(n t) dt by the trapezoidal rule on 65 nodes
(exponentially accurate for this periodic integrand) up to |x| = 30, and by their
asymptotic series beyond. The gradients are written with these ops, so they nest.
"""
import numpy as np

from .arithmetic import add, divide, multiply, subtract
from .logic import equal
from . import bessel_float32, bessel_float64
from .operands import as_float_tensor, named_errors
from .selection import where
from .special_functions import _unary
from .unary import reciprocal, sign

_NODES = np.linspace(0, np.pi, 65)
_WEIGHTS = np.full(65, np.pi / 64)
_WEIGHTS[[0, -1]] /= 2


def _scaled_bessel_host(order, x):
    """exp(-|x|) I_order(x) for order 0 or 1."""
    x = np.asarray(x, np.float64)
    ax = np.abs(x)
    near = np.minimum(ax, 30.0)[..., None]
    integral = (np.exp(near * (np.cos(_NODES) - 1)) * np.cos(order * _NODES)) @ _WEIGHTS / np.pi
    far = np.maximum(ax, 30.0)
    term, series = np.ones(ax.shape), np.ones(ax.shape)
    for k in range(1, 25):
        term = term * -(4 * order * order - (2 * k - 1) ** 2) / (k * 8 * far)
        series = series + term
    value = np.where(ax <= 30, integral, series / np.sqrt(2 * np.pi * far))
    value = np.where(np.isinf(ax), 0.0, value)
    return value * np.sign(x) if order == 1 else value


def _scaled_for(order, t):
    """The host function for ``t``'s dtype: float32 takes Eigen's float32 series (TensorFlow's bits)."""
    if t._data.dtype == np.float32:
        return bessel_float32.i0e if order == 0 else bessel_float32.i1e
    if t._data.dtype == np.float64:
        return bessel_float64.i0e if order == 0 else bessel_float64.i1e
    return lambda a: _scaled_bessel_host(order, a)


@named_errors('bessel_i0e')
def bessel_i0e(x, name=None):
    """exp(-|x|) I0(x), the exponentially scaled modified Bessel function of order 0."""
    x = as_float_tensor(x, 'bessel_i0e')
    return _unary('bessel_i0e', x, _scaled_for(0, x),
                  lambda g, y, x: g * subtract(bessel_i1e(x), multiply(sign(x), y)), kernel='BesselI0e')


@named_errors('bessel_i1e')
def bessel_i1e(x, name=None):
    """exp(-|x|) I1(x), the exponentially scaled modified Bessel function of order 1."""
    def grad(g, y, x):
        # TF 2.21's _BesselI1eGrad: i0e(x) - y * (sign(x) + reciprocal(x)), 0.5 imputed at x == 0. Reciprocal,
        # not a division: its float32 kernel is VRCPPS's estimate and a Newton step on packets of 8 (an ulp off
        # the quotient for some x); unguarded, as TF's (NaN second derivative at 0)
        slope = subtract(bessel_i0e(x), multiply(y, add(sign(x), reciprocal(x))))
        return g * where(equal(x, 0), 0.5, slope)
    x = as_float_tensor(x, 'bessel_i1e')
    return _unary('bessel_i1e', x, _scaled_for(1, x), grad, kernel='BesselI1e')


@named_errors('bessel_i0')
def bessel_i0(x, name=None):
    """I0(x), the modified Bessel function of order 0 (its derivative is I1)."""
    x = as_float_tensor(x, 'bessel_i0')
    value = {np.float32: bessel_float32.i0, np.float64: bessel_float64.i0}.get(x._data.dtype.type) or (
        lambda a: _scaled_bessel_host(0, a) * np.exp(np.abs(a)))
    return _unary('bessel_i0', x, value, lambda g, y, x: g * bessel_i1(x), kernel='BesselI0')


@named_errors('bessel_i1')
def bessel_i1(x, name=None):
    """I1(x), the modified Bessel function of order 1 (its derivative is I0(x) - I1(x) / x)."""
    def grad(g, y, x):
        # TF 2.21's _BesselI1Grad imputes 1.0 at x == 0 (the true slope is 1/2) and divides by x unguarded:
        # its second derivative at 0 is NaN
        return g * where(equal(x, 0), 1.0, subtract(bessel_i0(x), divide(y, x)))
    x = as_float_tensor(x, 'bessel_i1')
    value = {np.float32: bessel_float32.i1, np.float64: bessel_float64.i1}.get(x._data.dtype.type) or (
        lambda a: _scaled_bessel_host(1, a) * np.exp(np.abs(a)))
    return _unary('bessel_i1', x, value, grad, kernel='BesselI1')
