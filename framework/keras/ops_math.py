"""``keras.ops`` elementwise math and reductions, under Keras 3's names and defaults.

Each function adapts arguments (Keras 3 dtype promotion, ``axis=None`` meaning
every element) and calls tapeflow's op, so gradients flow through GradientTape.
"""
import math as _math

import numpy as np

from framework import ops as _ops
from framework.errors import InvalidArgumentError
from framework.ops.bias_add_kernel import add_bias, bias_add_nchw
from framework.tensor import Tensor as _Tensor
from framework.variable import Variable as _Variable
from .ops_arguments import axis_of
from .ops_dtypes import (cast_all, converted_float_pair, float_pair, float_result_dtype, floating, floating_weak,
                         floatx_dtype, numeric, pair, summable, tensor)
from .ops_norm import norm  # noqa: F401  (Keras 3's rules: its own file)

_CONCRETE = (_Tensor, _Variable)

__all__ = ['abs', 'absolute', 'add', 'all', 'any', 'arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctan2',
           'arctanh', 'argmax', 'argmin', 'average', 'ceil', 'cos', 'cosh', 'count_nonzero', 'cumprod',
           'cumsum', 'divide', 'equal', 'erf', 'exp', 'exp2', 'expm1', 'floor', 'floor_divide', 'greater',
           'greater_equal', 'isfinite', 'isinf', 'isnan', 'less', 'less_equal', 'log', 'log10', 'log1p',
           'log2', 'logical_and', 'logical_not', 'logical_or', 'logical_xor', 'logsumexp', 'max', 'maximum',
           'mean', 'min', 'minimum', 'mod', 'multiply', 'negative', 'norm', 'not_equal', 'power', 'prod',
           'reciprocal', 'round', 'rsqrt', 'sign', 'sin', 'sinh', 'sqrt', 'square', 'std', 'subtract', 'sum',
           'tan', 'tanh', 'true_divide', 'var']


# ---- binary arithmetic and comparisons ----------------------------------------------------
def _binary(name, tapeflow_op, promote=pair):
    def op(x1, x2):
        a, b = promote(x1, x2, name)
        return tapeflow_op(a, b)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'Elementwise ``%s`` with Keras 3 dtype promotion; broadcasts like numpy.' % name
    return op


def _add_as_keras(x1, x2):
    """Keras 3's TF backend adds a bias-like ``x2`` (one axis past size 1, matching x1's last
    axis, or its second) with tf.nn.bias_add: its gradient is BiasAddGrad's sum (bias_add_kernel),
    and a bias along axis 1 broadcasts there (channels first)."""
    if type(x1) in _CONCRETE and type(x2) in _CONCRETE and x1.ndim > 1:
        sizes = [d for d in x2.shape if d > 1]
        if len(sizes) == 1 and sizes[0] in (x1.shape[1], x1.shape[-1]):
            bias = x2 if x2.ndim == 1 else _ops.reshape(x2, [-1])
            if x1.shape[-1] == sizes[0]:
                return add_bias(x1, bias)
            if x1.dtype == bias.dtype:           # NCHW's BiasAddGrad sums the gradient (not AddV2's reduce_sum)
                return bias_add_nchw(x1, bias)
            return _ops.add(x1, _ops.reshape(bias, [-1] + [1] * (x1.ndim - 2)))
    return _ops.add(x1, x2)


add = _binary('add', _add_as_keras)
subtract = _binary('subtract', _ops.subtract)
multiply = _binary('multiply', _ops.multiply)
divide = true_divide = _binary('divide', _ops.divide, float_pair)
arctan2 = _binary('arctan2', _ops.atan2, converted_float_pair)
floor_divide = _binary('floor_divide', _ops.floordiv)
def _tensor_pair(x1, x2, op):
    """Keras 3's mod converts both sides to tensors first: a Python int is an int32 tensor, not a
    weak scalar (ops.mod(int8, 3) is int32, ops.mod(float16, 2.5) float32); bools compute in int32."""
    a, b = cast_all([tensor(x1, op), tensor(x2, op)], op)
    if a._data.dtype.kind == 'b':
        a, b = _ops.cast(a, 'int32'), _ops.cast(b, 'int32')
    return a, b


mod = _binary('mod', _ops.floormod, _tensor_pair)


def power(x1, x2):
    """Elementwise ``power`` with Keras 3 dtype promotion; broadcasts like numpy. A Python number
    exponent stays one: on TensorFlow it is a constant of the graph, which a traced step's graph
    optimizer turns into Square, Sqrt, ... (see ``framework.ops.arithmetic.pow_arrays``)."""
    a, b = pair(x1, x2, 'power')
    if type(x2) in (int, float) and hasattr(b, '_data') and b._data.dtype.kind == 'f':
        b = float(x2)
    unsigned = next((v._data.dtype for v in (a, b) if isinstance(v, _Tensor) and v._data.dtype.kind == 'u'), None)
    if unsigned is not None:       # TF's Pow has no unsigned kernel: Keras 3 raises in int32 and casts back
        return _ops.cast(_ops.pow(*(_ops.cast(v, 'int32') for v in (a, b))), unsigned)
    return _ops.pow(a, b)


maximum = _binary('maximum', _ops.maximum)
minimum = _binary('minimum', _ops.minimum)
equal = _binary('equal', _ops.equal)
not_equal = _binary('not_equal', _ops.not_equal)
greater = _binary('greater', _ops.greater)
greater_equal = _binary('greater_equal', _ops.greater_equal)
less = _binary('less', _ops.less)
less_equal = _binary('less_equal', _ops.less_equal)


def _as_bool(x, op):
    t = tensor(x, op)
    return t if t._data.dtype.kind == 'b' else _ops.not_equal(t, 0)


def _logical(name, tapeflow_op):
    def op(x1, x2):
        return tapeflow_op(_as_bool(x1, name), _as_bool(x2, name))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'Elementwise ``%s``; non-bool inputs count as true where non-zero.' % name
    return op


logical_and = _logical('logical_and', _ops.logical_and)
logical_or = _logical('logical_or', _ops.logical_or)
logical_xor = _logical('logical_xor', _ops.logical_xor)


def logical_not(x):
    return _ops.logical_not(_as_bool(x, 'logical_not'))


# ---- unary ---------------------------------------------------------------------------------
def _unary(convert, note):
    """A factory of elementwise keras.ops: ``convert`` prepares x (its dtype rule), ``note`` ends the docstring."""
    def make(name, tapeflow_op):
        def op(x):
            return tapeflow_op(convert(x, name))
        op.__name__ = op.__qualname__ = name
        op.__doc__ = 'Elementwise ``%s``; %s' % (name, note)
        return op
    return make


_float_unary = _unary(floating, 'integer inputs are computed in floatx (float32).')
_weak_float_unary = _unary(floating_weak, 'integer inputs are computed in floatx (float32), complex128 in complex64 '
                                          '(Keras 3\'s result_type(x.dtype, float)).')
_kernel_unary = _unary(tensor, 'Keras 3 hands x to TensorFlow\'s kernel as it is, so integer, bool and complex '
                               'tensors meet its refusal.')


exp = _float_unary('exp', _ops.exp)
expm1 = _float_unary('expm1', _ops.expm1)
log = _weak_float_unary('log', _ops.log)
log1p = _weak_float_unary('log1p', _ops.log1p)
sqrt = _weak_float_unary('sqrt', _ops.sqrt)
rsqrt = _kernel_unary('rsqrt', _ops.rsqrt)
reciprocal = _kernel_unary('reciprocal', _ops.reciprocal)
sin = _weak_float_unary('sin', _ops.sin)
cos = _weak_float_unary('cos', _ops.cos)
tan = _weak_float_unary('tan', _ops.tan)
sinh = _weak_float_unary('sinh', _ops.sinh)
cosh = _weak_float_unary('cosh', _ops.cosh)
tanh = _weak_float_unary('tanh', _ops.tanh)
arcsin = _weak_float_unary('arcsin', _ops.asin)
arccos = _weak_float_unary('arccos', _ops.acos)
arctan = _weak_float_unary('arctan', _ops.atan)
arcsinh = _weak_float_unary('arcsinh', _ops.asinh)
arccosh = _weak_float_unary('arccosh', _ops.acosh)
arctanh = _weak_float_unary('arctanh', _ops.atanh)
erf = _kernel_unary('erf', _ops.erf)
ceil = _weak_float_unary('ceil', _ops.ceil)
floor = _weak_float_unary('floor', _ops.floor)
# As Keras's TensorFlow backend: log(x) / log(base), the base's log in x's dtype
log2 = _weak_float_unary('log2', lambda x: _ops.log(x) / _ops.log(_ops.constant(2, dtype=x.dtype)))
log10 = _weak_float_unary('log10', lambda x: _ops.log(x) / _ops.log(_ops.constant(10, dtype=x.dtype)))
# As Keras's TensorFlow backend: pow(2, x), exact for integer x (exp(x log 2) is not: 8.008 in float16)
exp2 = _float_unary('exp2', lambda x: _ops.pow(_ops.constant(2, dtype=x.dtype), x))


def abs(x):  # noqa: A001  (Keras 3's name)
    """|x|; bools and unsigned integers come back as they are (Keras 3 skips tf.abs for them)."""
    t = tensor(x, 'abs')
    if t._data.dtype.kind in 'bu':
        return t
    return _ops.abs(numeric(t, 'abs'))


absolute = abs


def negative(x):
    return _ops.negative(tensor(x, 'negative'))       # (a bool meets TF's Neg refusal: Keras 3 casts nothing)


def sign(x):
    t = tensor(x, 'sign')
    if t._data.dtype.name in ('uint8', 'uint16', 'uint32'):    # TF's Sign has no kernel for them: Keras goes by int32
        return _ops.cast(_ops.sign(_ops.cast(t, 'int32')), t.dtype)
    return _ops.sign(t)               # (and Sign's)


def square(x):
    return _ops.square(numeric(x, 'square'))


def round(x, decimals=0):  # noqa: A001
    """Round half to even, to ``decimals`` places (integers stay as they are for decimals >= 0)."""
    t = tensor(x, 'round')
    if t._data.dtype.kind == 'b':       # Keras 3 hands a bool tensor to Round, which refuses it
        return _ops.round(t)
    if t._data.dtype.kind in 'iu':
        if decimals >= 0:
            return t
        # Keras 3 rounds ints in floatx by tf.cast(10.0 ** decimals, floatx), which converts the Python float to
        # float32 first: under float64 round(15, -1) is 2 / 0.10000000149 = 19.99..., cast to 19 (TF 2.21)
        floatx = floatx_dtype()
        factor = _ops.cast(_ops.constant(10.0 ** decimals, 'float32'), floatx)
        return _ops.cast(_ops.divide(_ops.round(_ops.cast(t, floatx) * factor), factor), t.dtype)
    if decimals == 0:
        return _ops.round(t)
    scale = 10.0 ** int(decimals)
    return _ops.round(t * scale) / scale


def _classify(name, tapeflow_op, for_integers):
    def op(x):
        t = numeric(x, name)
        if t._data.dtype.kind in 'iu':      # integers are never nan or inf
            return _ops.fill(t.shape, for_integers) if t.ndim else _ops.convert_to_tensor(for_integers)
        return tapeflow_op(t)
    op.__name__ = op.__qualname__ = name
    return op


isnan = _classify('isnan', _ops.is_nan, False)
isinf = _classify('isinf', _ops.is_inf, False)
isfinite = _classify('isfinite', _ops.is_finite, True)


# ---- reductions ------------------------------------------------------------------------------
def sum(x, axis=None, keepdims=False):  # noqa: A001
    """Sum over ``axis`` (None: every element); bools and small ints sum as int32 (uint32)."""
    return _ops.reduce_sum(summable(x, 'sum'), axis, keepdims)


def mean(x, axis=None, keepdims=False):
    """Mean over ``axis`` (None: every element); integer inputs give float32 under any floatx. float16 and bfloat16
    are averaged in float32 and rounded back, as Keras 3 does (TF's reduce_mean overflows in them)."""
    x = floating(x, 'mean', compute='float32')     # Keras: result_type(x.dtype, 'float32'), not floatx
    if x._data.dtype.itemsize == 2:
        return _ops.cast(_ops.reduce_mean(_ops.cast(x, 'float32'), axis, keepdims), x.dtype)
    return _ops.reduce_mean(x, axis, keepdims)


def _extreme(name, reduce_op, combine, reduce_bools):
    def op(x, axis=None, keepdims=False, initial=None):
        t = tensor(x, name)
        if initial is None and t._data.size == 0:
            # Keras 3 on TF asserts a non-empty input (tf.reduce_max would give -inf)
            error = InvalidArgumentError('Cannot compute the %s of an empty tensor.\nCondition x > y did not hold.\n'
                                         'First 1 elements of x:\n[0]\nFirst 1 elements of y:\n[0]' % name)
            error.add_note('keras.ops.%s: the input of shape %s is empty; initial= gives it a value'
                           % (name, tuple(t.shape)))
            raise error
        if t._data.dtype.kind == 'b':
            # Keras 3 on TensorFlow: bools reduce with reduce_any / reduce_all and stay bools
            out = reduce_bools(t, axis, keepdims)
            if initial is None:
                return out
            return _ops.cast(combine(_ops.cast(out, 'int32'), _ops.cast(initial, 'int32')), 'bool')
        out = reduce_op(numeric(t, name), axis, keepdims)
        return out if initial is None else combine(out, initial)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = ('``%s`` over ``axis`` (None: every element); ``initial`` joins the comparison; '
                  'bools give bools.' % name)
    return op


max = _extreme('max', _ops.reduce_max, _ops.maximum, _ops.reduce_any)  # noqa: A001
min = _extreme('min', _ops.reduce_min, _ops.minimum, _ops.reduce_all)  # noqa: A001


def prod(x, axis=None, keepdims=False, dtype=None):
    """Product over ``axis``; bools and small ints multiply in int32 (uint32) unless ``dtype`` is given.
    Keras 3's TensorFlow backend then multiplies ``x`` in its own dtype and never casts to ``dtype``
    (prod(int8 [3, 4], dtype='float32') is int8 12 on TF 2.21; a bool tensor is Prod's refusal)."""
    t = summable(x, 'prod') if dtype is None else tensor(x, 'prod')
    return _ops.reduce_prod(t, axis, keepdims)


def var(x, axis=None, keepdims=False):
    """Population variance (divides by N), as numpy's default; float16 / bfloat16 computed in float32 and
    cast back, as Keras 3 (result_type(x.dtype, 'float32'))."""
    # Keras computes in result_type(x.dtype, 'float32') and returns result_type(x.dtype, float): ints
    # become float32 whatever floatx is, and the variance is cast to floatx (float64: float32's digits)
    t = floating(x, 'var', compute='float32')
    out_dtype = float_result_dtype(tensor(x, 'var'))
    if t.dtype.name in ('float16', 'bfloat16'):
        t = _ops.cast(t, 'float32')
    out = _ops.reduce_variance(t, axis, keepdims)
    return out if out._data.dtype == out_dtype else _ops.cast(out, out_dtype)


def std(x, axis=None, keepdims=False):
    """Population standard deviation (divides by N)."""
    return _ops.reduce_std(floating(x, 'std'), axis, keepdims)


def all(x, axis=None, keepdims=False):  # noqa: A001
    return _ops.reduce_all(_as_bool(x, 'all'), axis, keepdims)


def any(x, axis=None, keepdims=False):  # noqa: A001
    return _ops.reduce_any(_as_bool(x, 'any'), axis, keepdims)


def count_nonzero(x, axis=None):
    return _ops.reduce_sum(_ops.cast(_as_bool(x, 'count_nonzero'), 'int32'), axis)


def logsumexp(x, axis=None, keepdims=False):
    """log(sum(exp(x))) over ``axis``, computed stably."""
    return _ops.reduce_logsumexp(tensor(x, 'logsumexp'), axis, keepdims)      # (no cast: Keras 3 casts nothing)


def _arg(name, tapeflow_op):
    def op(x, axis=None, keepdims=False):
        t = numeric(x, name)
        if t.ndim and (t._data.dtype.kind == 'f' or t._data.dtype.name == 'bfloat16'):
            t = _negative_zeros_below_zero(t)
        if axis is None:                    # the index into the flattened tensor, as numpy
            out = tapeflow_op(_ops.reshape(t, [-1]), 0, output_type='int32')
            return _ops.reshape(out, [1] * t.ndim) if keepdims else out
        out = tapeflow_op(t, axis, output_type='int32')
        return _ops.expand_dims(out, axis) if keepdims else out
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'int32 index of the %s along ``axis`` (None: into the flattened tensor).' % name[3:]
    return op


def _negative_zeros_below_zero(t):
    """Keras 3 on TF (its fix for flush-to-zero, jax issue 24280): floats in at least float32, each -0.0 made
    -tiny, so argmax([-0., 0.]) is 1 and argmin([0., -0.]) is 1 (TF's ArgMax alone takes the first of equals).
    TF's CPU compares with denormals as zeros, so a negative denormal is such a zero too."""
    from framework import backend
    a = t._data if t._data.dtype.itemsize >= 4 else t._data.astype(np.float32)
    xp = backend.array_module(a)
    negative_zeros = (xp.abs(a) < np.finfo(a.dtype).tiny) & xp.signbit(a)
    if negative_zeros.any():
        a = xp.where(negative_zeros, -np.finfo(a.dtype).tiny, a)
    return _Tensor(a)


argmax = _arg('argmax', _ops.argmax)
argmin = _arg('argmin', _ops.argmin)


def _cumulative(name, tapeflow_op):
    def op(x, axis=None, dtype=None):
        t = numeric(x, name)
        if dtype is not None:
            t = _ops.cast(t, dtype)
            if t.dtype.is_bool:     # Keras 3 on TF: cast to dtype, then bools counted in int32 (Cumsum takes none)
                t = _ops.cast(t, 'int32')
        if axis is None:                    # numpy runs over the flattened tensor
            t, axis = _ops.reshape(t, [-1]), 0
        return tapeflow_op(t, axis)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'Running ``%s`` along ``axis`` (None: the flattened tensor).' % name
    return op


cumsum = _cumulative('cumsum', _ops.cumsum)
cumprod = _cumulative('cumprod', _ops.cumprod)


def average(x, axis=None, weights=None):
    """Weighted mean along ``axis``, as Keras 3 on TensorFlow computes it: weights of x's rank (or any
    weights when axis is None) give sum(x * w, axis) / sum(w, axis), the weights' own sum, so broadcast
    weights are not repeated (numpy refuses that case); weights of another rank run along ``axis``:
    tensordot(x, w, [[axis], [0]]) / sum(w)."""
    if weights is None:          # tf.reduce_mean in x's float dtype (not mean's float32 for float16)
        return _ops.reduce_mean(floating(x, 'average'), axis)
    x, w = cast_all([floating(x, 'average'), floating(weights, 'average')], 'average')
    if axis is None or x.ndim == w.ndim:
        total = _ops.reduce_sum(w, axis)          # first, as Keras: its axis error comes before x * w's
        return _ops.reduce_sum(x * w, axis) / total
    total = _ops.reduce_sum(w)
    return _ops.tensordot(x, w, [[axis_of(axis, x.ndim, 'average')], [0]]) / total
