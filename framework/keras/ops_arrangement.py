"""``keras.ops`` numpy-style rearrangement and construction: splits and stacks,
diagonals, rot90, diff, roll, select, logspace, vander and friends.

Each is a composition of tapeflow's shape ops (reshape, transpose, gather,
concat, split), so gradients flow back to the elements moved.
"""
import operator

import ml_dtypes
import numpy as np

from framework import backend, dtypes
from framework import ops as _ops
from framework.errors import OpError, noted
from .ops_arrays import diag, floatx_dtype, refuse_strings
from .ops_arguments import integer
from .ops_dtypes import cast_all, numeric, standardize_dtype, summable, tensor
from .ops_shape_inference import canonical_axis
from .ops_shapes import flip, split, swapaxes

__all__ = ['append', 'array_split', 'diagflat', 'diagonal', 'diff', 'dsplit', 'dstack', 'empty', 'empty_like',
           'fliplr', 'flipud', 'geomspace', 'get_item', 'hsplit', 'logspace', 'ravel', 'roll', 'rot90',
           'saturate_cast', 'select', 'trace', 'vander', 'vsplit']


def _axis(t, axis, op):
    axis = integer(axis, 'axis', op)
    if not -t.ndim <= axis < t.ndim:
        raise ValueError('keras.ops.%s: axis %s is out of range for a tensor of shape %s' % (op, axis, tuple(t.shape)))
    return axis % t.ndim


def ravel(x):
    """The elements as a 1-D tensor, in row-major order."""
    return _ops.reshape(tensor(x, 'ravel'), [-1])


def append(x1, x2, axis=None):
    """``x2`` joined after ``x1`` along ``axis`` (None: both flattened first)."""
    a, b = cast_all([x1, x2], 'append')
    if axis is None:
        return _ops.concat([_ops.reshape(a, [-1]), _ops.reshape(b, [-1])], 0)
    return _ops.concat([a, b], axis)


def array_split(x, indices_or_sections, axis=0):
    """numpy.array_split: n parts whose sizes differ by at most one (the first ones larger)."""
    # Keras 3's checks, in its order and words, before x is converted: a number of sections only (a Python int;
    # split points, numpy integers and floats are TypeErrors), then an int axis
    if not isinstance(indices_or_sections, int):
        raise noted(TypeError('Argument `indices_or_sections` must be of type `int`. Received: indices_or_sections=%s'
                              % (indices_or_sections,)),
                    'keras.ops.array_split: indices_or_sections must be an integer number of sections; for split '
                    'points use keras.ops.split')
    n = indices_or_sections
    if n <= 0:
        raise noted(ValueError('Argument `indices_or_sections` must be a positive integer. Received: '
                               'indices_or_sections=%s' % (n,)),
                    'keras.ops.array_split: the number of sections must be >= 1, got %d' % n)
    if not isinstance(axis, int):
        raise TypeError('Argument `axis` must be of type `int`. Received: %s' % (axis,))
    t = tensor(x, 'array_split')
    length = t.shape[_axis(t, axis, 'array_split')]
    sizes = [length // n + (1 if i < length % n else 0) for i in range(n)]
    return _ops.split(t, sizes, axis)


def _split_along(op, axis):
    # Keras 3 checks no rank: vsplit of a vector splits it, dsplit of a matrix meets TF's Split kernel's
    # '-input rank(-2) <= split_dim < input rank (2), but got 2'
    def fn(x, indices_or_sections):
        t = tensor(x, op)
        return split(t, indices_or_sections, 0 if op == 'hsplit' and t.ndim == 1 else axis)
    fn.__name__ = fn.__qualname__ = op
    fn.__doc__ = 'numpy.%s: ``split`` along axis %d.' % (op, axis)
    return fn


vsplit = _split_along('vsplit', 0)
hsplit = _split_along('hsplit', 1)
dsplit = _split_along('dsplit', 2)


def dstack(xs):
    """Stack along a third axis (1-D tensors become (1, n, 1), 2-D ones (m, n, 1))."""
    tensors = cast_all(xs, 'dstack')
    shaped = [_ops.reshape(t, [1, -1, 1]) if t.ndim <= 1 else _ops.expand_dims(t, 2) if t.ndim == 2 else t
              for t in tensors]
    return _ops.concat(shaped, 2)


def fliplr(x):
    """Reverse axis 1. Keras 3 hands it to TF's ReverseV2 unchecked: a scalar comes back as it is, a vector
    meets the kernel's range error ("'axis'[0] = 1 is out of valid range [0, 0")."""
    return _ops.reverse(tensor(x, 'fliplr'), [1])


def flipud(x):
    """Reverse axis 0 (ReverseV2, as fliplr: a scalar comes back as it is)."""
    return _ops.reverse(tensor(x, 'flipud'), [0])


def rot90(array, k=1, axes=(0, 1)):
    """Rotate by 90 degrees ``k`` times in the plane of ``axes`` (from the first towards the second).
    Checked in Keras 3's order and words: the rank, then the two axes as given; k % 4 == 0 returns the
    array before the axes are shifted, and an axis out of range meets TF's Transpose (Keras's first step)."""
    t = tensor(array, 'rot90')
    if t.ndim < 2:
        raise ValueError('Input array must have at least 2 dimensions. Received: array.ndim=%d' % t.ndim)
    if len(axes) != 2 or axes[0] == axes[1]:
        raise ValueError('Invalid axes: %s. Axes must be a tuple of two different dimensions.' % (axes,))
    k = integer(k, 'k', 'rot90') % 4
    if k == 0:
        return t
    shifted = [ax if ax >= 0 else t.ndim + ax for ax in axes]
    perm = [i for i in range(t.ndim) if i not in shifted] + shifted
    if sorted(perm) != list(range(t.ndim)):
        _ops.transpose(t, perm)         # raises TF's "transpose expects a vector of size 2. ..."
    a, b = shifted
    if k == 2:
        return flip(t, [a, b])
    if k == 1:
        return swapaxes(flip(t, b), a, b)
    return flip(swapaxes(t, a, b), b)


def diagonal(x, offset=0, axis1=0, axis2=1):
    """The ``offset``-th diagonal of the planes spanned by axis1 and axis2, as a new last axis."""
    t = tensor(x, 'diagonal')
    # Keras 3 canonicalizes both axes (numpy's words: a vector has no axis 1) and refuses equal ones first
    a, b = canonical_axis(axis1, t.ndim), canonical_axis(axis2, t.ndim)
    if a == b:
        raise ValueError('`axis1` and `axis2` cannot be the same. Received: axis1=%s, axis2=%s' % (axis1, axis2))
    t = refuse_strings(t)
    rest = [i for i in range(t.ndim) if i not in (a, b)]
    planes = _ops.transpose(t, [a, b] + rest)
    rows, cols = t.shape[a], t.shape[b]
    offset = integer(offset, 'offset', 'diagonal')       # int(1.5) would take the first diagonal
    start_row, start_col = (0, offset) if offset >= 0 else (-offset, 0)
    steps = np.arange(max(0, min(rows - start_row, cols - start_col)))
    picked = _ops.getitem(planes, (steps + start_row, steps + start_col))      # (length, *rest)
    return _ops.transpose(picked, list(range(1, picked.ndim)) + [0])


def trace(x, offset=0, axis1=0, axis2=1):
    """The sum along the ``offset``-th diagonal (bools and ints sum as Keras 3 does)."""
    return _ops.reduce_sum(diagonal(summable(x, 'trace'), offset, axis1, axis2), -1)


def diagflat(x, k=0):
    """The flattened ``x`` on the ``k``-th diagonal of a square matrix."""
    return diag(ravel(tensor(x, 'diagflat')), k)


def diff(a, n=1, axis=-1):
    """The ``n``-th discrete difference along ``axis``: out[i] = a[i + 1] - a[i], n times (bools: a[i + 1] != a[i]).
    Keras 3 runs it as its Diff operation: errors come back in 'Exception encountered when calling Diff.call()'."""
    try:
        return _diff(tensor(a, 'diff'), n, axis)
    except (TypeError, ValueError, OpError) as error:
        from .operation_call_errors import in_call
        raise in_call(error, 'Diff', [('a', a)]) from None


def _diff(t, n, axis):
    # Keras's TF backend's checks, in its order (n == 0 returns even a scalar)
    if n == 0:
        return t
    if n < 0:
        error = ValueError('Order `n` must be non-negative. Received n=%s' % (n,))
        error.add_note('keras.ops.diff: n must be >= 0, got %s' % (n,))
        raise error
    if t.ndim == 0:
        raise ValueError('`diff` requires input that is at least one dimensional. Received: a=%s'
                         % (backend.to_host(t._data),))
    try:
        axis = operator.index(axis)         # Python's TypeError for a float / None / tuple axis, as Keras's
    except TypeError as error:
        error.add_note('keras.ops.diff: axis must be an integer, got %r' % (axis,))
        raise
    if not -t.ndim <= axis < t.ndim:        # numpy's canonicalize_axis words
        error = ValueError('axis %s is out of bounds for an array with dimension %d.' % (axis, t.ndim))
        error.add_note('keras.ops.diff: axis %s is out of range for a tensor of shape %s' % (axis, tuple(t.shape)))
        raise error
    axis %= t.ndim
    head = [slice(None)] * axis
    for _ in range(n):      # (range() refuses a float n with Python's TypeError, as Keras's loop does)
        later = _ops.getitem(t, tuple(head + [slice(1, None)]))
        earlier = _ops.getitem(t, tuple(head + [slice(None, -1)]))
        t = _ops.not_equal(later, earlier) if t._data.dtype.kind == 'b' else later - earlier
    return t


def roll(x, shift, axis=None):
    """Elements shifted cyclically by ``shift`` along ``axis`` (None: over the flattened tensor)."""
    t = tensor(x, 'roll')
    if axis is None:
        return _ops.reshape(_ops.roll(_ops.reshape(t, [-1]), shift, 0), t.shape)
    return _ops.roll(t, shift, axis)


def _select_choices(values):
    """The choices and default in one dtype as Keras 3's select (tf.experimental.numpy.select) promotes them:
    numpy 2's rules, a Python number weak (int32 beside 0 stays int32), a Python list numpy's float64 / int64
    array, int32 beside 0.5 or a float32 array float64 (TF 2.21, whatever floatx is)."""
    parts = [v if type(v) in (bool, int, float) else np.asarray(v) if isinstance(v, (list, tuple))
             else tensor(v, 'select') for v in values]
    try:
        dtype = np.result_type(*[v if type(v) in (bool, int, float) else getattr(v, '_data', v).dtype for v in parts])
    except TypeError:       # strings, bfloat16 and the like: Keras's lattice and its errors
        return cast_all(values, 'select')
    if dtype.kind in 'OSUV':
        return cast_all(values, 'select')
    return [_ops.constant(v, dtype) if type(v) in (bool, int, float) else _ops.cast(tensor(v, 'select'), dtype)
            for v in parts]


def select(condlist, choicelist, default=0):
    """For each element, the choice of the first true condition (``default`` where none holds)."""
    if len(condlist) != len(choicelist) or not condlist:
        raise ValueError('keras.ops.select: condlist and choicelist must be non-empty and of one length, got %d '
                         'and %d' % (len(condlist), len(choicelist)))
    choices = _select_choices(list(choicelist) + [default])
    conds = [_ops.cast(tensor(c, 'select'), 'bool') for c in condlist]
    shape = np.broadcast_shapes(*[tuple(v.shape) for v in choices + conds])
    out = _ops.broadcast_to(choices[-1], shape)
    for cond, choice in zip(reversed(conds), reversed(choices[:-1])):
        out = _ops.where(_ops.broadcast_to(cond, shape), _ops.broadcast_to(choice, shape), out)
    return out


def get_item(x, key):
    """``x[key]``, numpy indexing."""
    return _ops.getitem(tensor(x, 'get_item'), key)


# ---- construction ----------------------------------------------------------------------------------
def empty(shape, dtype=None):
    """A tensor of ``shape`` (zeros: tapeflow never hands out uninitialised memory)."""
    return _ops.zeros(shape, dtypes.as_dtype(dtype) if dtype is not None else floatx_dtype())


def empty_like(x, dtype=None):
    return _ops.zeros_like(tensor(x, 'empty_like'), dtype)


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    """``base ** linspace(start, stop, num)`` in linspace's dtype, as Keras 3 on TensorFlow."""
    from .ops_arrays import linspace
    result = linspace(start, stop, num, endpoint=endpoint, dtype=dtype, axis=axis)
    return _ops.pow(_ops.cast(base, result.dtype), result)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """``num`` values from start to stop evenly spaced on a log scale, as Keras 3 on TensorFlow: logspace of
    log(|start|) / log(10) .. log(|stop|) / log(10) in ``dtype`` (floatx), times start's sign (a zero end
    gives 0 or NaN there, no error)."""
    start, stop = tensor(start, 'geomspace'), tensor(stop, 'geomspace')
    kind = dtype or floatx_dtype()
    log_start = _ops.log(_ops.cast(_ops.abs(start), kind))
    log_stop = _ops.log(_ops.cast(_ops.abs(stop), kind))
    log_base = _ops.log(_ops.constant(10.0, log_start.dtype))
    result = logspace(log_start / log_base, log_stop / log_base, num=num, endpoint=endpoint, base=10, dtype=dtype,
                      axis=axis)
    return result * _ops.cast(_ops.sign(_ops.cast(start, log_start.dtype)), result.dtype)


def vander(x, N=None, increasing=False):  # noqa: N803  (Keras 3's name)
    """The Vandermonde matrix of a 1-D ``x``: columns x**(N-1), ..., x, 1 (reversed if ``increasing``)."""
    vander_arguments(x, N, increasing)
    given = tensor(x, 'vander').dtype       # (a bool x gives bools: x**0 is True, 0**1 False)
    t = numeric(x, 'vander')
    n = t.shape[0] if N is None else N
    powers = np.arange(n) if increasing else np.arange(n)[::-1]
    # As Keras 3 on TF: tf.math.pow(x[:, None], powers) in result_type(x, float32), cast back to x's dtype
    compute = 'float64' if t.dtype.name == 'float64' else 'float32'
    columns = _ops.pow(_ops.expand_dims(_ops.cast(t, compute), -1), _ops.constant(powers, compute))
    return _ops.cast(columns, given)


def vander_arguments(x, N, increasing):  # noqa: N803  (Keras 3's name)
    """Keras 3's keras.ops.vander checks, in its order and words, before any conversion (so on KerasTensors
    too): ``x.shape`` read as given (a list has none: Python's AttributeError), N a Python int (np.int64 and
    2.0 refused) and nonnegative, increasing a Python bool (1 and np.bool_ refused). A note names the op."""
    try:
        _check_vander_arguments(x, N, increasing)
    except (AttributeError, TypeError, ValueError) as error:
        error.add_note('keras.ops.vander: x must be a 1-D array or tensor, N None or an int >= 0, increasing a bool')
        raise


def _check_vander_arguments(x, N, increasing):  # noqa: N803
    if len(x.shape) != 1:
        raise ValueError('Input tensor must be 1-dimensional. Received: input.shape=%s' % (x.shape,))
    if N is not None:
        if not isinstance(N, int):
            raise TypeError('Argument `N` must be of type `int`. Received: N=%s of type %s' % (N, type(N)))
        if N < 0:
            raise ValueError("Argument 'N' must be nonnegative. Received: N=%s" % (N,))
    if not isinstance(increasing, bool):
        raise TypeError('Argument `increasing` must be of type `bool`. Received: increasing=%s of type %s'
                        % (increasing, type(increasing)))


def saturate_cast(x, dtype):
    """``x`` cast to ``dtype``, values first clipped into its range (no wrap-around), with the limits
    Keras 3's _saturate_cast computes in numpy: both dtypes' ml_dtypes limits, the tighter one cast to
    ``x``'s dtype (and stepped towards 0 where that cast rounded it outwards). The clip is unconditional,
    as Keras's ("to fix `inf` behavior"): inf becomes the largest finite value and NaN passes, with
    tf.clip_by_value's zero gradient for both. (Keras's numpy arithmetic is kept as is: int32 to
    float32 computes its upper limit as float32(2**31), which overflows int32, so TF 2.21 gives
    -2147483648 for every value, and so does this.)"""
    from .backend import standardize_dtype as keras_dtype
    # Keras's order: the dtype's name first ('Invalid dtype: foo', None is floatx), then x.dtype, which a list
    # or a Python number lacks (Python's AttributeError), then ml_dtypes' limits of both ('string' has none)
    name = keras_dtype(dtype)
    try:
        source_name = keras_dtype(x.dtype)
    except AttributeError as error:
        error.add_note('keras.ops.saturate_cast: x must be a tensor or an array (Keras reads x.dtype), got %s; '
                       'convert it first, e.g. keras.ops.convert_to_tensor(x)' % type(x).__name__)
        raise
    _limits_by_name(source_name)
    _limits_by_name(name)
    t = numeric(x, 'saturate_cast')
    target = np.dtype(standardize_dtype(name))
    if target.kind not in 'biufc' and target.name != 'bfloat16':
        raise ValueError('keras.ops.saturate_cast: dtype must be a numeric dtype, got %r' % (dtype,))
    source = t._data.dtype
    in_min, in_max = _dtype_limits(source)
    out_min, out_max = _dtype_limits(target)
    with np.errstate(all='ignore'):
        low = np.maximum(in_min, out_min).astype(source)
        if low < out_min:
            low = np.nextafter(low, 0, dtype=source)
        high = np.minimum(in_max, out_max).astype(source)
        if high > out_max:
            high = np.nextafter(high, 0, dtype=source)
    if source == np.bool_:        # Keras's clip takes booleans as int32
        t, low, high = _ops.cast(t, 'int32'), np.int32(low), np.int32(high)
    t = _ops.clip_by_value(t, _ops.constant(low), _ops.constant(high))
    return _ops.cast(t, target)


def _limits_by_name(name):
    # Keras 3's get_dtype_min_max: iinfo for a name holding 'int', finfo for the rest (bool aside), so a
    # string is numpy's "data type <class 'numpy.str_'> not inexact"
    if name != 'bool':
        (ml_dtypes.iinfo if 'int' in name else ml_dtypes.finfo)(name)


def _dtype_limits(dtype):
    """(min, max) of ``dtype`` as Keras 3's _saturate_cast reads them (ml_dtypes' iinfo / finfo)."""
    if dtype == np.bool_:
        return 0, 1
    info = ml_dtypes.iinfo(dtype) if dtype.kind in 'iu' else ml_dtypes.finfo(dtype)
    return info.min, info.max

