"""RaggedTensor: rows of different lengths (``tf.RaggedTensor``).

A RaggedTensor is ``values`` (a Tensor, or another RaggedTensor for several
ragged dimensions) cut into rows by ``row_splits``: row i is
``values[row_splits[i]:row_splits[i + 1]]``. The values are ordinary tensors,
so ops on them are recorded on tapes and gradients reach whatever the values
came from. The partitions are integer tensors on the host side of the
computation (they get no gradients).
"""
import numpy as np

from .. import backend, ragged_traced_rows, trace_names
from ..composite import CompositeTensor
from ..tensor import DISPLAY_NAME, Tensor, TensorShape, convert_to_tensor
from . import partition_checks as checks
from . import row_partition as rp


def _as_values(values, op):
    if isinstance(values, RaggedTensor):
        return values, len(values._splits_host()) - 1
    try:
        values = convert_to_tensor(values)
    except (TypeError, ValueError) as err:
        raise TypeError('%s: values must be a tensor or RaggedTensor, got %r (%s)' % (op, values, err)) from None
    if values.ndim == 0:
        raise ValueError('%s: values must have rank >= 1, got a scalar' % op)
    return values, values.shape[0]


class RaggedTensor(CompositeTensor):
    """Rows of different lengths over one flat tensor of values.

    Build one with ``tf.ragged.constant`` or the ``from_*`` class methods; the
    constructor itself takes already-checked parts.
    """
    _DENSIFY = 'rt.to_tensor() (padding the rows)'
    _DISPATCH = {}      # filled in framework/ragged/ragged_ops.py

    def _refusal(self, op):
        # an op TF dispatches no RaggedTensor to converts it and fails with TF 2.21's ValueError (tf.argmax(rt),
        # tf.boolean_mask(rt, m), tf.convert_to_tensor(rt)); a ConversionError is a TypeError too, which the
        # ops' dispatch looks for; tapeflow's sentence (how to densify) as a note
        from ..tensor import ConversionError
        error = ConversionError("TypeError: object of type 'RaggedTensor' has no len()\n")
        error.add_note(str(super()._refusal(op)))
        error.composite_refusal = True
        return error

    def __init__(self, values, row_splits, uniform_row_length=None):
        self._values = values
        self._row_splits = row_splits
        self._uniform_row_length = uniform_row_length     # an int when every row has this length

    # ---- building ----------------------------------------------------------------
    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        """Row i is ``values[row_splits[i]:row_splits[i + 1]]``."""
        op = 'RaggedTensor.from_row_splits'
        if isinstance(row_splits, (list, tuple)) and not row_splits:
            raise ValueError('row_splits tensor may not be empty.')
        values, nvals = _as_values(values, op)
        splits = rp.host_ints(row_splits, 'row_splits', op)
        dtype = rp.splits_dtype(row_splits)
        checks.row_splits(splits, dtype)
        if not splits.size:
            rp.check_splits(splits, nvals, op)      # an empty array or tensor: tapeflow's words
        checks.value_count(splits[-1], nvals, dtype)
        return _traced_rows(cls(values, rp.splits_tensor(splits, dtype)), row_splits, 1)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        """Row i holds the next ``row_lengths[i]`` values."""
        op = 'RaggedTensor.from_row_lengths'
        values, nvals = _as_values(values, op)
        lengths = rp.host_ints(row_lengths, 'row_lengths', op)
        dtype = rp.splits_dtype(row_lengths)
        checks.row_lengths(lengths, dtype)
        checks.value_count(lengths.sum(), nvals, dtype)
        return _traced_rows(cls(values, rp.splits_tensor(rp.splits_from_lengths(lengths, op), dtype)), row_lengths)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        """Value j goes to row ``value_rowids[j]`` (sorted); ``nrows`` adds empty rows at the end."""
        op = 'RaggedTensor.from_value_rowids'
        values, nvals = _as_values(values, op)
        rowids = rp.host_ints(value_rowids, 'value_rowids', op)
        nrows = checks.value_rowids(rowids, nrows, nvals, rp.splits_dtype(value_rowids))
        splits = rp.splits_from_rowids(rowids, nrows, op)
        return cls(values, rp.splits_tensor(splits, rp.splits_dtype(value_rowids)))

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True, name=None):
        """Rows of ``uniform_row_length`` values each; the shape shows that length instead of None."""
        op = 'RaggedTensor.from_uniform_row_length'
        values, nvals = _as_values(values, op)
        size = int(uniform_row_length)
        if size < 0:
            raise ValueError('%s: uniform_row_length must be >= 0, got %d' % (op, size))
        count = checks.uniform_row_length(size, None if nrows is None else int(nrows), nvals)
        return cls(values, rp.splits_tensor(np.arange(count + 1) * size, np.int64), size)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        """Row i starts at ``row_starts[i]`` and ends where the next one starts."""
        op = 'RaggedTensor.from_row_starts'
        values, nvals = _as_values(values, op)
        starts = rp.host_ints(row_starts, 'row_starts', op)
        dtype = rp.splits_dtype(row_starts)
        checks.row_starts(starts, nvals, dtype)
        return _traced_rows(cls(values, rp.splits_tensor(np.concatenate([starts, [nvals]]), dtype)), row_starts)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        """Row i ends at ``row_limits[i]`` and starts where the previous one ends."""
        op = 'RaggedTensor.from_row_limits'
        limits = rp.host_ints(row_limits, 'row_limits', op)
        dtype = rp.splits_dtype(row_limits)
        checks.row_limits(limits, dtype)
        values, nvals = _as_values(values, op)
        checks.value_count(limits[-1] if limits.size else 0, nvals, dtype)
        return _traced_rows(cls(values, rp.splits_tensor(np.concatenate([[0], limits]), dtype)), row_limits)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        """Several ragged dimensions, outermost first."""
        result = flat_values
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        result = flat_values
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths)
        return result

    @classmethod
    def from_nested_value_rowids(cls, flat_values, nested_value_rowids, nested_nrows=None, name=None, validate=True):
        nested_nrows = [None] * len(nested_value_rowids) if nested_nrows is None else list(nested_nrows)
        result = flat_values
        for rowids, nrows in reversed(list(zip(nested_value_rowids, nested_nrows))):
            result = cls.from_value_rowids(result, rowids, nrows)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None, row_splits_dtype=np.int64):
        """Rows of a dense tensor, cut to ``lengths`` or stripped of trailing ``padding``."""
        from .dense_conversion import from_tensor
        return from_tensor(tensor, lengths, padding, ragged_rank, row_splits_dtype)

    # ---- parts -------------------------------------------------------------------
    values = property(lambda self: self._values, doc='The concatenated rows (a Tensor or RaggedTensor).')
    row_splits = property(lambda self: self._row_splits, doc='Where each row starts; the last entry ends the last row.')

    def _splits_host(self):
        return np.asarray(backend.to_host(self._row_splits._data))

    @property
    def flat_values(self):
        """The innermost values, a Tensor."""
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values._values
        return values

    @property
    def nested_row_splits(self):
        """The row_splits of each ragged dimension, outermost first."""
        out, rt = [], self
        while isinstance(rt, RaggedTensor):
            out.append(rt._row_splits)
            rt = rt._values
        return tuple(out)

    @property
    def ragged_rank(self):
        return len(self.nested_row_splits)

    @property
    def dtype(self):
        return self.flat_values.dtype

    @property
    def row_splits_dtype(self):
        return self._row_splits.dtype

    def with_row_splits_dtype(self, dtype):
        """This RaggedTensor with every level's row splits in ``dtype`` (int32 or int64); itself if they are."""
        from ..dtypes import as_dtype
        dtype = as_dtype(dtype)
        if dtype.name not in ('int32', 'int64'):
            raise ValueError('Argument `row_splits` dtype must be int32 or int64. Received %s.' % (dtype,))
        if dtype == self.row_splits_dtype:
            return self
        values = self._values.with_row_splits_dtype(dtype) if isinstance(self._values, RaggedTensor) else self._values
        return RaggedTensor(values, ops.cast(self._row_splits, dtype), self._uniform_row_length)

    @property
    def shape(self):
        """(nrows, None per ragged dimension (its length if uniform), the flat values' inner dimensions)."""
        return self._static_shape(2)

    def get_shape(self):
        return self._static_shape(2)

    def _static_shape(self, depth):
        # a split's rows in a trace, to the user's code: open where TF counts them at run time
        dims = ragged_traced_rows.static_dims(self, depth) if trace_names.ACTIVE else False
        if dims is False:
            dims, rt = [len(self._splits_host()) - 1], self
            while isinstance(rt, RaggedTensor):
                dims.append(rt._uniform_row_length)
                rt = rt._values
        return TensorShape(dims + list(self.flat_values.shape[1:]))

    @property
    def ndim(self):
        return len(self.shape)

    def nrows(self, out_type=None, name=None):
        return self._int_tensor(len(self._splits_host()) - 1, out_type)

    def row_lengths(self, axis=1, name=None):
        """The length of each row (``axis`` > 1: of each row of ``values``, as a RaggedTensor; 0: the row
        count; negative axes count from the end), as TF 2.21's RaggedTensor.row_lengths."""
        if axis == 0:
            return self.nrows()
        if axis == 1:
            return ragged_traced_rows.per_row(self, self._int_tensor(np.diff(self._splits_host())))
        if not -self.ndim <= axis < self.ndim:      # array_ops.get_positive_axis's words
            raise ValueError('axis=%d out of bounds: expected %d<=axis<%d' % (axis, -self.ndim, self.ndim))
        axis %= self.ndim
        if axis < 2:
            return self.row_lengths(axis)
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        inner = self._values.shape        # a uniform axis: every row holds its size
        return self.with_values(self._int_tensor(np.full(tuple(inner[:axis - 1]), inner[axis - 1])))

    def bounding_shape(self, axis=None, name=None, out_type=None):
        """The dense shape that to_tensor() gives, as an int vector."""
        from .shape_ops import bounding_shape
        return bounding_shape(self, axis, out_type)

    def merge_dims(self, outer_axis, inner_axis):
        """Axes outer_axis..inner_axis merged into one."""
        from .shape_ops import merge_dims
        return merge_dims(self, outer_axis, inner_axis)

    def nested_row_lengths(self, name=None):
        return tuple(self._int_tensor(np.diff(np.asarray(backend.to_host(s._data)))) for s in self.nested_row_splits)

    @property
    def uniform_row_length(self):
        """The length of every row (an int64 scalar) when the rows were built uniform, else None."""
        if self._uniform_row_length is None:
            return None
        return self._int_tensor(self._uniform_row_length)

    def nested_value_rowids(self, name=None):
        """The value_rowids of each ragged dimension, outermost first."""
        out, rt = [], self
        while isinstance(rt, RaggedTensor):
            out.append(rt.value_rowids())
            rt = rt._values
        return tuple(out)

    def value_rowids(self, name=None):
        return ragged_traced_rows.per_value(self, self._int_tensor(rp.rowids_of(self._splits_host())))

    def row_starts(self, name=None):
        return ragged_traced_rows.per_row(self, self._int_tensor(self._splits_host()[:-1]))

    def row_limits(self, name=None):
        return ragged_traced_rows.per_row(self, self._int_tensor(self._splits_host()[1:]))

    def _int_tensor(self, value, out_type=None):
        from .. import dtypes
        dtype = self._row_splits._data.dtype if out_type is None else dtypes.numpy_dtype(out_type)
        return Tensor(backend.place(np.asarray(value, dtype=dtype)))

    def with_values(self, new_values):
        """The same rows over other values (as many as ``values`` had)."""
        new_values, n = _as_values(new_values, 'RaggedTensor.with_values')
        if n != self._splits_host()[-1]:
            raise ValueError('with_values: need %d values, got %d' % (self._splits_host()[-1], n))
        if trace_names.ACTIVE:      # (an elementwise op's values: as long as the trace's, open where they are)
            ragged_traced_rows.keep_values(self, new_values)
        return RaggedTensor(new_values, self._row_splits, self._uniform_row_length)

    def with_flat_values(self, new_values):
        """The same nested rows over other flat values."""
        if isinstance(self._values, RaggedTensor):
            return RaggedTensor(self._values.with_flat_values(new_values), self._row_splits, self._uniform_row_length)
        return self.with_values(new_values)

    def _map_values(self, fn, op=None):
        return self.with_flat_values(fn(self.flat_values))

    # ---- conversion, printing ----------------------------------------------------
    def to_tensor(self, default_value=None, name=None, shape=None):
        """A dense tensor, short rows padded with ``default_value`` (0), optionally cut or padded to ``shape``."""
        from .dense_conversion import to_tensor
        return to_tensor(self, default_value, shape)

    def to_sparse(self, name=None):
        """A SparseTensor holding the values at their padded coordinates."""
        from .sparse_conversion import to_sparse
        return to_sparse(self)

    @classmethod
    def from_sparse(cls, st_input, name=None, row_splits_dtype=np.int64):
        """Rows from a 2-D SparseTensor with ordered, gap-free indices."""
        from .sparse_conversion import from_sparse
        return from_sparse(st_input, name, row_splits_dtype)

    def to_list(self):
        """Nested Python lists of the values."""
        from .dense_conversion import to_list
        return to_list(self)

    def numpy(self):
        """A numpy array: rows of one length stack; otherwise an object array of row arrays."""
        from .dense_conversion import to_numpy
        return to_numpy(self)

    def __repr__(self):
        from .dense_conversion import value_text
        if trace_names.ACTIVE and all(trace_names.entry_of(part) is not None
                                      for part in self.nested_row_splits + (self.flat_values,)):
            # a graph's RaggedTensor (its parts named in the running trace: a map's ragged batch): TF 2.21
            # prints its parts' texts; one with a part the trace left unnamed keeps the eager text
            return 'tf.RaggedTensor(values=%s, row_splits=%s)' % (self._values, self._row_splits)
        return '<%s.RaggedTensor %s>' % (DISPLAY_NAME, value_text(self))

    __str__ = __repr__

    def __getitem__(self, key):
        from .indexing import getitem
        result = getitem(self, key)
        first = key[0] if isinstance(key, tuple) and key else key
        if trace_names.ACTIVE and isinstance(first, slice):
            if first.start is None and first.stop is None and first.step is None:
                ragged_traced_rows.keep_rows(self, result)      # (every row kept: a trace's row count stays)
            else:
                ragged_traced_rows.slice_rows(self, result)     # (open where the trace's count is)
        return result

    # TF 2.21: == and != compare value by value where the operands meet (same row lengths, a
    # scalar, a dense column per row); any other operand (None, another layout or dtype) is just
    # unequal. So hashing or testing one for truth is an error, in TensorFlow's words.
    def __eq__(self, other):
        return _compared(ops.equal, self, other, False)

    def __ne__(self, other):
        return _compared(ops.not_equal, self, other, True)

    def __hash__(self):
        raise TypeError('RaggedTensor is unhashable.')

    def __bool__(self):
        raise TypeError('RaggedTensor may not be used as a boolean.')

    # ---- operators: the plain ops, which dispatch to ragged_ops -------------------
    def __add__(self, other): return ops.add(self, other)
    def __radd__(self, other): return ops.add(other, self)
    def __sub__(self, other): return ops.subtract(self, other)
    def __rsub__(self, other): return ops.subtract(other, self)
    def __mul__(self, other): return ops.multiply(self, other)
    def __rmul__(self, other): return ops.multiply(other, self)
    def __truediv__(self, other): return ops.divide(self, other)
    def __rtruediv__(self, other): return ops.divide(other, self)
    def __pow__(self, other): return ops.pow(self, other)
    def __gt__(self, other): return ops.greater(self, other)
    def __ge__(self, other): return ops.greater_equal(self, other)
    def __lt__(self, other): return ops.less(self, other)
    def __le__(self, other): return ops.less_equal(self, other)
    def __floordiv__(self, other): return _valuewise('floordiv', self, other)
    def __rfloordiv__(self, other): return _valuewise('floordiv', other, self)
    def __mod__(self, other): return _valuewise('floormod', self, other)
    def __rmod__(self, other): return _valuewise('floormod', other, self)
    def __rpow__(self, other): return _valuewise('pow', other, self)
    # TF 2.21's RaggedTensor: & | ^ ~ are the logical ops, for bool values only (an int32 one fails
    # in LogicalAnd / LogicalNot, where a dense tensor's would be bitwise)
    def __and__(self, other): return _valuewise('logical_and', self, other)
    def __rand__(self, other): return _valuewise('logical_and', other, self)
    def __or__(self, other): return _valuewise('logical_or', self, other)
    def __ror__(self, other): return _valuewise('logical_or', other, self)
    def __xor__(self, other): return _valuewise('logical_xor', self, other)
    def __rxor__(self, other): return _valuewise('logical_xor', other, self)
    def __invert__(self): return self._map_values(ops.logical_not)
    def __neg__(self): return self._map_values(ops.negative)
    def __abs__(self): return self._map_values(ops.abs)


def _valuewise(name, x, y):
    """The op ``name`` of a ragged operand and another (ragged of the same rows, or dense), value by value."""
    from .ragged_ops import elementwise
    return elementwise(getattr(ops, name))(x, y)


def _compared(compare, rt, other, unequal):
    from ..errors import InvalidArgumentError
    if other is None:
        return unequal
    try:
        return compare(rt, other)
    except (TypeError, ValueError, InvalidArgumentError):
        return unequal


from .. import ops  # noqa: E402  (the operators look ops up at call time)


def _traced_rows(ragged, partition, extra=0):
    """``ragged``, its rows noted for a trace as its partition tensor's traced length (less ``extra``) gives."""
    if trace_names.ACTIVE:
        ragged_traced_rows.note_partition(ragged, partition, extra)
    return ragged
