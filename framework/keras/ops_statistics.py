"""``keras.ops`` order statistics and NaN-ignoring reductions: quantile, median,
percentile, ptp, amax/amin and numpy's nan* family.

Quantiles sort the reduced axes into one trailing axis and gather the two
neighbours of each position, so gradients flow through sort and gather to the
elements picked. The nan* reductions replace NaN with the reduction's identity
(0 for sums, 1 for products, -inf for max...) before reducing.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.errors import InvalidArgumentError, noted
from .ops_arguments import integer
from .ops_dtypes import _floating_kind, floating, floatx_dtype, numeric, summable, tensor
from .ops_shape_inference import canonical_axis
from .ops_math import max as _max, min as _min
from .ops_selection import take_along_axis

__all__ = ['amax', 'amin', 'median', 'nanargmax', 'nanargmin', 'nancumprod', 'nancumsum', 'nanmax', 'nanmean',
           'nanmedian', 'nanmin', 'nanpercentile', 'nanprod', 'nanquantile', 'nanstd', 'nansum', 'nanvar',
           'percentile', 'ptp', 'quantile']

_METHODS = ('linear', 'lower', 'higher', 'midpoint', 'nearest')


def _axes(t, axis, op):
    if axis is None:
        return list(range(t.ndim))
    if not op.startswith('nan'):
        # Keras's quantile: to_tuple_or_list (a Python int alone), then canonicalize_axis, in their words
        if not isinstance(axis, (list, tuple, int)):
            raise ValueError('`value` must be an integer, tuple or list. Received: value=%s' % (axis,))
        return sorted({canonical_axis(a, t.ndim) for a in ((axis,) if isinstance(axis, int) else axis)})
    axes = [integer(a, 'axis', op) for a in (axis if isinstance(axis, (list, tuple)) else [axis])]
    # Keras's nanquantile moves the axes last with one transpose, negatives shifted once: an axis out of range or
    # given twice makes the permutation too long, and TF's Transpose refuses it (InvalidArgumentError)
    shifted = [a + t.ndim if a < 0 else a for a in axes]
    perm = [i for i in range(t.ndim) if i not in shifted] + shifted
    if sorted(perm) != list(range(t.ndim)):
        _ops.transpose(t, perm)
    for a in axes:
        if not -t.ndim <= a < max(t.ndim, 1):
            raise ValueError('keras.ops.%s: axis %s is out of range for a tensor of shape %s'
                             % (op, a, tuple(t.shape)))
    return sorted({int(a) % max(t.ndim, 1) for a in axes})


def _keep(out, t, axes, keepdims):
    if not keepdims:
        return out
    shape = [1 if i in axes else n for i, n in enumerate(t.shape)]
    return _ops.reshape(out, list(out.shape[:out.ndim - t.ndim + len(axes)]) + shape)


def _quantile(x, q, axis, method, keepdims, op, skip_nan):
    if method not in _METHODS:
        raise ValueError('keras.ops.%s: method must be one of %s, got %r' % (op, _METHODS, method))
    given = tensor(x, op)
    if skip_nan and axis is not None and not _floating_kind(given._data.dtype):
        # Keras 3.15 maps its per-row quantile over the rows with an output signature in x's dtype, and the
        # row's quantile is floatx: TF's TensorArray refuses the write (axis=None takes no map, and computes)
        raise noted(InvalidArgumentError('TensorArray dtype is %s but Op is trying to write dtype %s '
                                         % (given.dtype.name, floatx_dtype().name)),
                    'keras.ops.%s: Keras 3 on TensorFlow fails for %s input with an axis; cast it to a float '
                    'dtype first, or pass axis=None' % (op, given.dtype.name))
    t = floating(given, op)
    qs = np.asarray(backend.to_host(q._data) if hasattr(q, '_data') else q, np.float64)
    # (a q outside [0, 1] is no error on TF: Keras clips the positions and extrapolates, quantile(x, 1.5))
    if qs.ndim > 1 or np.any(np.isnan(qs)):
        raise ValueError('keras.ops.%s: q must be a scalar or 1-D, without NaN; got %r' % (op, qs.tolist()))
    axes = _axes(t, axis, op)
    others = [i for i in range(t.ndim) if i not in axes]
    rows = _ops.reshape(_ops.transpose(t, others + axes), [t.shape[i] for i in others] + [-1])
    if rows.shape[-1] == 0:
        raise InvalidArgumentError('keras.ops.%s: cannot take a quantile of an empty axis (shape %s)'
                                   % (op, tuple(t.shape)))      # TF: GatherV2's index error
    nans = np.isnan(backend.to_host(rows._data))
    if skip_nan and nans.any():
        # Keras drops the NaNs before it sorts (TF's sort leaves them where its comparisons put them):
        # as +inf they sort after every value, and no position below the count of the rest picks one
        rows = _ops.where(_ops.constant(nans), float('inf'), rows)
    ordered = _ops.sort(rows, axis=-1)
    # Positions are worked out on the host in float64 from q as given (quantile takes a Python q as
    # float32, as Keras 3's convert_to_tensor does); the values are gathered from the sorted tensor,
    # so gradients reach them. 'linear' is Keras's TensorFlow formula (tfp's percentile):
    # y[hi] * (1 - f) + y[lo] * f with hi = ceil(position), lo = hi - 1, f = hi - position.
    dtype = rows._data.dtype
    valid = (~nans).sum(-1, keepdims=True) if skip_nan else np.full(nans.shape[:-1] + (1,), nans.shape[-1])
    last = np.maximum(valid - 1, 0)
    position = qs.reshape(-1) * last
    # Keras clips each index into [0, last], so a q beyond [0, 1] gives the end values (linear: extrapolated)
    low, high = np.clip(np.floor(position), 0, last), np.clip(np.ceil(position), 0, last)
    if method == 'linear':
        low = np.maximum(high - 1, 0)
        high = np.minimum(low + 1, last)
    pick = {'lower': (low, low), 'higher': (high, high),
            'nearest': (np.clip(np.round(position), 0, last),) * 2}.get(method, (low, high))
    below, above = (take_along_axis(ordered, p.astype('int32'), axis=-1) for p in pick)
    if method == 'linear':
        fraction = (high - position).astype(dtype)
        out = above * _ops.constant(1 - fraction) + below * _ops.constant(fraction)
    elif method == 'midpoint':
        out = (below + above) * 0.5
    else:
        out = below
    # numpy's rule: any NaN makes the quantile NaN; nan* give NaN only where nothing is left.
    empty = (valid == 0) if skip_nan else nans.any(-1, keepdims=True)
    if empty.any():
        out = _ops.where(_ops.constant(empty), float('nan'), out)
    out = _ops.transpose(out, [out.ndim - 1] + list(range(out.ndim - 1)))  # the q axis first
    out = _keep(out, t, axes, keepdims)
    return out[0] if qs.ndim == 0 else out


def quantile(x, q, axis=None, method='linear', keepdims=False):
    """The q-th quantiles (q in [0, 1]) over ``axis`` (None: every element); a 1-D q gives a
    leading axis of quantiles. ``method`` picks between neighbours as numpy's does."""
    # Keras converts q first: a Python float is float32 (0.3 becomes 0.30000001192092896)
    return _quantile(x, tensor(q, 'quantile'), axis, method, keepdims, 'quantile', False)


def nanquantile(x, q, axis=None, method='linear', keepdims=False):
    """``quantile`` over the non-NaN elements (NaN where every element is NaN)."""
    return _quantile(x, q, axis, method, keepdims, 'nanquantile', True)


def _percent(q):
    # Keras divides q, converted to floatx, by 100 in floatx: percentile 40 is q = 0.4000000059604645 under float32,
    # 0.4 under set_floatx('float64'), 0.39990234375 under 'float16'
    floatx = floatx_dtype()
    return np.asarray(backend.to_host(q._data) if hasattr(q, '_data') else q, floatx) / floatx.type(100)


def percentile(x, q, axis=None, method='linear', keepdims=False):
    """``quantile`` with q in percent, [0, 100]."""
    return _quantile(x, _percent(q), axis, method, keepdims, 'percentile', False)


def nanpercentile(x, q, axis=None, method='linear', keepdims=False):
    return _quantile(x, _percent(q), axis, method, keepdims, 'nanpercentile', True)


def median(x, axis=None, keepdims=False):
    """The middle value (the mean of the two middle ones for an even count)."""
    return _quantile(x, 0.5, axis, 'linear', keepdims, 'median', False)


def nanmedian(x, axis=None, keepdims=False):
    if _no_axes(axis):      # Keras 3 returns x itself (an integer x too, which its quantile would refuse)
        return tensor(x, 'nanmedian')
    return _quantile(x, 0.5, axis, 'linear', keepdims, 'nanmedian', True)


def _no_axes(axis):
    return isinstance(axis, (tuple, list)) and len(axis) == 0


# ---- extremes -------------------------------------------------------------------------------------
def amax(x, axis=None, keepdims=False):
    """The maximum over ``axis`` (None: every element): keras.ops.max, as Keras 3 (bools stay bools)."""
    return _max(x, axis, keepdims)


def amin(x, axis=None, keepdims=False):
    """The minimum over ``axis`` (None: every element): keras.ops.min, as Keras 3 (bools stay bools)."""
    return _min(x, axis, keepdims)


def ptp(x, axis=None, keepdims=False):
    """Peak to peak: max - min over ``axis``."""
    t = tensor(x, 'ptp')         # (a bool tensor meets TF's Max refusal: Keras 3 casts nothing)
    return _ops.reduce_max(t, axis, keepdims) - _ops.reduce_min(t, axis, keepdims)


# ---- NaN-ignoring reductions ----------------------------------------------------------------------
def _without_nan(x, op, fill):
    """(tensor, NaN mask or None): NaN replaced by ``fill``; integer tensors have no NaN."""
    t = numeric(x, op)
    if t._data.dtype.kind not in 'fc' and t._data.dtype.name != 'bfloat16':
        return t, None
    nan = _ops.is_nan(t)
    return _ops.where(nan, fill, t), nan


def nansum(x, axis=None, keepdims=False):
    """The sum of the non-NaN elements (Keras 3 finds a complex tensor's NaN on its real part)."""
    t = tensor(x, 'nansum')
    if t.dtype.is_complex:
        return _ops.reduce_sum(_ops.where(_ops.is_nan(_ops.real(t)), 0.0, t), axis, keepdims)
    # (Keras sums bool, int8 and int16 in int32, uint8 and uint16 in uint32, as its sum)
    return _ops.reduce_sum(summable(_without_nan(x, 'nansum', 0.0)[0], 'nansum'), axis, keepdims)


def nanprod(x, axis=None, keepdims=False):
    """The product of the non-NaN elements (Keras 3 keeps a complex tensor's NaN: a plain product)."""
    if tensor(x, 'nanprod').dtype.is_complex:
        return _ops.reduce_prod(tensor(x, 'nanprod'), axis, keepdims)
    # (integer tensors: Keras 3's prod, which multiplies bool / int8 / int16 in int32 and uint8 / uint16 in uint32)
    return _ops.reduce_prod(_without_nan(summable(x, 'nanprod'), 'nanprod', 1.0)[0], axis, keepdims)


def nanmean(x, axis=None, keepdims=False):
    """The mean of the non-NaN elements (NaN where there are none)."""
    if _no_axes(axis):      # Keras 3 returns x itself, in its own dtype
        return tensor(x, 'nanmean')
    if tensor(x, 'nanmean').dtype.is_complex:      # Keras 3: a mean of cast(x, 'float32'), NaN counted
        return _ops.reduce_mean(_ops.cast(tensor(x, 'nanmean'), 'float32'), axis, keepdims)
    if not _floating_kind(tensor(x, 'nanmean')._data.dtype):     # Keras: a mean in float32, not floatx (TF's Mean)
        return _ops.reduce_mean(floating(x, 'nanmean', compute='float32'), axis, keepdims)
    t, nan = _without_nan(x, 'nanmean', 0.0)
    count = _ops.reduce_sum(_ops.cast(_ops.logical_not(nan), t.dtype), axis, keepdims)
    return _ops.reduce_sum(t, axis, keepdims) / count


def nanvar(x, axis=None, keepdims=False):
    """The population variance of the non-NaN elements."""
    t = floating(x, 'nanvar')
    centred = t - nanmean(t, axis, keepdims=True)
    return nanmean(centred * centred, axis, keepdims)


def nanstd(x, axis=None, keepdims=False):
    return _ops.sqrt(nanvar(floating(x, 'nanstd'), axis, keepdims))


def _nan_extreme(name, reduce_op, fill):
    # Keras 3 on TF reduces a bool tensor with reduce_any (nanmax) / reduce_all (nanmin): the answer stays bool
    bool_op = _ops.reduce_any if name == 'nanmax' else _ops.reduce_all

    def op(x, axis=None, keepdims=False):
        if tensor(x, name).dtype.is_bool:
            return bool_op(tensor(x, name), axis, keepdims)
        t, nan = _without_nan(x, name, fill)
        if nan is None:
            return reduce_op(t, axis, keepdims)
        every = _ops.reduce_all(nan, axis, keepdims)    # Keras's first reduction (a bad axis: TF's All error)
        return _ops.where(every, float('nan'), reduce_op(t, axis, keepdims))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'The %s of the non-NaN elements over ``axis`` (NaN where all are NaN).' % name[3:]
    return op


nanmax = _nan_extreme('nanmax', _ops.reduce_max, -np.inf)
nanmin = _nan_extreme('nanmin', _ops.reduce_min, np.inf)


def _nan_arg(name, fill):
    def op(x, axis=None, keepdims=False):
        from .ops_math import argmax, argmin
        t, nan = _without_nan(x, name, fill)
        if nan is None:
            return (argmax if name == 'nanargmax' else argmin)(t, axis, keepdims)
        # Keras 3 answers -1 where all are NaN, and reduces the mask first (a bad axis: TF's All error)
        every = _ops.reduce_all(nan, axis, keepdims)
        out = (argmax if name == 'nanargmax' else argmin)(t, axis, keepdims)
        return _ops.where(_ops.reshape(every, out.shape), -1, out)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = ('int32 index of the %s, NaN elements ignored (None: into the flattened tensor; '
                  '-1 where every element is NaN).' % name[6:])
    return op


nanargmax = _nan_arg('nanargmax', -np.inf)
nanargmin = _nan_arg('nanargmin', np.inf)


def _nan_cumulative(name, fill):
    def op(x, axis=None, dtype=None):
        from .ops_math import cumprod, cumsum
        t = _without_nan(x, name, fill)[0]
        return (cumsum if name == 'nancumsum' else cumprod)(t, axis, dtype)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'Running %s along ``axis``, NaN counted as %s.' % (name[6:], fill)
    return op


nancumsum = _nan_cumulative('nancumsum', 0.0)
nancumprod = _nan_cumulative('nancumprod', 1.0)
