"""tf.math's order questions and running log-sum-exp: invert_permutation, is_non_decreasing,
is_strictly_increasing, cumulative_logsumexp."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error, noted
from ..tensor import Tensor
from .arithmetic import subtract
from .bool_attributes import bool_attribute
from .kernel_scalar_axis import scan_axis
from .logic import greater, greater_equal, less
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, normalize_axis, record
from .selection import where
from .unary import exp, log


@named_errors('invert_permutation', passes_name=True)
def invert_permutation(x, name=None):
    """``y`` with ``y[x[i]] = i``: the inverse of a permutation of 0 .. n-1 (int32 or int64, 1-D).

    Raises:
        TypeError: a non-integer x.
        InvalidArgumentError: x not 1-D, or not a permutation of 0 .. n-1.
    """
    t = as_tensor(x, 'invert_permutation')
    a = t._data
    if (t.dtype.name not in ('int32', 'int64') and isinstance(x, Tensor)) or a.dtype.kind in 'OS':
        # the op's registry (T int32 / int64) for a tensor or a string; a Python input runs on TF's slow path,
        # without ' name: ' (Python and numpy numbers convert to T's default int32 there: left as before)
        from .graph_input_errors import allowed_list_refusal, kernel_dtype_name
        raise noted(allowed_list_refusal(InvalidArgumentError(      # (in a trace: op_def_library's TypeError)
            "Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
            'InvertPermutation}}; Op<name=InvertPermutation; signature=x:T -> y:T; attr=T:type,default=DT_INT32,'
            'allowed=[DT_INT32, DT_INT64]> [Op:InvertPermutation]%s' % (kernel_dtype_name(t.dtype.name),
                                                                       ' name: ' if isinstance(x, Tensor) else '')),
            'T', t.dtype.name, ('int32', 'int64'), 'x:T'),
            'invert_permutation: x must be int32 or int64, got dtype %s' % t.dtype.name)
    if a.dtype.kind not in 'iu':        # (Python or numpy bools and floats)
        raise InvalidArgumentError('invert_permutation: x must be int32 or int64, got dtype %s' % t.dtype.name)
    if a.ndim != 1:
        raise kernel_error('InvertPermutation', 'invert_permutation expects a 1D vector.', named=fast_path(x),
                           note='invert_permutation: x must be 1-D, got shape %s' % (tuple(a.shape),))
    host = backend.to_host(a)
    if not np.array_equal(np.sort(host), np.arange(host.size)):
        raise kernel_error('InvertPermutation', _first_misplaced(host), named=fast_path(x),
                           note='invert_permutation: %s is not a permutation of 0 .. %d (each index once)'
                                % (host.tolist(), host.size - 1))
    xp = backend.array_module(a)
    out = xp.empty_like(a)
    out[a] = xp.arange(a.size, dtype=a.dtype)
    return Tensor(out)


def _first_misplaced(host):
    """The InvertPermutation kernel's words for the first index it cannot place, scanning in order."""
    seen = set()
    for d in host.tolist():
        if not 0 <= d < host.size:
            return '%d is not between 0 and %d' % (d, host.size)
        if d in seen:
            return '%d is duplicated in the input.' % d
        seen.add(d)
    return ''


def _ordered(x, strict, op):
    t = as_tensor(x, op)
    a = t._data
    if a.dtype.kind not in 'fiu':       # complex reaches the Less kernel (InvalidArgumentError); others fail in Python
        note = '%s: x must be a real numeric tensor, got dtype %s' % (op, t.dtype.name)
        if a.dtype.kind == 'c':     # TF compares the differences with 0: GreaterEqual's / Greater's registry error
            flat = a.reshape(-1)
            (greater if strict else greater_equal)(Tensor(flat[1:] - flat[:-1]), 0)
            raise InvalidArgumentError(note)
        # TF 2.21's check of the flattened x (is_numeric_tensor), which its message prints
        raise noted(TypeError('Expected x to be numeric, instead found: %s' % Tensor(a.reshape(-1))), note)
    flat = a.reshape(-1)
    xp = backend.array_module(a)
    step = flat[1:] > flat[:-1] if strict else flat[1:] >= flat[:-1]
    return Tensor(xp.asarray(bool(step.all())))


@named_errors('is_non_decreasing')
def is_non_decreasing(x, name=None):
    """Whether each element of ``x`` (flattened, row-major) is >= the one before (True when empty)."""
    return _ordered(x, False, 'is_non_decreasing')


@named_errors('is_strictly_increasing')
def is_strictly_increasing(x, name=None):
    """Whether each element of ``x`` (flattened, row-major) is > the one before (True when empty)."""
    return _ordered(x, True, 'is_strictly_increasing')


@named_errors('cumulative_logsumexp')
def cumulative_logsumexp(x, axis=0, exclusive=False, reverse=False, name=None):
    """``log(cumsum(exp(x)))`` along ``axis`` without overflow: each step is a logaddexp, as
    TensorFlow's kernel. ``exclusive`` leaves each element out of its own sum (-inf first);
    ``reverse`` sums from the end.

    Raises:
        ValueError: an axis out of range, or a scalar x.
        TypeError: an axis that is not one integer.
    """
    t = as_float_tensor(x, 'cumulative_logsumexp')
    exclusive, reverse = bool_attribute(exclusive, 'exclusive'), bool_attribute(reverse, 'reverse')
    if t._data.dtype.kind == 'c':       # TF's CumulativeLogsumexp takes real floats only
        raise InvalidArgumentError("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, "
                                   "float, double\n\t; NodeDef: {{node CumulativeLogsumexp}}" % t.dtype.name)
    if axis is None:
        raise TypeError('cumulative_logsumexp: axis must be one integer, got None')
    # (a list is the kernel's scalar check: kernel_scalar_axis.py)
    (ax,) = normalize_axis(scan_axis('cumulative_logsumexp', 'CumulativeLogsumexp', x, axis), t.ndim,
                           'cumulative_logsumexp')
    a = t._data
    xp = backend.array_module(a)
    if reverse:
        a = xp.flip(a, ax)
    value = _log_add_exp_scan(backend.to_host(a), ax)    # the host has the ufunc's accumulate
    # + 0: TF's scan adds the first value to -inf's log-sum-exp too (max + log1p(0)), so a -0 becomes +0
    value = xp.asarray(value + value.dtype.type(0))
    if exclusive and value.shape[ax]:       # (an empty axis stays empty)
        first = xp.full_like(xp.take(value, [0], axis=ax), -xp.inf)
        value = xp.concatenate([first, xp.take(value, list(range(value.shape[ax] - 1)), axis=ax)], axis=ax)
    if reverse:
        value = xp.flip(value, ax)
    out = Tensor(xp.ascontiguousarray(value))
    if ACTIVE:
        record('cumulative_logsumexp', (t,), out,
               (lambda g, y, x: _grad(g, y, x, ax, exclusive, reverse),))
    return out


def _log_add_exp_scan(a, axis):
    """np.logaddexp.accumulate with the edges of TF's reducer (Eigen's LogSumExp: max(acc, x) +
    log1p(exp(min - max)), where std::min / max give acc for a NaN x): a NaN x adds acc to itself
    (cumulative_logsumexp([1, nan, 2]) is [1, 1 + log 2, 2.551]), and a sum of inf with inf or NaN
    is NaN (inf - inf), which stays. Non-finite inputs take a loop along the axis."""
    if np.isfinite(a).all():
        return np.logaddexp.accumulate(a, axis=axis)
    x = np.moveaxis(a, axis, 0)
    out = np.empty_like(x)
    total = np.full_like(x[0], -np.inf)
    for i, step in enumerate(x):
        added = np.logaddexp(total, np.where(np.isnan(step), total, step))
        total = out[i] = np.where((total == np.inf) & ((step == np.inf) | np.isnan(step)), np.nan, added)
    return np.moveaxis(out, 0, axis)


def _grad(g, y, x, axis, exclusive, reverse):
    # TensorFlow's rule: d y_i / d x_j = exp(x_j - y_i) over the j that y_i sums, split by the
    # sign of g so that each part is a log-sum-exp itself. As TF, log(g) and log(-g) are taken of
    # every g (where only picks): a higher derivative through a g of 0 is 0 / 0, NaN, as TF's.
    lowest = float(np.finfo(g._data.dtype).min)
    positive = where(greater(g, 0), log(g), lowest)
    negative = where(less(g, 0), log(-g), lowest)
    up = exp(cumulative_logsumexp(subtract(positive, y), axis, exclusive, not reverse) + x)
    down = exp(cumulative_logsumexp(subtract(negative, y), axis, exclusive, not reverse) + x)
    return subtract(up, down)
