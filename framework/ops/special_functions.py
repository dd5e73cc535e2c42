"""tf.math's special functions: erfc, erfinv, erfcinv, ndtri, lbeta, zeta, polygamma (and, in
incomplete_gamma_beta.py and bessel.py, igamma, igammac, betainc and bessel_i0, i0e, i1, i1e).

Values are computed on the host in float64 (scipy is not a dependency) and returned in
the input's dtype and on its device:

- the inverse error functions by Newton's method on math.erf / math.erfc, from Winitzki's
  closed-form approximation, in log space in the far tail;
- the Hurwitz zeta function by Euler-Maclaurin summation (10 terms, 7 Bernoulli corrections), or
  Eigen's own steps (eigen_zeta.py, TF's bits) on the float32 / float64 arrays the exact-math mode covers;

Gradients are TensorFlow's and are written with framework ops, so they nest; where
TensorFlow registers none (zeta's x, polygamma's order) there is none here either.
"""
import math

import numpy as np

from .. import backend
from ..dtypes import of_numpy
from . import eigen_math, eigen_math64, eigen_ndtri, eigen_ndtri64, eigen_zeta
from ..errors import noted
from ..tensor import Tensor
from .arithmetic import subtract
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, record
from .missing_kernels import refuse_missing, refuse_unregistered
from .reductions import reduce_sum
from .special_math import lgamma
from .unary import exp, square
from .graph_input_errors import eager_input_error, input_mismatch

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


def _unary(name, x, value, grad, kernel=None, float32=None, float64=None):
    """``value`` of the float64 host copy, in x's dtype; ``float32`` / ``float64`` (TensorFlow's kernel, bit for
    bit) instead on the float32 / float64 arrays the exact-math mode covers."""
    t = as_float_tensor(x, name)
    if kernel is not None:          # a kernel without a half one on CPU (TF 2.21's NotFoundError)
        refuse_missing(t, kernel, name)
    with np.errstate(all='ignore'):
        if float32 is not None and eigen_math.handles(t._data):
            out = Tensor(float32(t._data))
        elif float64 is not None and eigen_math64.handles(t._data):
            out = Tensor(float64(t._data))
        else:
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
    x = np.where(z == 1, -0.0, x)             # TF's -ndtri(z / 2) / sqrt(2): ndtri(0.5) is +0, so -0 here
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


@named_errors('erfc', passes_name=True)
def erfc(x, name=None):
    """The complementary error function 1 - erf(x), accurate where erf(x) is near 1. float32 and float64
    take TensorFlow's kernel (Eigen's generic_fast_erfc, eigen_math.erfc / eigen_math64.erfc) where the
    exact-math mode covers the array: tf.nn.gelu is 0.5 * x * erfc(-x / sqrt(2))."""
    t = as_float_tensor(x, 'erfc')
    out = Tensor(_erfc_value(t._data))
    if ACTIVE:
        record('erfc', (t,), out, (_erfc_grad,))
    return out


def _erfc_value(a):
    if eigen_math.handles(a):
        return eigen_math.erfc(a)
    if eigen_math64.handles(a):
        return eigen_math64.erfc(a)
    if backend.is_device_array(a):
        from cupyx.scipy.special import erfc as cupy_erfc
        return cupy_erfc(a)
    wide = np.asarray(a, np.float64)
    try:        # scipy's loop, where installed: math.erfc element by element costs ~100x more
        from scipy.special import erfc as scipy_erfc
    except ImportError:
        return _erfc(wide).astype(a.dtype)
    return scipy_erfc(wide).astype(a.dtype)


def _erfc_grad(g, y, x):
    return g * (-2 / _SQRT_PI) * exp(-square(x))         # TensorFlow's order: (g * c) * exp(-x**2)


@named_errors('erfinv')
def erfinv(x, name=None):
    """The inverse of erf on (-1, 1) (+-inf at +-1, nan outside)."""
    return _unary('erfinv', x, _erfinv_host, lambda g, y, x: g * (_SQRT_PI / 2) * exp(square(y)), 'Erfinv',
                  float32=_erfinv_float32, float64=eigen_ndtri64.erfinv)


def _erfinv_float32(a):
    """TensorFlow's float32 erfinv (Eigen's): ndtri((x + 1) * 0.5) * sqrt(1/2), each step rounded."""
    return eigen_ndtri.ndtri((a + np.float32(1)) * np.float32(0.5)) * np.float32(math.sqrt(0.5))


@named_errors('erfcinv')
def erfcinv(x, name=None):
    """The inverse of erfc on (0, 2) (inf at 0, -inf at 2, nan outside): TF 2.21's -ndtri(0.5 * x) * sqrt(1/2),
    op by op, so that its gradient is NdtriGrad's steps at ndtri's output (one rule at erfcinv's output,
    -sqrt(pi) / 2 * exp(y**2), rounded differently: ~3/4 of float32 and 1/5 of float64 gradients were an ulp off)."""
    from .arithmetic import multiply, negative
    t = as_tensor(x, 'erfcinv')
    if t._data.dtype.kind in 'iubOS':      # TF's 0.5 * x meets the integer, bool or string tensor first
        raise noted(TypeError('Cannot convert 0.5 to EagerTensor of dtype %s' % t.dtype.name),
                    'erfcinv: expected a floating-point tensor, got dtype %s; cast it first' % t.dtype.name)
    t = as_float_tensor(t, 'erfcinv')
    refuse_missing(t, 'Ndtri', 'erfcinv')
    return multiply(negative(ndtri(multiply(0.5, t))), math.sqrt(0.5))


@named_errors('ndtri')
def ndtri(x, name=None):
    """The standard normal quantile: y with Phi(y) = x, on (0, 1) (-+inf at 0 and 1, nan outside)."""
    return _unary('ndtri', x, lambda p: -math.sqrt(2) * _erfcinv_host(2 * p) + 0.0,     # + 0.0: +0 at 0.5
                  lambda g, y, x: g * math.sqrt(2 * math.pi) * exp(square(y) / 2), 'Ndtri', float32=eigen_ndtri.ndtri,
                  float64=eigen_ndtri64.ndtri)


# ---- beta, zeta, polygamma -------------------------------------------------------------------
@named_errors('lbeta')
def lbeta(x, name=None):
    """log|B(x)| over the last axis: sum(lgamma(x), -1) - lgamma(sum(x, -1)), TF 2.21's composition: an
    empty axis gives 0 - lgamma(0) = -inf, and a scalar fails in its Sum ('Invalid reduction dimension')."""
    t = as_float_tensor(x, 'lbeta')
    return subtract(reduce_sum(lgamma(t), [-1]), lgamma(reduce_sum(t, [-1])))


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
    """``others`` as tensors of ``t``'s dtype; a float of another precision is refused, as TensorFlow, and so
    is an integer or bool array or tensor (numpy would cast it): the first argument's dtype is the kernel's
    attr T, a later one fails the kernel's input check."""
    out = []
    for position, value in enumerate(others):
        data = getattr(value, '_data', value)
        kind = data.dtype if isinstance(data, (np.ndarray, np.generic)) or hasattr(data, '__cuda_array_interface__') \
            else t._data.dtype          # a list or a Python number takes the other argument's dtype
        if kind.kind in 'OSU' and position == 0 and not isinstance(value, Tensor):
            # TF converts a string array beside float x with the float's dtype: numpy's words leak
            error = ValueError('Failed to convert a NumPy array to a Tensor (Unsupported object type float).')
            error.add_note('%s: expected a float array, got strings (dtype %s)' % (name, kind))
            raise error
        if kind.kind in 'iubcOSU' and (position == 0 or isinstance(value, Tensor)):
            raise _not_float(name, position, kind, t)      # (a later numpy array converts to T, as in TF)
        if kind.kind == 'f' and kind != t._data.dtype:
            note = '%s: all arguments must have one dtype, got %s and %s; cast them first' % (name, kind.name,
                                                                                              t.dtype.name)
            if not isinstance(value, Tensor):
                raise TypeError(note)
            raise _precision_mismatch(name, list(others) + [t], note)
        out.append(as_tensor(value, name, dtype=t.dtype))
    return out


def _precision_mismatch(name, inputs, note):
    """TF's kernel input check for float tensors of two precisions: the first input fixes T, the first
    later one of another dtype is named (``inputs`` in the kernel's order)."""
    from . import float_kernels
    first = getattr(inputs[0], '_data', np.asarray(inputs[0])).dtype
    index, other = next((i, x._data.dtype) for i, x in enumerate(inputs)
                        if isinstance(x, Tensor) and x._data.dtype != first)
    error = eager_input_error(float_kernels.KERNELS[name][0], index, first, other)
    error.add_note(note)
    return error


def _not_float(name, position, kind, t):
    from . import float_kernels
    dtype = of_numpy(kind).name
    if position == 0:
        error = float_kernels.refusal(name, dtype)
    else:
        kernel = float_kernels.KERNELS[name][0]
        error = eager_input_error(kernel, position, t.dtype, dtype)
    error.add_note('%s: the arguments must be floating-point tensors of one dtype, got %s; cast it first'
                   % (name, dtype))
    return error


def _binary(name, a, b):
    if isinstance(a, Tensor) and isinstance(b, Tensor) and a._data.dtype.kind == 'f' \
            and b._data.dtype.kind not in 'fV':
        # T is the first tensor's float dtype: a second of integers, bools or strings fails the kernel's input #1
        # check (TF 2.21: 'cannot compute Zeta as input #1(zero-based) was expected to be a float tensor but is a
        # int32 tensor'; a graph's op_def_library TypeError), not the registry (another float: _same_float)
        kernel = name.capitalize()
        raise noted(input_mismatch(eager_input_error(kernel, 1, a._data.dtype, b._data.dtype), kernel, 1,
                                   a._data.dtype, b._data.dtype),
                    '%s: both arguments must have one float dtype, got %s and %s; cast them first'
                    % (name, a.dtype.name, b.dtype.name))
    if isinstance(a, Tensor) and not isinstance(b, Tensor):
        # TF's generated wrapper takes T from the first tensor: zeta(x, 2) of a float64 x is float64
        b = as_tensor(b, name, dtype=a.dtype)
    elif type(a) in (float, int) and isinstance(b, Tensor):
        a = as_tensor(a, name, dtype=b.dtype)        # (1.5 beside an int32 tensor: a conversion error first)
    t = as_float_tensor(b, name)
    (a,) = _same_float(name, t, a)
    return a, t


def _eigen_computes(t):
    """Whether eigen_zeta computes on ``t``'s dtype: host float32 / float64 arrays of the sizes the exact-math
    mode covers (it calls the C library a value at a time)."""
    a = t._data
    return type(a) in (np.ndarray, np.float32, np.float64) and a.dtype in (np.float32, np.float64) \
        and eigen_math.exact_elementwise(a.size)     # (numpy scalars: a whole-tensor mean's value)


@named_errors('zeta', passes_name=True)
def zeta(x, q, name=None):
    """The Hurwitz zeta function sum over k >= 0 of (k + q) ** -x (x > 1; inf at x = 1 and at q = 0, -1, ...).
    The gradient is for q only: -x * zeta(x + 1, q)."""
    x, q = _binary('zeta', x, q)
    refuse_unregistered(q, 'Zeta', 'zeta')      # float and double only (TF 2.21's registry error for halves)
    if _eigen_computes(q):
        out = Tensor(eigen_zeta.zeta(x._data, q._data))
    else:
        with np.errstate(all='ignore'):
            out = _tensor(_zeta_host(_host(x), _host(q)), q)
    if ACTIVE:
        # TF's _ZetaGrad: partial_q = -x * zeta(x + 1, q), then partial_q * grad (g * -x first rounded differently)
        record('zeta', (x, q), out, (None, lambda g, y, x, q: (-x * zeta(x + 1, q)) * g))
    return out


def _polygamma_host(n, x):
    from .special_math import _digamma
    n, x = np.broadcast_arrays(n, x)
    order = np.where(n >= 1, n, 1)
    factorial = np.vectorize(lambda k: math.gamma(k + 1), otypes=[np.float64])(order)
    value = np.where(order % 2 == 1, 1.0, -1.0) * factorial * _zeta_host(order + 1, x)
    value = np.where(n == 0, _digamma(x), value)
    return np.where((n < 0) | (n != np.floor(n)), np.nan, value)


@named_errors('polygamma', passes_name=True)
def polygamma(a, x, name=None):
    """The a-th derivative of digamma at x (a a non-negative integer value; nan otherwise).
    The gradient is for x only: polygamma(a + 1, x)."""
    a, x = _binary('polygamma', a, x)
    refuse_unregistered(x, 'Polygamma', 'polygamma')
    if _eigen_computes(x):
        from .special_math import _digamma_value
        out = Tensor(eigen_zeta.polygamma(a._data, x._data, lambda v: _digamma_value(np, v)))
    else:
        with np.errstate(all='ignore'):
            out = _tensor(_polygamma_host(_host(a), _host(x)), x)
    if ACTIVE:
        record('polygamma', (a, x), out, (None, lambda g, y, a, x: g * polygamma(a + 1, x)))
    return out
