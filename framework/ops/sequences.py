"""Ops on sequences of values: sequence_mask, roll, searchsorted, unique (with counts), embedding_lookup."""
import collections

import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError, fast_path, kernel_error
from ..tape import record_blocked
from ..tensor import Tensor
from .index_operands import refuse_out_dtype
from .indexing import gather
from .missing_kernels import refuse_missing
from .norms import clip_by_norm
from .operands import ACTIVE, as_tensor, named_errors, record
from .shapes import concat, identity
from .type_attributes import refused_type
from .sorted_search import searchsorted  # noqa: F401  (tf.searchsorted's home before sorted_search.py)
from .unregistered_gradient import unregistered_outputs, without_gradient
from ..tf_python_names import tf_named

Unique = collections.namedtuple('Unique', ['y', 'idx'])
UniqueWithCounts = collections.namedtuple('UniqueWithCounts', ['y', 'idx', 'count'])


_ROLL_OP = ('Op<name=Roll; signature=input:T, shift:Tshift, axis:Taxis -> output:T; attr=T:type; '
            'attr=Tshift:type,allowed=[DT_INT32, DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, DT_INT64]> [Op:Roll]')


def _roll_operand(value, attr, named):
    """``shift`` or ``axis`` as the Roll kernel takes it: an int32 / int64 tensor of rank 0 or 1, else
    TensorFlow's attr error (a float or string) or the kernel's rank error, in their order."""
    t = value if isinstance(value, Tensor) else as_tensor(value, 'roll')
    if t.dtype.name not in ('int32', 'int64'):
        shown = {'float32': 'float', 'float64': 'double'}.get(t.dtype.name, t.dtype.name)
        raise InvalidArgumentError("Value for attr '%s' of %s is not in the list of allowed values: int32, int64\n\t; "
                                   "NodeDef: {{node Roll}}; %s%s" % (attr, shown, _ROLL_OP, ' name: ' if named else ''))
    return t


@named_errors('roll')
def roll(input, shift, axis, name=None):  # noqa: A002  (TensorFlow's names)
    """Elements shifted cyclically by ``shift`` along ``axis`` (ints, or lists of equal length;
    an axis named twice shifts by the sum). The gradient rolls back by ``-shift``.

    Raises InvalidArgumentError in TF 2.21's Roll kernel words and order: a non-integer shift / axis (its
    attrs), a scalar input, shift or axis of rank 2, shift and axis of different shapes (1 and [0] too),
    an axis out of range (printed after adding the rank, as the kernel does)."""
    # TF's eager fast path takes tensors, arrays and numbers; a Python list or string (or a numpy scalar)
    # goes by the slow path, whose errors have no ' name: ' tail
    named = not any(isinstance(v, (list, tuple, str, bytes, np.generic)) for v in (input, shift, axis))
    x = as_tensor(input, 'roll')
    shift_t, axis_t = _roll_operand(shift, 'Tshift', named), _roll_operand(axis, 'Taxis', named)
    problem = ('input must be 1-D or higher' if x.ndim == 0 else
               'shift must be a scalar or a 1-D vector. Found: [%s]' % ','.join(map(str, shift_t.shape))
               if shift_t.ndim > 1 else
               'axis must be a scalar or a 1-D vector. Found: [%s]' % ','.join(map(str, axis_t.shape))
               if axis_t.ndim > 1 else
               'shift and axis must have the same size' if tuple(shift_t.shape) != tuple(axis_t.shape) else None)
    shifts = [int(v) for v in np.asarray(backend.to_host(shift_t._data)).reshape(-1)]
    axes = [int(v) for v in np.asarray(backend.to_host(axis_t._data)).reshape(-1)]
    if problem is None:
        problem = next(('axis %d is out of range' % (a + x.ndim if a < 0 else a)
                        for a in axes if not -x.ndim <= a < x.ndim), None)
    if problem is not None:
        raise kernel_error('Roll', problem, named=named,
                           note='roll: shift %s, axis %s, input shape %s' % (shifts, axes, tuple(x.shape)))
    return _roll(x, tuple(shifts), tuple(a % x.ndim for a in axes))


def _roll(x, shifts, axes):
    xp = backend.array_module(x._data)
    out = Tensor(xp.roll(x._data, shifts, axes))
    if ACTIVE:
        back = tuple(-s for s in shifts)
        record('roll', (x,), out, (lambda g, y, x: _roll(g, back, axes),))
    return out


@named_errors('sequence_mask')
def sequence_mask(lengths, maxlen=None, dtype='bool', name=None):
    """``mask[..., j] = j < lengths[...]``, of shape ``lengths.shape + (maxlen,)``.

    maxlen defaults to ``max(lengths)``; the mask is cast to ``dtype``.
    """
    t = as_tensor(lengths, 'sequence_mask')
    if t._data.dtype.kind not in 'iuf':
        note = 'sequence_mask: lengths must be numeric, got dtype %s' % t.dtype.name
        if maxlen is None:      # TF takes max(lengths) first: the Max kernel's registry refuses strings and bools
            from . import float_kernels
            error = float_kernels.refusal('reduce_max', t.dtype.name)
            if error is not None:
                error.add_note(note)
                raise error
        raise TypeError(note)
    from .creation import range as tf_range
    from .shapes import cast
    # TensorFlow's recipe: range(0, maxlen) in maxlen's dtype, compared with the lengths cast to that
    # dtype (so maxlen=3 truncates a length of 1.5 to 1, and maxlen=2.5 gives 3 float steps)
    if maxlen is None:
        limit = t if t._data.size else Tensor(np.zeros((), t._data.dtype))
        limit = Tensor(backend.array_module(limit._data).max(limit._data))
    else:
        limit = as_tensor(maxlen, 'sequence_mask')
        if limit.ndim != 0:
            raise ValueError("Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = %s with shape "
                             "'%s' instead" % (limit.numpy(), tuple(limit.shape)))     # (TF shows the converted value)
    if ACTIVE:
        record_blocked('sequence_mask', (t,))
    try:
        steps = tf_range(Tensor(np.zeros((), limit._data.dtype)), limit, dtype=limit.dtype)
    except InvalidArgumentError as err:      # Range's own words, as TensorFlow's (a negative maxlen)
        err.add_note('raised inside sequence_mask: maxlen must be >= 0')
        raise
    mask = steps._data < cast(t, limit.dtype)._data[..., None]
    return Tensor(mask.astype(dtypes.numpy_dtype(dtype), copy=False))


@named_errors('unique')
def unique(x, out_idx='int32', name=None):
    """The distinct values of a vector in order of first appearance, and for each
    element the position of its value among them: ``Unique(y, idx)``."""
    values, positions, _ = _first_appearance(x, out_idx, 'unique')
    return Unique(values, positions)


@named_errors('unique_with_counts')
def unique_with_counts(x, out_idx='int32', name=None):
    """``unique``'s ``(y, idx)`` and how often each value occurs, ``count`` (of dtype ``out_idx``)."""
    return UniqueWithCounts(*_first_appearance(x, out_idx, 'unique_with_counts'))


def _first_appearance(x, out_idx, op):
    """(distinct values in order of first appearance, each element's position among them, counts)."""
    t = as_tensor(x, op)
    if t._data.dtype.kind == 'c':       # TF 2.21 registers Unique for complex on XLA only
        refuse_missing(t, 'Unique' if op == 'unique' else 'UniqueWithCounts', op,
                       ', out_idx=DT_%s' % dtypes.numpy_dtype(out_idx).name.upper())
    if t.ndim != 1:
        raise kernel_error('Unique' if op == 'unique' else 'UniqueWithCounts', 'unique expects a 1D vector.',
                           named=fast_path(x), note='%s: x must be a vector, got shape %s' % (op, tuple(t.shape)))
    try:
        idx_dtype = dtypes.numpy_dtype(out_idx)
    except (TypeError, ValueError):     # a tensor, 'abc', 1.5: the op wrapper's make_type
        raise refused_type(out_idx, 'out_idx') from None
    refuse_out_dtype('Unique' if op == 'unique' else 'UniqueWithCounts', dtypes.as_dtype(idx_dtype).name,
                     isinstance(x, Tensor), op)
    kernel = 'Unique' if op == 'unique' else 'UniqueWithCounts'
    a = t._data
    xp = backend.array_module(a)
    if a.dtype.itemsize == 2 and (a.dtype.kind == 'f' or a.dtype.name == 'bfloat16'):
        # Eigen's half and bfloat16 hash their bits: -0 and 0 are two values (NaNs stay apart, as below)
        key = xp.where(xp.isnan(a.astype(np.float32)), 65536 + xp.arange(a.size), a.view(np.uint16).astype(np.int64))
        _, first, inverse, counts = xp.unique(key, return_index=True, return_inverse=True, return_counts=True)
        values = a[first]
    else:
        # TensorFlow's Unique hashes values, and NaN equals no NaN: each is a value of its own
        apart = {'equal_nan': False} if xp is np and a.dtype.kind in 'fc' else {}
        values, first, inverse, counts = xp.unique(a, return_index=True, return_inverse=True, return_counts=True,
                                                   **apart)
    order = xp.argsort(first)                 # sorted position -> appearance position
    rank = xp.empty_like(order)
    rank[order] = xp.arange(order.size)
    distinct = Tensor(values[order])
    positions, counted = Tensor(rank[inverse.reshape(-1)].astype(idx_dtype)), Tensor(counts[order].astype(idx_dtype))
    if ACTIVE:      # TF registers no gradient for Unique / UniqueWithCounts: a tape through y is a LookupError,
        found = distinct        # and so is one asked of idx or count themselves
        distinct = without_gradient(kernel, lambda _: found, t)
        unregistered_outputs(kernel, (t,), *((positions, counted) if op == 'unique_with_counts' else (positions,)))
    return distinct, positions, counted


@tf_named('embedding_lookup_v2')
@named_errors('embedding_lookup')
def embedding_lookup(params, ids, max_norm=None, name=None):
    """Rows of ``params`` at ``ids`` (shape ``ids.shape + params.shape[1:]``).

    ``params`` may be a list of tensors split along axis 0 (TensorFlow's "div"
    strategy, so they are joined in order). With ``max_norm``, each looked-up
    embedding is scaled down to that L2 norm if it is longer.
    """
    if isinstance(params, (list, tuple)) and not params:
        raise ValueError('Length of params is currently 0. Need at least one param.')     # TF 2.21's words
    if isinstance(params, list):
        # TF 2.21 reads a list (only a list: a tuple is one tensor, packed) as shards, each item converted
        # on its own: params=[[1., 2.], [3., 4.]] is two shards of 2 ids, so ids [1, 1] give [2., 2.]
        shards = [p if isinstance(p, Tensor) else as_tensor(p, 'embedding_lookup') for p in params]
        table = shards[0] if len(shards) == 1 else concat(shards, 0)
    else:
        try:
            table = as_tensor(params, 'embedding_lookup')
        except ValueError:
            if params is None:      # TF 2.21's check, before any conversion
                raise ValueError('params must be specified') from None
            raise
    if table.ndim == 0:         # GatherV2's words, as TF's lookup meets them
        raise kernel_error('GatherV2', 'params must be at least 1 dimensional', named=True,
                           note='embedding_lookup: params must have rank >= 1, got a scalar')
    if hasattr(ids, 'with_flat_values'):      # ragged ids: the rows of their lookups (TF's dispatch)
        return ids.with_flat_values(embedding_lookup(table, ids.flat_values, max_norm))
    ids = as_tensor(ids, 'embedding_lookup')
    try:
        found = gather(table, ids)
    except InvalidArgumentError as err:       # TF's GatherV2 error, class and words kept
        err.add_note('raised inside embedding_lookup (params of shape %s)' % (tuple(table.shape),))
        raise
    except IndexError as err:
        raise IndexError('embedding_lookup: %s' % err) from None
    if max_norm is not None:
        found = clip_by_norm(found, max_norm, axes=list(range(ids.ndim, found.ndim)))
    # TF's lookup ends in an Identity op: one more step before its tape reaches the gather, which decides
    # where the gather's rows go among a variable's other gathered rows (its IndexedSlices' order)
    return identity(found) if ACTIVE else found
