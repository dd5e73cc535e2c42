"""tf.math.special.dawsn, expint, fresnel_cos, fresnel_sin and spence: functions defined by an integral.

Computed on the host in float64 (scipy is not a dependency), but dawsn:

- dawsn(x) = exp(-x^2) int_0^x exp(t^2) dt: TensorFlow's Cephes kernel in the tensor's dtype
  (cephes_dawsn.py), bit for bit;
- expint(x) = Ei(x): gamma + ln x + sum x^k / (k k!) up to 40, e^x / x sum k! / x^k beyond;
  nan for x < 0 and at inf, -inf at 0, as TensorFlow;
- fresnel_cos / sin(x) = int_0^x cos / sin(pi t^2 / 2) dt: Gauss-Legendre quadrature up to
  |x| = 5, the auxiliary functions' asymptotic series beyond (with TensorFlow's rounded phase, see
  _fresnel_host), and 1/2 past 36974.925 (where TensorFlow's kernel stops);
- spence(x) = int_1^x ln t / (1 - t) dt (the dilogarithm Li2(1 - x)): Gauss-Legendre on [0.5, 2],
  reached through Li2's reflection (x < 1/2) and inversion (x > 2) formulas; nan for x < 0 and at inf.

TensorFlow registers these five kernels for float32 and float64 only: float16 and bfloat16 raise
NotFoundError, as there.

Gradients are TensorFlow's (math_grad.py) and are written with framework ops, so they nest.
"""
import numpy as np

from . import cephes_dawsn
from .arithmetic import divide, subtract
from .logic import equal
from ..errors import InvalidArgumentError, NotFoundError
from .operands import as_float_tensor, named_errors
from .selection import where
from .special_functions import _unary
from .unary import cos, exp, log, sin, square

_EULER_GAMMA = 0.5772156649015329
_GL_NODES, _GL_WEIGHTS = np.polynomial.legendre.leggauss(128)


def _expint_host(x):
    x = np.asarray(x, np.float64)
    near = np.clip(x, 1e-300, 40.0)
    term, total = np.ones_like(near), np.zeros_like(near)    # x^k / k!
    for k in range(1, 200):
        term = term * near / k
        total += term / k
    series = _EULER_GAMMA + np.log(near) + total
    far = np.maximum(x, 40.0)
    term, asymptotic = np.ones_like(far), np.ones_like(far)
    for k in range(1, 40):
        term = term * k / far
        asymptotic += term
    with np.errstate(over='ignore'):
        large = np.exp(far) / far * asymptotic
    value = np.where(x <= 40, series, np.where(np.isinf(x), np.nan, large))      # TensorFlow: nan at inf
    return np.where(x < 0, np.nan, np.where(x == 0, -np.inf, value))


def _fresnel_host(x, dtype=np.float64):
    """(C(x), S(x)), with TensorFlow's phase rounding for |x| >= 1.6.

    There TensorFlow's kernel writes C = 1/2 + (f sin t - g cos t), S = 1/2 - (f cos t + g sin t) with
    the phase t = (pi/2) (x x) computed in the input's dtype: in float32 that phase is off by up to
    ~1e-3 radian at |x| ~ 100, which moves the result by far more than an ulp. So f and g are found
    in float64 and recombined with that same rounded phase.
    """
    x = np.asarray(x, np.float64)
    a = np.abs(x)
    near = np.minimum(a, 5.0)
    t = near[..., None] * ((_GL_NODES + 1) / 2)
    phase = (np.pi / 2) * (t * t)
    c_near = (np.cos(phase) @ _GL_WEIGHTS) * near / 2
    s_near = (np.sin(phase) @ _GL_WEIGHTS) * near / 2
    exact_phase = (np.pi / 2) * (a * a)
    f_near = (c_near - 0.5) * np.sin(exact_phase) + (0.5 - s_near) * np.cos(exact_phase)
    g_near = (0.5 - s_near) * np.sin(exact_phase) - (c_near - 0.5) * np.cos(exact_phase)
    far = np.maximum(a, 5.0)
    u = 1 / (np.pi * far * far) ** 2
    f_term, g_term = np.ones_like(far), np.ones_like(far)   # (4n-1)!! u^n and (4n+1)!! u^n, alternating
    f_sum, g_sum = np.ones_like(far), np.ones_like(far)
    for n in range(1, 40):
        f_term = -f_term * (4 * n - 3) * (4 * n - 1) * u
        g_term = -g_term * (4 * n - 1) * (4 * n + 1) * u
        f_sum += f_term
        g_sum += g_term
    f = np.where(a <= 5, f_near, f_sum / (np.pi * far))
    g = np.where(a <= 5, g_near, g_sum / (np.pi * np.pi * far ** 3))
    square = (a * a).astype(dtype)
    rounded_phase = (dtype(np.pi / 2) * square).astype(np.float64)
    c_far = 0.5 + f * np.sin(rounded_phase) - g * np.cos(rounded_phase)
    s_far = 0.5 - f * np.cos(rounded_phase) - g * np.sin(rounded_phase)
    c = np.where(a * a < 2.5625, c_near, np.where(a > 36974.925, 0.5, c_far))
    s = np.where(a * a < 2.5625, s_near, np.where(a > 36974.925, 0.5, s_far))
    return np.sign(x) * c, np.sign(x) * s


def _spence_on_half_to_two(x):
    """int_1^x ln t / (1 - t) dt for x in [0.5, 2]; t - 1 is formed directly so that ln t / (1 - t)
    keeps its precision near t = 1."""
    offset = (x - 1)[..., None] * ((_GL_NODES + 1) / 2)     # t - 1 at the nodes
    integrand = -np.log1p(offset) / np.where(offset == 0, 1.0, offset)
    integrand = np.where(offset == 0, -1.0, integrand)
    return (integrand @ _GL_WEIGHTS) * (x - 1) / 2


def _spence_host(x):
    x = np.asarray(x, np.float64)
    inverted = x > 2                                          # spence(x) = -spence(1/x) - ln(x)^2 / 2
    z = np.where(inverted, 1 / np.where(inverted, x, 1.0), x)
    reflected = z < 0.5                                       # spence(z) = pi^2/6 - ln z ln(1-z) - spence(1-z)
    w = np.where(reflected, 1 - z, z)
    w = np.where((w >= 0.5) & (w <= 2), w, 1.0)
    core = _spence_on_half_to_two(w)
    with np.errstate(divide='ignore', invalid='ignore'):
        log_product = np.where(z > 0, np.log(np.where(z > 0, z, 1.0)) * np.log1p(-z), 0.0)
        value = np.where(reflected, np.pi ** 2 / 6 - log_product - core, core)
        log_x = np.log(np.where(inverted, x, 1.0))
        value = np.where(inverted, -value - log_x * log_x / 2, value)
    value = np.where(x == 1, 0.0, value)      # Cephes' spence returns +0 at 1 (the quadrature's sum is -0.0)
    return np.where((x < 0) | np.isnan(x) | np.isposinf(x), np.nan, value)      # TensorFlow: nan at inf


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
        raise NotFoundError('%s: no %s kernel for dtype %s (TensorFlow registers it for float32 and float64 '
                            'only); cast x first, e.g. tf.cast(x, tf.float32)' % (op, kernel, t.dtype.name))
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
    return _unary('expint', _single_or_double(x, 'expint', 'Expint'),
                  _expint_host, lambda g, y, x: g * divide(exp(x), x))


@named_errors('fresnel_cos')
def fresnel_cos(x, name=None):
    """The Fresnel cosine integral int_0^x cos(pi t^2 / 2) dt."""
    t = _single_or_double(x, 'fresnel_cos', 'FresnelCos')
    return _unary('fresnel_cos', t, lambda a: _fresnel_host(a, t._data.dtype.type)[0],
                  lambda g, y, x: g * cos((np.pi / 2.) * square(x)))


@named_errors('fresnel_sin')
def fresnel_sin(x, name=None):
    """The Fresnel sine integral int_0^x sin(pi t^2 / 2) dt."""
    t = _single_or_double(x, 'fresnel_sin', 'FresnelSin')
    return _unary('fresnel_sin', t, lambda a: _fresnel_host(a, t._data.dtype.type)[1],
                  lambda g, y, x: g * sin((np.pi / 2.) * square(x)))


@named_errors('spence')
def spence(x, name=None):
    """Spence's function int_1^x ln t / (1 - t) dt (nan for x < 0; derivative ln x / (1 - x), -1 at 1)."""
    return _unary('spence', _single_or_double(x, 'spence', 'Spence'),
                  _spence_host,
                  lambda g, y, x: g * where(equal(x, 1.), -1.0, divide(log(x), subtract(1., x))))
