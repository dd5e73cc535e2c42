"""IndexedSlices: a gradient that touches only some rows of a variable (``tf.IndexedSlices``).

The gradient of ``gather(variable, ids)`` along axis 0 is one row per id, not a
dense array of the variable's shape, as in TensorFlow (a ResourceGather's
gradient). Repeated ids keep one row each; converting to a tensor sums them.
Keras 3's optimizers (TensorFlow backend) read the rows one by one, so a squared
gradient holds the sum of the squared rows of a repeated id, not the square of
their sum (see ``optim/sparse_update.py``).

``RowGradients`` is the same idea inside a tape's sweep: it adds to another
sweep gradient as the sweep needs (rows with rows: concatenated; with a dense
gradient: summed densely), and becomes an IndexedSlices when the sweep ends.
"""
import numpy as np

from . import backend
from .row_scatter import add_rows
from .tensor import Tensor, TensorShape
from .tensor_conversion import convert_to_tensor
from .keras_repr import default_repr


class IndexedSlices:
    """A sparse slice of a dense tensor: ``dense[indices[i]] += values[i]`` (``tf.IndexedSlices``).

    Args:
        values: a tensor of shape ``(n,) + dense_shape[1:]``, one row per index.
        indices: n integers, the rows of the dense tensor (repeats allowed).
        dense_shape: the dense tensor's shape, or None when unknown.
    Raises:
        TypeError: integer-free indices or non-numeric values.
        ValueError: indices that are not one per row of values, or a dense_shape
            whose trailing axes differ from the values' rows.
    """

    def __init__(self, values, indices, dense_shape=None):
        values = convert_to_tensor(values)
        indices = convert_to_tensor(indices)
        if indices._data.dtype.kind not in 'iu':
            raise TypeError('IndexedSlices: indices must be integers, got dtype %s; cast them to int32 or int64'
                            % indices._data.dtype.name)
        if values.ndim < 1 or indices.ndim != 1 or indices._data.shape[0] != values._data.shape[0]:
            raise ValueError('IndexedSlices: need one index per row of values; got indices of shape %s and '
                             'values of shape %s' % (tuple(indices.shape), tuple(values.shape)))
        if dense_shape is not None:
            dense_shape = convert_to_tensor(dense_shape)
            if dense_shape._data.dtype.kind not in 'iu' or dense_shape.ndim != 1:
                raise TypeError('IndexedSlices: dense_shape must be a list or 1-D tensor of integers, got %r'
                                % (dense_shape,))
            shape = tuple(int(d) for d in backend.to_host(dense_shape._data).reshape(-1))
            if shape[1:] != tuple(values._data.shape[1:]):
                raise ValueError('IndexedSlices: dense_shape %s does not match values of shape %s (every axis '
                                 'but the first must agree)' % (shape, tuple(values.shape)))
        self._values, self._indices, self._dense_shape = values, indices, dense_shape

    values = property(lambda self: self._values, doc='The rows, one per index.')
    indices = property(lambda self: self._indices, doc='The row of the dense tensor each value row goes to.')
    dense_shape = property(lambda self: self._dense_shape, doc='The dense shape (a 1-D int Tensor) or None.')
    dtype = property(lambda self: self._values.dtype)
    device = property(lambda self: self._values.device)

    @property
    def shape(self):
        """The dense tensor's TensorShape (unknown without a dense_shape)."""
        if self._dense_shape is None:
            return TensorShape(None)
        return TensorShape([int(d) for d in backend.to_host(self._dense_shape._data)])

    def _rows(self):
        if self._dense_shape is None:
            raise conversion_without_dense_shape(self)
        return int(backend.to_host(self._dense_shape._data)[0])

    def _to_dense(self, dtype=None):
        """The dense tensor, rows of repeated indices summed (recorded on tapes, so it has a gradient)."""
        from .ops.segments import unsorted_segment_sum
        if dtype is not None and np.dtype(dtype) != self._values._data.dtype:
            error = ValueError('Incompatible tensor conversion requested to `dtype` %s for IndexedSlices (%s) with '
                               'dtype %s' % (np.dtype(dtype).name, self, self._values._data.dtype.name))
            error.add_note('use framework.cast on the IndexedSlices first')
            raise error
        return unsorted_segment_sum(self._values, self._indices, self._rows())

    # ---- what TensorFlow allows: negation, and sums with dense tensors (which densify) ----
    def __neg__(self):
        return IndexedSlices(-self._values, self._indices, self._dense_shape)

    def __add__(self, other):
        if isinstance(other, IndexedSlices):
            raise _both_slices('+')
        return self._to_dense() + other

    def __radd__(self, other):
        return other + self._to_dense()

    def __sub__(self, other):
        if isinstance(other, IndexedSlices):
            raise _both_slices('-')
        return self._to_dense() - other

    def __rsub__(self, other):
        return other - self._to_dense()

    def __str__(self):
        shape = '' if self._dense_shape is None else ', dense_shape=%s' % self._dense_shape
        return 'IndexedSlices(indices=%s, values=%s%s)' % (self._indices, self._values, shape)

    # TF's class keeps object's repr, which names its module: print(tape.gradient(loss, embedding
    # .trainable_variables)) shows [<tensorflow.python.framework.indexed_slices.IndexedSlices object at 0x...>]
    __repr__ = default_repr


def conversion_without_dense_shape(slices):
    """TensorFlow's refusal to convert ``slices`` (an IndexedSlices without a dense_shape) to a tensor: its
    text shows the slices as converted (TF 2.21's tensor_conversion_registry names the argument ``value``)."""
    error = ValueError('Tensor conversion requested for IndexedSlices for argument `value` without dense_shape: %s'
                       % slices)
    error.add_note('IndexedSlices: give it a dense_shape (the dense tensor\'s shape) to convert it')
    return error


def _both_slices(op):
    """Python's own words for two IndexedSlices (TF's class defines no such sum), the advice as a note."""
    error = TypeError("unsupported operand type(s) for %s: 'IndexedSlices' and 'IndexedSlices'" % op)
    error.add_note('IndexedSlices: convert one with framework.convert_to_tensor first')
    return error


def map_values(fn, slices):
    """IndexedSlices with ``fn(values)`` at the same indices (cast, clip, scale: ops that keep zeros zero)."""
    return IndexedSlices(fn(slices.values), slices.indices, slices.dense_shape)


class RowGradients:
    """A gradient as rows and their indices, for the tape's sweeps and the optimizers.

    In a sweep, ``values`` are raw arrays (the array sweep) or Tensors (the Tensor
    sweep, which an outer tape may be recording); the optimizers get raw arrays.
    ``indices`` is a raw integer array, ``shape`` the dense shape (a tuple), ``shape_dtype`` the
    dtype of the public dense_shape (int32 from a gather, as TensorFlow's; gather_nd's is its indices').
    ``shape_dtype`` is None for an IndexedSlices a program built without a dense_shape and gave an
    optimizer: ``shape`` is then its variable's, and ``dense`` raises TensorFlow's conversion error
    where Keras 3 converts the rows (its scatter updates, plain SGD's and Adagrad's, take them).
    """
    __slots__ = ('values', 'indices', 'shape', 'shape_dtype', '_elements')
    __array_ufunc__ = None      # ``ndarray + rows`` comes to __radd__ instead of numpy

    def __init__(self, values, indices, shape, shape_dtype='int32'):
        self.values, self.indices, self.shape, self.shape_dtype = values, indices, shape, shape_dtype
        self._elements = None       # add_rows' flat element indices, made by the first dense()

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def _data(self):
        # The rows, for code that checks a gradient's elements without caring for
        # its layout (LossScaleOptimizer's finiteness test reads ``_data``).
        return self.values

    def __add__(self, other):
        if type(other) is RowGradients:        # two gathers of one variable: all their rows
            xp = backend.array_module(self.indices)
            if isinstance(self.values, Tensor):
                from .ops import concat
                values = concat([self.values, other.values], 0)
            else:
                values = xp.concatenate([self.values, other.values])
            return RowGradients(values, xp.concatenate([self.indices, other.indices]), self.shape, self.shape_dtype)
        return self.dense() + other            # also read densely: a dense sum, as TensorFlow

    __radd__ = __add__          # float addition commutes, so the order of the operands does not matter

    def __truediv__(self, scalar):
        return RowGradients(self.values / scalar, self.indices, self.shape, self.shape_dtype)

    def with_values(self, values):
        """The same rows holding ``values`` (one row per index)."""
        return RowGradients(values, self.indices, self.shape, self.shape_dtype)

    def dense(self, values=None):
        """``values`` (default: this gradient's) summed into a dense gradient at the rows' indices:
        a Tensor (recorded, for Tensor values) or a raw array."""
        values = self.values if values is None else values
        if self.shape_dtype is None:
            raise conversion_without_dense_shape(IndexedSlices(
                values if isinstance(values, Tensor) else Tensor(values), Tensor(self.indices)))
        if isinstance(values, Tensor):
            from .ops.segments import unsorted_segment_sum
            return unsorted_segment_sum(values, Tensor(self.indices), self.shape[0])
        out = backend.array_module(values).zeros(self.shape, values.dtype)
        # (an optimizer's step asks for several sums of these rows: the element indices are made once)
        elements = add_rows(out, self.indices, values, self._elements)
        if elements is not None:
            self._elements = elements
        return out

    def indexed_slices(self):
        """The public form, its dense shape an int32 tensor (a gather's, as TensorFlow's GatherV2 and
        ResourceGather rules), or in the indices' dtype (gather_nd's rule)."""
        values = self.values if isinstance(self.values, Tensor) else Tensor(self.values)
        xp = backend.array_module(self.indices)
        return IndexedSlices(values, Tensor(self.indices), Tensor(xp.asarray(self.shape, self.shape_dtype)))


def gathers_rows(tensor):
    """Whether a gather of the plain ``tensor`` along axis 0 records its gradient as rows, as TensorFlow's
    GatherV2 rule (an IndexedSlices): where every tape of this thread that tracks ``tensor`` watches it
    as a leaf (``watch`` lists only tensors it did not already track), so the rows reach the tensor's
    entry of the sweep and are never handed to another op's rule. Call only while ACTIVE."""
    from threading import get_ident
    from .tape import ACTIVE
    me, key, found = get_ident(), id(tensor), False
    for tape in tuple(ACTIVE):
        if tape._thread != me or key not in tape._tracked:
            continue
        watched = getattr(tape, '_watched', None)       # an observer (framework.debugging) has none
        if watched is None or not any(w is tensor for w in watched):
            return False
        found = True
    return found


def gathered_rows_gradient(ids, shape, shape_dtype='int32'):
    """The vjp of ``gather(params, ids)`` along axis 0, for a variable or a watched leaf tensor
    (``shape``: its shape), in both sweep forms."""
    from .tape import array_rule
    flat = ids.reshape(-1)
    rows = (flat.shape[0],) + tuple(shape[1:])

    def vjp(g, output, params):
        from .ops import reshape
        return RowGradients(reshape(g, rows), flat, shape, shape_dtype)

    return array_rule(vjp, lambda g, output, params: RowGradients(g.reshape(rows), flat, shape, shape_dtype))
