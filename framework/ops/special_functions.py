"""tf.math's special functions: erfc, erfinv, erfcinv, ndtri, lbeta, zeta, polygamma, igamma,
igammac, betainc and the modified Bessel functions bessel_i0, i0e, i1, i1e.

Values are computed on the host in float64 (scipy is not a dependency) and returned in
the input's dtype and on its device:

- the inverse error functions by Newton's method on math.erf / math.erfc, from Winitzki's
  closed-form approximation, in log space in the far tail;
- the Hurwitz zeta function by Euler-Maclaurin summation (10 terms, 7 Bernoulli corrections);
- the regularized incomplete gamma and beta functions by their power series and continued
  fractions (modified Lentz), each where it converges fast;
- the scaled Bessel functions from (1/pi) * integral_0^pi exp(x (cos t - 1)) cos(n t) dt by
  the trapezoidal rule (exponentially accurate for this periodic integrand) up to |x| = 30,
  and by their asymptotic series beyond.

Gradients are TensorFlow's and are written with framework ops, so they nest; where
TensorFlow registers none (zeta's and polygamma's order, betainc's a and b, igamma's a)
there is none here either.
"""
import math

import numpy as np

from .. import backend
from ..tensor import Tensor
from .arithmetic import add, divide, multiply, subtract
from .logic import equal
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, record
from .reductions import reduce_sum
from .selection import where
from .special_math import lgamma
from .unary import exp, log, log1p, sign, square

_SQRT_PI = math.sqrt(math.pi)
_erf = np.vectorize(math.erf, otypes=[np.float64])
_erfc = np.vectorize(math.erfc, otypes=[np.float64])
_lgamma = np.vectorize(lambda v: math.lgamma(v) if v > 0 else math.inf, otypes=[np.float64])


def _host(t):
    return np.asarray(backend.to_host(t._data), np.float64)


def _tensor(value, like):
    """A float64 host result as a Tensor of ``like``'s dtype, on its device."""
    xp = backend.array_module(like._data)
    return Tensor(xp.asarray(np.asarray(value).astype(like._data.dtype)))


def _unary(name, x, value, grad):
    t = as_float_tensor(x, name)
    with np.errstate(all='ignore'):
        out = _tensor(value(_host(t)), t)
    if ACTIVE:
        record(name, (t,), out, (grad,))
    return out


# ---- error function and its inverses ---------------------------------------------------------
def _winitzki(y):
    """erfinv(y) to about 2e-3 (Winitzki, 2008): the start of Newton's iterations."""
    a = 0.147
    log_term = np.log1p(-y * y)
    first = 2 / (np.pi * a) + log_term / 2
    return np.sign(y) * np.sqrt(np.sqrt(first * first - log_term / a) - first)


def _erfcinv_host(z):
    """x with erfc(x) = z, for z in [0, 2]; inf at 0, -inf at 2, nan outside."""
    z = np.asarray(z, np.float64)
    upper = z > 1
    w = np.where(upper, 2 - z, z)              # in (0, 1]: x >= 0 there (2 - z is exact for z > 1)
    inside = (w > 0) & (w <= 1)
    w_safe = np.where(inside, w, 0.5)
    tail = -np.log(w_safe)
    x = np.where(w_safe < 0.1, np.sqrt(np.maximum(tail - 0.5 * np.log(np.pi * np.maximum(tail, 1.0)), 0.0)),
                 _winitzki(1 - w_safe))
    for _ in range(8):       # Newton on log(erfc(x)) - log(w): quadratic, and safe in the far tail
        value = _erfc(x)
        slope = -2 / _SQRT_PI * np.exp(-x * x) / value
        x = x - (np.log(value) - np.log(w_safe)) / slope
    x = np.where(upper, -x, x)
    x = np.where(z == 0, np.inf, np.where(z == 2, -np.inf, x))
    return np.where((z < 0) | (z > 2) | np.isnan(z), np.nan, x)


def _erfinv_host(y):
    y = np.asarray(y, np.float64)
    small = np.abs(y) <= 0.5
    y_small = np.where(small, y, 0.0)
    x = _winitzki(y_small)
    for _ in range(5):       # Newton on erf near 0, where 1 - |y| would lose y's relative precision
        x = x - (_erf(x) - y_small) / (2 / _SQRT_PI * np.exp(-x * x))
    large = np.sign(y) * _erfcinv_host(np.where(small, 1.0, 1 - np.abs(y)))
    return np.where(small, x, large)


@named_errors('erfc')
def erfc(x, name=None):
    """The complementary error function 1 - erf(x), accurate where erf(x) is near 1."""
    return _unary('erfc', x, _erfc, lambda g, y, x: g * (-2 / _SQRT_PI) * exp(-square(x)))


@named_errors('erfinv')
def erfinv(x, name=None):
    """The inverse of erf on (-1, 1) (+-inf at +-1, nan outside)."""
    return _unary('erfinv', x, _erfinv_host, lambda g, y, x: g * (_SQRT_PI / 2) * exp(square(y)))


@named_errors('erfcinv')
def erfcinv(x, name=None):
    """The inverse of erfc on (0, 2) (inf at 0, -inf at 2, nan outside)."""
    return _unary('erfcinv', x, _erfcinv_host, lambda g, y, x: g * (-_SQRT_PI / 2) * exp(square(y)))


@named_errors('ndtri')
def ndtri(x, name=None):
    """The standard normal quantile: y with Phi(y) = x, on (0, 1) (-+inf at 0 and 1, nan outside)."""
    return _unary('ndtri', x, lambda p: -math.sqrt(2) * _erfcinv_host(2 * p),
                  lambda g, y, x: g * math.sqrt(2 * math.pi) * exp(square(y) / 2))


# ---- beta, zeta, polygamma -------------------------------------------------------------------
@named_errors('lbeta')
def lbeta(x, name=None):
    """log|B(x)| over the last axis: sum(lgamma(x), -1) - lgamma(sum(x, -1)) (0 for an empty axis).

    Raises:
        ValueError: a scalar x (there is no last axis).
    """
    t = as_float_tensor(x, 'lbeta')
    if t.ndim == 0:
        raise ValueError('lbeta: x must have rank >= 1 (the last axis holds the arguments), got a scalar')
    if t.shape[-1] == 0:
        return _tensor(np.zeros(t.shape[:-1]), t)
    return subtract(reduce_sum(lgamma(t), -1), lgamma(reduce_sum(t, -1)))


_BERNOULLI = [1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6]     # B_2, B_4, ..., B_14


def _zeta_host(s, q):
    """Hurwitz zeta sum_k (k + q)**-s for s > 1, by Euler-Maclaurin after 10 terms."""
    s, q = np.broadcast_arrays(np.asarray(s, np.float64), np.asarray(q, np.float64))
    n = 10
    total = np.zeros(s.shape)
    for k in range(n):
        total += (q + k) ** -s
    a = q + n
    total += a ** (1 - s) / (s - 1) + a ** -s / 2
    factor = s / a ** (s + 1)                    # s (s+1) ... (s+2j-2) / a**(s+2j-1), j = 1
    for j, bernoulli in enumerate(_BERNOULLI, 1):
        total += bernoulli / math.factorial(2 * j) * factor
        factor = factor * (s + 2 * j - 1) * (s + 2 * j) / (a * a)
    pole = (q <= 0) & (q == np.floor(q))
    total = np.where(s == 1, np.inf, total)
    total = np.where(pole, np.inf, total)
    return np.where((s < 1) | ((q <= 0) & ~pole & (s != np.floor(s))), np.nan, total)


def _same_float(name, t, *others):
    """``others`` as tensors of ``t``'s dtype; a float of another precision is refused, as TensorFlow."""
    out = []
    for value in others:
        data = getattr(value, '_data', value)
        kind = data.dtype if isinstance(data, (np.ndarray, np.generic)) or hasattr(data, '__cuda_array_interface__') \
            else t._data.dtype          # a list or a Python number takes the other argument's dtype
        if kind.kind == 'f' and kind != t._data.dtype:
            raise TypeError('%s: all arguments must have one dtype, got %s and %s; cast them first'
                            % (name, kind.name, t.dtype.name))
        out.append(as_tensor(value, name, dtype=t.dtype))
    return out


def _binary(name, a, b):
    t = as_float_tensor(b, name)
    (a,) = _same_float(name, t, a)
    return a, t


@named_errors('zeta')
def zeta(x, q, name=None):
    """The Hurwitz zeta function sum over k >= 0 of (k + q) ** -x (x > 1; inf at x = 1 and at q = 0, -1, ...).
    The gradient is for q only: -x * zeta(x + 1, q)."""
    x, q = _binary('zeta', x, q)
    with np.errstate(all='ignore'):
        out = _tensor(_zeta_host(_host(x), _host(q)), q)
    if ACTIVE:
        record('zeta', (x, q), out, (None, lambda g, y, x, q: g * -x * zeta(x + 1, q)))
    return out


def _polygamma_host(n, x):
    from .special_math import _digamma
    n, x = np.broadcast_arrays(n, x)
    order = np.where(n >= 1, n, 1)
    factorial = np.vectorize(lambda k: math.gamma(k + 1), otypes=[np.float64])(order)
    value = np.where(order % 2 == 1, 1.0, -1.0) * factorial * _zeta_host(order + 1, x)
    value = np.where(n == 0, _digamma(x), value)
    return np.where((n < 0) | (n != np.floor(n)), np.nan, value)


@named_errors('polygamma')
def polygamma(a, x, name=None):
    """The a-th derivative of digamma at x (a a non-negative integer value; nan otherwise).
    The gradient is for x only: polygamma(a + 1, x)."""
    a, x = _binary('polygamma', a, x)
    with np.errstate(all='ignore'):
        out = _tensor(_polygamma_host(_host(a), _host(x)), x)
    if ACTIVE:
        record('polygamma', (a, x), out, (None, lambda g, y, a, x: g * polygamma(a + 1, x)))
    return out


# ---- incomplete gamma and beta ---------------------------------------------------------------
_ITERATIONS = 600
_TINY = 1e-300


def _igamma_host(a, x):
    """(P, Q): the regularized lower and upper incomplete gamma functions."""
    a, x = np.broadcast_arrays(np.asarray(a, np.float64), np.asarray(x, np.float64))
    valid = (a > 0) & (x >= 0)
    a_ = np.where(valid, a, 1.0)
    x_ = np.where(valid, x, 1.0)
    with np.errstate(all='ignore'):
        front = np.exp(a_ * np.log(np.where(x_ > 0, x_, 1.0)) - x_ - _lgamma(a_))
        # P by its series where x < a + 1.
        term = 1 / a_
        total = term.copy()
        for k in range(1, _ITERATIONS):
            term = term * x_ / (a_ + k)
            total = total + term
        series = front * total
        # Q by its continued fraction elsewhere (modified Lentz).
        b = x_ + 1 - a_
        c = np.full(a_.shape, 1 / _TINY)
        d = 1 / np.where(b == 0, _TINY, b)
        h = d.copy()
        for i in range(1, _ITERATIONS):
            an = -i * (i - a_)
            b = b + 2
            d = an * d + b
            d = 1 / np.where(np.abs(d) < _TINY, _TINY, d)
            c = b + an / np.where(np.abs(c) < _TINY, _TINY, c)
            h = h * d * c
        fraction = front * h
    use_series = x_ < a_ + 1
    p = np.where(use_series, series, 1 - fraction)
    q = np.where(use_series, 1 - series, fraction)
    p = np.where(x_ == 0, 0.0, np.where(np.isinf(x_), 1.0, p))
    q = np.where(x_ == 0, 1.0, np.where(np.isinf(x_), 0.0, q))
    return np.where(valid, p, np.nan), np.where(valid, q, np.nan)


def _gamma_density(a, x):
    """d P(a, x) / dx = exp(-x + (a - 1) log x - lgamma(a))."""
    return exp(subtract(subtract(multiply(subtract(a, 1.0), log(x)), x), lgamma(a)))


@named_errors('igamma')
def igamma(a, x, name=None):
    """The regularized lower incomplete gamma function P(a, x) (a > 0, x >= 0; nan elsewhere).
    The gradient is for x (TensorFlow's for a is not provided here)."""
    a, x = _binary('igamma', a, x)
    out = _tensor(_igamma_host(_host(a), _host(x))[0], x)
    if ACTIVE:
        record('igamma', (a, x), out, (None, lambda g, y, a, x: g * _gamma_density(a, x)))
    return out


@named_errors('igammac')
def igammac(a, x, name=None):
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x), accurate where P is near 1.
    The gradient is for x (TensorFlow's for a is not provided here)."""
    a, x = _binary('igammac', a, x)
    out = _tensor(_igamma_host(_host(a), _host(x))[1], x)
    if ACTIVE:
        record('igammac', (a, x), out, (None, lambda g, y, a, x: -g * _gamma_density(a, x)))
    return out


def _beta_fraction(a, b, x):
    """The continued fraction of I_x(a, b) (modified Lentz), converging fast for x < (a + 1) / (a + b + 2)."""
    c = np.ones(a.shape)
    d = 1 - (a + b) * x / (a + 1)
    d = 1 / np.where(np.abs(d) < _TINY, _TINY, d)
    h = d.copy()
    for m in range(1, _ITERATIONS):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / np.where(np.abs(d) < _TINY, _TINY, d)
            c = 1 + numerator / np.where(np.abs(c) < _TINY, _TINY, c)
            h = h * d * c
    return h


def _betainc_host(a, b, x):
    a, b, x = np.broadcast_arrays(*(np.asarray(v, np.float64) for v in (a, b, x)))
    valid = (a > 0) & (b > 0) & (x >= 0) & (x <= 1)
    a_, b_ = np.where(valid, a, 1.0), np.where(valid, b, 1.0)
    x_ = np.where(valid & (x > 0) & (x < 1), x, 0.5)
    with np.errstate(all='ignore'):
        log_front = a_ * np.log(x_) + b_ * np.log1p(-x_) - (_lgamma(a_) + _lgamma(b_) - _lgamma(a_ + b_))
        flip = x_ > (a_ + 1) / (a_ + b_ + 2)
        direct = np.exp(log_front) * _beta_fraction(a_, b_, x_) / a_
        mirrored = 1 - np.exp(log_front) * _beta_fraction(b_, a_, 1 - x_) / b_
    value = np.where(flip, mirrored, direct)
    value = np.where(x == 0, 0.0, np.where(x == 1, 1.0, value))
    return np.where(valid, value, np.nan)


@named_errors('betainc')
def betainc(a, b, x, name=None):
    """The regularized incomplete beta function I_x(a, b) (a, b > 0, 0 <= x <= 1; nan elsewhere).
    The gradient is for x only, x**(a-1) (1-x)**(b-1) / B(a, b), as TensorFlow's."""
    t = as_float_tensor(x, 'betainc')
    a, b = _same_float('betainc', t, a, b)
    out = _tensor(_betainc_host(_host(a), _host(b), _host(t)), t)
    if ACTIVE:
        def density(g, y, a, b, x):
            log_beta = subtract(add(lgamma(a), lgamma(b)), lgamma(add(a, b)))
            return g * exp(subtract(add(multiply(subtract(a, 1.0), log(x)), multiply(subtract(b, 1.0), log1p(-x))),
                                    log_beta))
        record('betainc', (a, b, t), out, (None, None, density))
    return out


# ---- modified Bessel functions of the first kind ---------------------------------------------
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


@named_errors('bessel_i0e')
def bessel_i0e(x, name=None):
    """exp(-|x|) I0(x), the exponentially scaled modified Bessel function of order 0."""
    return _unary('bessel_i0e', x, lambda a: _scaled_bessel_host(0, a),
                  lambda g, y, x: g * subtract(bessel_i1e(x), multiply(sign(x), y)))


@named_errors('bessel_i1e')
def bessel_i1e(x, name=None):
    """exp(-|x|) I1(x), the exponentially scaled modified Bessel function of order 1."""
    def grad(g, y, x):
        zero = equal(x, 0)
        safe = where(zero, 1.0, x)
        slope = subtract(bessel_i0e(x), multiply(y, add(sign(x), divide(1.0, safe))))
        return g * where(zero, 0.5, slope)
    return _unary('bessel_i1e', x, lambda a: _scaled_bessel_host(1, a), grad)


@named_errors('bessel_i0')
def bessel_i0(x, name=None):
    """I0(x), the modified Bessel function of order 0 (its derivative is I1)."""
    return _unary('bessel_i0', x, lambda a: _scaled_bessel_host(0, a) * np.exp(np.abs(a)),
                  lambda g, y, x: g * bessel_i1(x))


@named_errors('bessel_i1')
def bessel_i1(x, name=None):
    """I1(x), the modified Bessel function of order 1 (its derivative is I0(x) - I1(x) / x, 1/2 at 0)."""
    def grad(g, y, x):
        zero = equal(x, 0)
        return g * where(zero, 0.5, subtract(bessel_i0(x), divide(y, where(zero, 1.0, x))))
    return _unary('bessel_i1', x, lambda a: _scaled_bessel_host(1, a) * np.exp(np.abs(a)), grad)
