"""tf.math.igamma, igammac and betainc: the regularized incomplete gamma and beta functions.

Computed on the host in float64 (see special_functions.py): P(a, x) by its power series
where x < a + 1 and Q(a, x) by its continued fraction elsewhere; I_x(a, b) by its continued
fraction, through I_x(a, b) = 1 - I_{1-x}(b, a) where x > (a + 1) / (a + b + 2). The continued
fractions run the modified Lentz algorithm for a fixed number of steps, all elements at once.
igamma's gradient for a differentiates its series term by term; betainc has gradients for x
only (TensorFlow has none for a and b).
"""
import numpy as np

from ..errors import kernel_error
from ..tensor import Tensor
from . import eigen_betainc, eigen_igamma, eigen_igamma_grad_a
from .arithmetic import add, multiply, subtract
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, record
from .missing_kernels import refuse_missing, refuse_unregistered
from .special_functions import _binary, _host, _lgamma, _same_float, _tensor
from .safe_math import xlog1py, xlogy
from .special_math import lgamma
from .unary import exp, log, log1p

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


def _igamma_da_host(a, x):
    """d P(a, x) / da = sum_n t_n (log x - psi(a + n + 1)), t_n = x**(a+n) exp(-x) / Gamma(a + n + 1),
    the series of P differentiated term by term (run to n = x + 12 sqrt(x) + 60, where the
    terms have died out; beyond x = 20000 the rest is dropped)."""
    from .special_math import _digamma
    a, x = np.broadcast_arrays(np.asarray(a, np.float64), np.asarray(x, np.float64))
    valid = (a > 0) & (x > 0) & np.isfinite(x)
    a_, x_ = np.where(valid, a, 1.0), np.where(valid, x, 1.0)
    with np.errstate(all='ignore'):
        log_x = np.log(x_)
        term = np.exp(a_ * log_x - x_ - _lgamma(a_ + 1))
        psi = _digamma(a_ + 1)
        total = term * (log_x - psi)
        top = float(x_.max(initial=0.0))
        for n in range(1, int(min(top + 12 * np.sqrt(top) + 60, 20000))):
            term = term * x_ / (a_ + n)
            psi = psi + 1 / (a_ + n)
            total = total + term * (log_x - psi)
    out = np.where(valid, total, 0.0)
    return np.where((a <= 0) | (x < 0) | np.isnan(a) | np.isnan(x), np.nan, out)


def _igamma_da(g, a, x, sign):
    """The gradient for a: g times TensorFlow's IgammaGradA kernel, which registers no gradient
    (a second derivative reaching it raises LookupError, as TF 2.21)."""
    from .unregistered_gradient import without_gradient
    return g * without_gradient('IgammaGradA', lambda a, x: _igamma_da_tensor(a, x, sign), a, x)


def _igamma_da_tensor(a, x, sign):
    """IgammaGradA's values (times ``sign``): TF's kernel replayed where it applies (eigen_igamma_grad_a.py)."""
    if eigen_igamma.handles(a._data, x._data):
        derivative = eigen_igamma_grad_a.igamma_grad_a(a._data, x._data)
        return Tensor(-derivative if sign < 0 else derivative)
    return _tensor(sign * _igamma_da_host(_host(a), _host(x)), x)


def _gamma_density(a, x):
    """d P(a, x) / dx = exp(-x + (a - 1) log x - lgamma(a))."""
    return exp(subtract(subtract(multiply(subtract(a, 1.0), log(x)), x), lgamma(a)))


def _kernel_values(a, x, upper):
    """P(a, x) (``upper``: Q) in x's dtype: TF's kernel replayed (eigen_igamma.py) where it applies,
    else the float64 host functions rounded once."""
    if eigen_igamma.handles(a._data, x._data):
        return Tensor(eigen_igamma.igamma(a._data, x._data, upper))
    return _tensor(_igamma_host(_host(a), _host(x))[1 if upper else 0], x)


@named_errors('igamma', passes_name=True)
def igamma(a, x, name=None):
    """The regularized lower incomplete gamma function P(a, x) (a > 0, x >= 0; nan elsewhere).
    Gradients for both: for x the gamma density, for a the differentiated series."""
    a, x = _binary('igamma', a, x)
    refuse_missing(x, 'Igamma', 'igamma')       # no half kernels on CPU (TF 2.21's NotFoundError)
    out = _kernel_values(a, x, False)
    if ACTIVE:
        record('igamma', (a, x), out, (lambda g, y, a, x: _igamma_da(g, a, x, 1.0),
                                        lambda g, y, a, x: g * _gamma_density(a, x)))
    return out


@named_errors('igammac', passes_name=True)
def igammac(a, x, name=None):
    """The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x), accurate where P is near 1.
    Gradients for both, those of igamma negated."""
    a, x = _binary('igammac', a, x)
    refuse_missing(x, 'Igammac', 'igammac')
    out = _kernel_values(a, x, True)
    if ACTIVE:
        record('igammac', (a, x), out, (lambda g, y, a, x: _igamma_da(g, a, x, -1.0),
                                         lambda g, y, a, x: -g * _gamma_density(a, x)))
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


def _same_shapes_or_scalars(named):
    """TensorFlow's Betainc broadcasts only scalars: other shapes must all equal the first non-scalar's."""
    shaped = [(n, tuple(t.shape)) for n, t in named if t.ndim]
    for n, shape in shaped[1:]:
        if shape != shaped[0][1]:
            raise kernel_error('Betainc', 'Shapes of %s and %s are inconsistent: [%s] vs. [%s]'
                               % (shaped[0][0], n, ','.join(map(str, shaped[0][1])), ','.join(map(str, shape))),
                               named=True, note='betainc: a, b and x must have one shape (or be scalars), got %s'
                                                % ', '.join('%s %s' % (n, s) for n, s in shaped))


@named_errors('betainc')
def betainc(a, b, x, name=None):
    """The regularized incomplete beta function I_x(a, b) (a, b > 0, 0 <= x <= 1; nan elsewhere).
    The gradient is for x only, x**(a-1) (1-x)**(b-1) / B(a, b), as TensorFlow's."""
    lead = next((v for v in (a, b) if isinstance(v, Tensor)), None)
    if type(x) in (float, int) and lead is not None:
        # TF's generated wrapper takes T from the first tensor: betainc(a, b, 0.4) of float64 a is float64
        x = as_tensor(x, 'betainc', dtype=lead.dtype)
    t = as_float_tensor(x, 'betainc')
    a, b = _same_float('betainc', t, a, b)
    refuse_unregistered(t, 'Betainc', 'betainc')      # float and double only, the op registry's check first
    _same_shapes_or_scalars((('a', a), ('b', b), ('x', t)))
    if eigen_betainc.handles(a._data, b._data, t._data):        # TF's kernel, bit for bit
        out = Tensor(eigen_betainc.betainc(a._data, b._data, t._data))
    else:
        out = _tensor(_betainc_host(_host(a), _host(b), _host(t)), t)
    if ACTIVE:
        def density(g, y, a, b, x):
            log_beta = subtract(add(lgamma(a), lgamma(b)), lgamma(add(a, b)))
            # TF's _BetaincGrad: xlog1py / xlogy (0 where b == 1 / a == 1, and their zero partials there)
            return g * exp(subtract(add(xlog1py(subtract(b, 1.0), -x), xlogy(subtract(a, 1.0), x)), log_beta))
        record('betainc', (a, b, t), out, (None, None, density))
    return out
