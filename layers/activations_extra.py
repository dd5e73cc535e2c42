"""Keras 3's newer activations (celu, glu, the shrinks, sparse_*, sparsemax, ...).

Each is a composition of framework ops, so its gradient comes from theirs
(piecewise functions take their branches through ``where``). The formulas
are those of Keras 3.15's TensorFlow backend (``sparsemax``'s tau too, see its docstring).
"""
import operator

import numpy as np

from framework import backend, ops, trace_names
from framework.tensor import Tensor
from framework.keras.activation_inputs import float_activation_input, shape_read


def _float_tensor(x, what):
    # integer / boolean inputs get TF's error for this activation (TypeError, InvalidArgumentError, ...)
    return float_activation_input(x, what)


def _compared_as_given(x, comparison, bound):
    """Keras 3 compares its input with Python's operator before converting it: a list or tuple meets Python's
    TypeError there ("'>' not supported between instances of 'list' and 'float'")."""
    if isinstance(x, (list, tuple)):
        comparison(x, bound)


def _positive(value, what, argument):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError('%s: `%s` must be a positive number, got %r' % (what, argument, value))
    return float(value)


def _number(value, what, argument):
    # (numpy's numbers too: TF converts np.int32(1) as 1)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError('%s: `%s` must be a number, got %r' % (what, argument, value))
    return float(value)


def celu(x, alpha=1.0):
    """x for x >= 0, alpha * (exp(x / alpha) - 1) below: max(x, 0) + alpha * expm1(min(x, 0) / alpha)."""
    alpha = _positive(alpha, 'celu', 'alpha')
    x = _float_tensor(x, 'celu')
    return ops.maximum(x, 0.0) + alpha * ops.expm1(ops.minimum(x, 0.0) / alpha)


def glu(x, axis=-1):
    """a * sigmoid(b), where a and b are the two halves of ``x`` along ``axis``.

    Raises:
        ValueError: when that axis has odd size.
    """
    shape_read(x, 'glu')
    converted = ops.convert_to_tensor(x)
    # Keras reads x.shape: in a trace the static shape, an open length None (None % 2: Python's TypeError)
    entry = trace_names.entry_of(converted)
    shape = tuple(entry[1]) if entry is not None and entry[1] is not None else tuple(converted.shape)
    try:
        size = shape[axis]        # (Keras reads x.shape[axis]: a bad axis is Python's IndexError / TypeError)
    except (IndexError, TypeError) as error:
        error.add_note('glu: axis %r does not index an input of shape %s' % (axis, shape))
        raise
    if size % 2:           # Keras 3 checks the size before TF's kernel sees the dtype
        error = ValueError('axis size must be divisible by 2. Received: x.shape=%s with axis=%d' % (shape, axis))
        error.add_note('glu: the halves along axis %d must have one size, got x.shape=%s' % (axis, shape))
        raise error
    x = _float_tensor(x, 'glu')
    a, b = ops.split(x, 2, axis=int(axis))     # (TF's split takes axis=True as 1)
    return a * ops.sigmoid(b)


def _integer_input(x, name):
    """``x`` as a tensor where Keras 3 on TF runs the formula on it in its integer (or bool) dtype; else None.
    hard_shrink's Abs refuses bools and unsigned ints first (_float_tensor's error)."""
    t = ops.convert_to_tensor(x)
    if not (t.dtype.is_integer or t.dtype.is_bool) or name == 'hard_shrink' and (t.dtype.is_bool or
                                                                                  t.dtype.is_unsigned):
        return None
    return t


def _in_dtype(value, x, name):
    """A threshold in integer (or bool) x's dtype, converted as TF converts a Python number there: 0.6 into int32
    and 1 into bool are its TypeError ("Cannot convert 0.6 to EagerTensor of dtype int32")."""
    try:
        return ops.constant(value, x.dtype)
    except TypeError as error:
        error.add_note('keras.activations.%s / keras.ops.%s: an integer x meets its arguments in its own dtype '
                       '(%s); pass integers or cast x to float first' % (name, name, x.dtype.name))
        raise


def hard_shrink(x, threshold=0.5):
    """x where |x| > threshold, else 0 (an integer x in its dtype, as Keras 3 on TF)."""
    given = threshold
    threshold = _number(threshold, 'hard_shrink', 'threshold')
    t = _integer_input(x, 'hard_shrink')
    if t is not None:
        return ops.where(ops.abs(t) > _in_dtype(given, t, 'hard_shrink'), t, ops.zeros_like(t))
    x = _float_tensor(x, 'hard_shrink')
    return ops.where(ops.abs(x) > threshold, x, 0.0)


def hard_tanh(x):
    """x clipped into [-1, 1]."""
    return ops.clip_by_value(_float_tensor(x, 'hard_tanh'), -1.0, 1.0)


def log_sigmoid(x):
    """log(1 / (1 + exp(-x))), computed as -softplus(-x) so it stays finite."""
    # keras.activations.log_sigmoid is keras.ops.log_sigmoid: TF's Neg refuses bools and unsigned ints
    # before Softplus refuses the other integers (framework.ops.log_sigmoid raises both)
    return ops.log_sigmoid(ops.convert_to_tensor(x))


def soft_shrink(x, threshold=0.5):
    """x - threshold above threshold, x + threshold below -threshold, 0 between."""
    _compared_as_given(x, operator.gt, threshold)
    given = threshold
    threshold = _number(threshold, 'soft_shrink', 'threshold')
    t = _integer_input(x, 'soft_shrink')
    if t is not None:       # Keras's formula in x's dtype: -threshold is Python's, converted (-1 is 255 in uint8)
        above = _in_dtype(given, t, 'soft_shrink')
        below = _in_dtype(-given, t, 'soft_shrink')
        return ops.where(t > above, t - above, ops.where(t < below, t + above, ops.zeros_like(t)))
    x = _float_tensor(x, 'soft_shrink')
    return ops.where(_ordered(x, 'greater', threshold), x - threshold,
                     ops.where(_ordered(x, 'less', -threshold), x + threshold, 0.0))


def sparse_plus(x):
    """0 for x <= -1, (x + 1)**2 / 4 for -1 < x < 1, x for x >= 1."""
    _compared_as_given(x, operator.le, -1)
    x = _float_tensor(x, 'sparse_plus')
    return ops.where(_ordered(x, 'less_equal', -1.0), 0.0,
                     ops.where(_ordered(x, 'less', 1.0), 0.25 * ops.pow(x + 1.0, 2), x))    # TF's Pow, as Keras


def _ordered(x, comparison, bound):
    """``x <comparison> bound``. Complex values compare as numpy orders them (real part, then imaginary):
    Keras 3 compares its input before converting it, so a numpy complex array meets numpy's operator
    there (TensorFlow's Greater / Less kernels refuse complex tensors)."""
    if x.dtype.is_complex:
        xp = backend.array_module(x._data)
        return ops.convert_to_tensor(getattr(xp, comparison)(x._data, bound))
    return getattr(ops, comparison)(x, bound)


def sparse_sigmoid(x):
    """0 for x <= -1, (x + 1) / 2 for -1 < x < 1, 1 for x >= 1."""
    x = _float_tensor(x, 'sparse_sigmoid')
    return ops.where(x <= -1.0, 0.0, ops.where(x >= 1.0, 1.0, 0.5 * (x + 1.0)))


def squareplus(x, b=4):
    """(x + sqrt(x**2 + b)) / 2, a smooth relu (b >= 0)."""
    if isinstance(b, bool) or not isinstance(b, (int, float)) or b < 0:
        raise ValueError('squareplus: `b` must be a number >= 0, got %r' % (b,))
    x = _float_tensor(x, 'squareplus')
    return (x + ops.sqrt(ops.square(x) + float(b))) / 2.0


def tanh_shrink(x):
    """x - tanh(x)."""
    x = _float_tensor(x, 'tanh_shrink')
    return x - ops.tanh(x)


def threshold(x, threshold, default_value):
    """x where x > threshold, else ``default_value``."""
    _compared_as_given(x, operator.gt, threshold)
    given = threshold, default_value
    threshold = _number(threshold, 'threshold', 'threshold')
    default_value = _number(default_value, 'threshold', 'default_value')
    t = _integer_input(x, 'threshold')
    if t is not None:
        above = t > _in_dtype(given[0], t, 'threshold')
        return ops.where(above, t, _in_dtype(given[1], t, 'threshold'))
    x = _float_tensor(x, 'threshold')
    return ops.where(x > threshold, x, default_value)


def sparsemax(x, axis=-1):
    """max(x - tau, 0) along ``axis``, with Keras 3.15's TensorFlow backend's tau: the entries sorted in
    descending order, their running totals c, the support s = sorted - (c - 1) / rank > 0, and
    tau = (sum of c over the support - 1) / its size. (Martins & Astudillo's tau sums the values, not the
    running totals, so Keras's slices need not sum to 1 where the support has two or more entries; a Keras
    program prints Keras's.) Written with ops in Keras's order, so the gradient is that of Keras's graph.
    """
    given = ops.convert_to_tensor(x) if isinstance(x, (list, tuple)) or type(x).__module__ == 'numpy' else x
    # integer and bool tensors run Keras's steps too, and fail where TF 2.21 does: bools at the sort's TopKV2,
    # int8 / int16 / unsigned at Range, int32 / int64 at Sub (the running totals / rank division is float64)
    x = given if isinstance(given, Tensor) and (given.dtype.is_integer or given.dtype.is_bool) \
        else _float_tensor(x, 'sparsemax')
    if isinstance(axis, bool) or not isinstance(axis, int):
        if isinstance(axis, float):     # Keras's tf.shape(x)[axis] converts it to an int32 index
            raise TypeError('Cannot convert %r to EagerTensor of dtype int32' % (axis,))
        raise ValueError('sparsemax: axis %r is out of range for an input of shape %s' % (axis, tuple(x.shape)))
    # (an int outside the rank: TF's sort reads shape[axis], StridedSlice's error, as tapeflow's sort does)
    if x._data.size == 0:
        return x
    ordered = ops.sort(x, axis=axis, direction='DESCENDING')
    totals = ops.cumsum(ordered, axis=axis)
    shape = [1] * x.ndim
    shape[axis] = -1
    rank = ops.reshape(ops.range(1, x.shape[axis] + 1, dtype=x.dtype), shape)
    support = ordered - (totals - 1) / rank > 0
    size = ops.reduce_sum(ops.cast(support, x.dtype), axis, keepdims=True)
    tau = (ops.reduce_sum(ops.where(support, totals, 0.0), axis, keepdims=True) - 1) / size
    return ops.maximum(x - tau, 0.0)


ALL = (celu, glu, hard_shrink, hard_tanh, log_sigmoid, soft_shrink, sparse_plus, sparse_sigmoid,
       sparsemax, squareplus, tanh_shrink, threshold)
