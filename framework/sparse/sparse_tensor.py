"""SparseTensor: a tensor given by its non-default entries (``tf.SparseTensor``).

``indices`` (int64, one row of coordinates per entry), ``values`` (one per
entry) and ``dense_shape`` (int64). The values are an ordinary tensor, so ops
on them (to_dense, sparse_dense_matmul, ...) pass gradients back to them.
"""
import numpy as np

from .. import backend
from ..composite import CompositeTensor
from ..partial_shape_refusal import refuse_partial_shape
from ..tensor import Tensor, TensorShape, convert_to_tensor


def _int64(value, what):
    refuse_partial_shape(value, 'SparseTensor: %s must be integers, got %r' % (what, value))
    if isinstance(value, Tensor) and value.dtype != 'int64':
        # TensorFlow converts lists and numpy arrays but refuses another dtype's tensor
        raise ValueError('%s: Tensor conversion requested dtype int64 for Tensor with dtype %s: %r; use '
                         'tf.cast(%s, tf.int64)' % (what, value.dtype.name, value, what))
    array = np.asarray(backend.to_host(value._data) if isinstance(value, Tensor) else value)
    if array.size == 0:
        array = array.astype(np.int64)
    if array.dtype.kind not in 'iu':
        if isinstance(value, (list, tuple)) and array.dtype.kind == 'f':     # TF's conversion to int64 refuses it
            error = TypeError('Cannot convert %r to EagerTensor of dtype int64' % (value,))
            error.add_note('SparseTensor: %s must be integers, got dtype %s' % (what, array.dtype.name))
            raise error
        raise TypeError('SparseTensor: %s must be integers, got dtype %s' % (what, array.dtype.name))
    return array.astype(np.int64)


def _tf_shape_text(indices_shape, values_shape, rank):
    """TF 2.21's message for indices / values that do not fit, in the order its SparseTensor checks:
    the ranks (indices 2, values 1), then indices' rows against the values, its columns against
    dense_shape's length."""
    if len(indices_shape) != 2:
        return 'Shape %s must have rank 2' % (tuple(indices_shape),)
    if len(values_shape) != 1:
        return 'Shape %s must have rank 1' % (tuple(values_shape),)
    if indices_shape[0] != values_shape[0]:
        return 'Dimensions %d and %d are not compatible' % (indices_shape[0], values_shape[0])
    return 'Dimensions %d and %d are not compatible' % (indices_shape[1], rank)


def _shape_error(text, shape, indices_shape, values_shape):
    error = ValueError(text)
    error.add_note('SparseTensor: need indices of shape [N, %d] and values of shape [N] for dense_shape %s; got '
                   'indices %s and values %s' % (shape.size, shape.tolist(), tuple(indices_shape),
                                                 None if values_shape is None else tuple(values_shape)))
    return error


def _scalar_shape_error(dense_shape, value):
    """TF 2.21's refusal of a scalar dense_shape: eagerly TensorShape(dense_shape.numpy()) iterates a numpy
    scalar; in a graph constant_value_as_shape takes only -1 (an unknown shape: None here, left to the rank
    check), naming a constant's value."""
    from ..ops.graph_input_errors import traced
    if not traced():
        error = TypeError("'numpy.int64' object is not iterable")
    elif value == -1:
        return None
    else:
        from .. import runtime_values, trace_names
        entry = trace_names.entry_of(dense_shape) if isinstance(dense_shape, Tensor) else None
        constant = not isinstance(dense_shape, Tensor) or (
            entry is not None and entry[0].startswith('Const') and
            not runtime_values.known_at_run(trace_names.current(), dense_shape))
        error = ValueError("Received a scalar %s as shape; require a statically known scalar with value '-1' to "
                           "describe an unknown shape." % ("value '%d'" % value if constant else 'with unknown value'))
    error.add_note('SparseTensor: dense_shape must be a vector of lengths (one per axis), got a scalar; use [n] for '
                   'one axis')
    return error


class SparseTensor(CompositeTensor):
    """``dense[indices[i]] = values[i]``, every other entry 0.

    Args:
        indices: [N, rank] integer coordinates.
        values: [N] values.
        dense_shape: [rank] integers, the dense tensor's shape.
    Raises:
        ValueError: indices, values and dense_shape that do not fit together.
    """
    _DENSIFY = 'tf.sparse.to_dense(sp)'
    _DISPATCH = {}      # filled in framework/sparse/sparse_math.py
    _TF_CLASS = "<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>"    # as TF's messages name it

    def _refusal(self, op):
        # an op TensorFlow does not dispatch to SparseTensor converts it to a tensor, which fails with
        # TF 2.21's ValueError (tf.add(sp, x), tf.reduce_sum(sp)); how to densify it as a note
        if op is None:
            return super()._refusal(op)
        error = ValueError('Attempt to convert a value (%r) with an unsupported type (%s) to a Tensor.'
                           % (self, getattr(type(self), '_TF_CLASS', None) or type(self)))
        error.add_note('%s does not take a SparseTensor (TensorFlow dispatches only some ops to it); convert it '
                       'with tf.sparse.to_dense(sp) first, or use the tf.sparse op' % op)
        return error

    def __init__(self, indices, values, dense_shape):
        idx = _int64(indices, 'indices')
        shape = _int64(dense_shape, 'dense_shape')
        if shape.ndim == 0:
            refused = _scalar_shape_error(dense_shape, int(shape))
            if refused is not None:
                raise refused
        if shape.ndim != 1:
            raise _shape_error('Shape %s must have rank 1' % (shape.shape,), shape, idx.shape, None)
        if (shape < -1).any():      # TF reads dense_shape as a TensorShape first (-1 is an unknown length there)
            raise ValueError('Dimension %d must be >= 0' % shape[shape < -1][0])
        if idx.size == 0 and not (idx.ndim == 2 and idx.shape[0]):    # N rows of a rank-0 shape stay N rows
            idx = idx.reshape(0, shape.size)
        values = values if isinstance(values, Tensor) else convert_to_tensor(values)
        if idx.ndim != 2 or idx.shape[1] != shape.size or values.ndim != 1 or values.shape[0] != idx.shape[0]:
            raise _shape_error(_tf_shape_text(idx.shape, values._data.shape, shape.size), shape, idx.shape,
                               values._data.shape)
        if idx.size and (np.any(idx < 0) or np.any(idx >= shape)):
            raise ValueError('SparseTensor: indices must lie inside dense_shape %s, got %s' % (shape.tolist(), idx.tolist()))
        self._indices = Tensor(backend.place(idx))
        self._values = values
        self._dense_shape = Tensor(backend.place(shape))
        if isinstance(dense_shape, Tensor):     # (in a trace: the lengths TF's graph reads off it, for to_dense)
            from ..sparse_traced_shapes import note_dense_shape
            note_dense_shape(self, dense_shape)

    @classmethod
    def from_value(cls, value):
        return value if isinstance(value, SparseTensor) else None

    indices = property(lambda self: self._indices, doc='[N, rank] int64 coordinates of the entries.')
    values = property(lambda self: self._values, doc='The N entries.')
    dense_shape = property(lambda self: self._dense_shape, doc='The dense shape, an int64 vector.')
    dtype = property(lambda self: self._values.dtype)

    @property
    def shape(self):
        return TensorShape([int(d) for d in self._shape_host()])

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        """A check, as TensorFlow's eager SparseTensor.set_shape: the dense shape is already known.

        Raises:
            ValueError: ``shape`` (None dimensions match anything) does not fit the dense shape.
        """
        if not self.shape.is_compatible_with(TensorShape(shape)):
            raise ValueError('Shapes %s and %s are not compatible' % (self.shape, TensorShape(shape)))

    @property
    def ndim(self):
        return len(self._shape_host())

    def _indices_host(self):
        return np.asarray(backend.to_host(self._indices._data))

    def _shape_host(self):
        return np.asarray(backend.to_host(self._dense_shape._data))

    def with_values(self, new_values):
        """The same indices over other values."""
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def _map_values(self, fn, op='this op'):
        # Only ops that keep 0 at 0 keep the missing entries right, as TensorFlow's dispatch.
        zero = fn(Tensor(np.zeros(1, dtype=self._values._data.dtype)))
        if np.any(np.asarray(backend.to_host(zero._data)) != 0):
            error = self._refusal(op)       # TF dispatches no such op: its conversion's ValueError
            error.__notes__ = ['%s maps 0 to %s, so it cannot run on a SparseTensor\'s values alone; convert with '
                               'tf.sparse.to_dense(sp) first' % (op, zero.numpy()[0])]
            raise error
        return self.with_values(fn(self._values))

    def __repr__(self):
        return 'SparseTensor(indices=%s, values=%s, dense_shape=%s)' % (self._indices, self._values, self._dense_shape)

    __str__ = __repr__
    __hash__ = None

    def __mul__(self, other): return ops.multiply(self, other)
    def __rmul__(self, other): return ops.multiply(other, self)
    def __truediv__(self, other): return ops.divide(self, other)
    def __abs__(self): return self.with_values(ops.abs(self._values))


from .. import ops  # noqa: E402  (the operators look ops up at call time)
