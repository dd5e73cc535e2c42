"""tf.math.special.dawsn, expint, fresnel_cos, fresnel_sin and spence: functions defined by an integral.

Their values are TensorFlow's Cephes kernels replayed in the tensor's dtype, bit for bit
(cephes_dawsn.py; cephes_integrals.py for expint, fresnel_cos / fresnel_sin and spence).

TensorFlow registers these five kernels for float32 and float64 only: float16 and bfloat16 raise
NotFoundError, as there.

Gradients are TensorFlow's (math_grad.py) and are written with framework ops, so they nest.
"""
import numpy as np

from . import cephes_dawsn, cephes_integrals
from .arithmetic import divide, subtract
from .logic import equal
from ..errors import InvalidArgumentError
from .operands import as_float_tensor, named_errors
from .selection import where
from .missing_kernels import refuse_missing
from .special_functions import _unary
from .unary import cos, exp, log, sin, square


def as_real_float_tensor(x, op):
    """A float tensor; complex ones are refused with TensorFlow's InvalidArgumentError (outside T's list)."""
    t = as_float_tensor(x, op)
    if t._data.dtype.kind == 'c':
        raise InvalidArgumentError('%s: expected a real floating-point tensor, got dtype %s (shape %s)'
                                   % (op, t.dtype.name, tuple(t.shape)))
    return t


def _single_or_double(x, op, kernel):
    t = as_real_float_tensor(x, op)
    if t._data.dtype not in (np.float32, np.float64):
        refuse_missing(t, kernel, op)       # TF 2.21's NotFoundError, its registered kernels listed
    return t


@named_errors('dawsn')
def dawsn(x, name=None):
    """Dawson's integral exp(-x^2) int_0^x exp(t^2) dt (its derivative is 1 - 2 x dawsn(x))."""
    t = _single_or_double(x, 'dawsn', 'Dawsn')
    return _unary('dawsn', t, lambda a: cephes_dawsn.dawsn(a.astype(t._data.dtype)),
                  lambda g, y, x: g * (1. - 2 * x * y))


@named_errors('expint')
def expint(x, name=None):
    """The exponential integral Ei(x) (nan for x < 0, -inf at 0; its derivative is e^x / x)."""
    t = _single_or_double(x, 'expint', 'Expint')
    return _unary('expint', t, lambda a: cephes_integrals.expint(a.astype(t._data.dtype)),
                  lambda g, y, x: divide(g * exp(x), x))      # TF's grad * exp(x) / x, in that order


@named_errors('fresnel_cos')
def fresnel_cos(x, name=None):
    """The Fresnel cosine integral int_0^x cos(pi t^2 / 2) dt."""
    t = _single_or_double(x, 'fresnel_cos', 'FresnelCos')
    return _unary('fresnel_cos', t, lambda a: cephes_integrals.fresnel(a.astype(t._data.dtype))[0],
                  lambda g, y, x: g * cos((np.pi / 2.) * square(x)))


@named_errors('fresnel_sin')
def fresnel_sin(x, name=None):
    """The Fresnel sine integral int_0^x sin(pi t^2 / 2) dt."""
    t = _single_or_double(x, 'fresnel_sin', 'FresnelSin')
    return _unary('fresnel_sin', t, lambda a: cephes_integrals.fresnel(a.astype(t._data.dtype))[1],
                  lambda g, y, x: g * sin((np.pi / 2.) * square(x)))


@named_errors('spence')
def spence(x, name=None):
    """Spence's function int_1^x ln t / (1 - t) dt (nan for x < 0; derivative ln x / (1 - x), -1 at 1)."""
    t = _single_or_double(x, 'spence', 'Spence')
    return _unary('spence', t, lambda a: cephes_integrals.spence(a.astype(t._data.dtype)),
                  lambda g, y, x: g * where(equal(x, 1.), -1.0, divide(log(x), subtract(1., x))))
