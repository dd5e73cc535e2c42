"""TensorArray: a list of tensors of one dtype, written by index and stacked at the end.

Eager, as TensorFlow's eager TensorArray: the elements are kept in a Python
list; ``write`` returns the array itself (so ``ta = ta.write(i, x)`` works as
in graph code), and ``stack``/``read`` are recorded ops, so gradients flow
from the stacked result back to whatever was written.
"""
import numpy as np

from .. import backend, dtypes, trace_names
from ..errors import InvalidArgumentError, OutOfRangeError, shown_as
from ..tensor import Tensor
from ..tensor_shape import TensorShape
from .creation import zeros
from .indexing import getitem
from .operands import as_tensor
from .shapes import concat, stack


class IndexOutOfRange(OutOfRangeError, ValueError):
    """A read or write outside the array: TensorFlow's OutOfRangeError, and the ValueError
    tapeflow raised before. Programs print its class name: TensorFlow's."""


shown_as(IndexOutOfRange, OutOfRangeError)      # type(e) and a traceback's last line show TF's class and module


def _error(cls, tf_text, note):
    """TensorFlow's eager TensorArray error, its words first and tapeflow's as a note."""
    error = cls(tf_text)
    error.add_note(note)
    return error


class TensorArray:
    """``TensorArray(dtype, size=None, dynamic_size=None, clear_after_read=None, ...,
    element_shape=None)``.

    Args:
        dtype: the dtype of every element.
        size: the number of elements (0 if omitted).
        dynamic_size: whether a write past the end grows the array (default False).
        clear_after_read: whether an element may be read once only (default True, as TensorFlow; inside a
            tf.function never, as TensorFlow's graph TensorArray).
        element_shape: the shape of every element, if known (unwritten elements stack as zeros of it).
    Raises:
        TypeError: writing another dtype; ValueError: another element shape, an index out of range.
    """

    def __new__(cls, *args, **kwargs):
        # made inside a tf.function: TF's graph TensorArray, whose writes return a new array
        if cls is TensorArray and not _executing_eagerly():
            from .graph_tensor_array import GraphTensorArray
            cls = GraphTensorArray
        return super().__new__(cls)

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None, colocate_with_first_write_call=True,
                 name=None):
        if size is None and flow is None:      # (even with dynamic_size=True, as TF 2.21)
            raise ValueError('Size must be declared for TensorArrays when eager execution is enabled.'
                             if _executing_eagerly() else
                             'Argument `size` must be provided if argument `flow` is not provided.')
        try:
            self._dtype = dtypes.as_dtype(dtype)
        except TypeError as err:
            raise TypeError('TensorArray: %s' % err) from None
        if self._dtype is None:
            raise TypeError('TensorArray: dtype is required, e.g. TensorArray(framework.float32, size=3)')
        # a size TF's graph cannot fold to a constant (an argument, tf.shape(x)[0]) stacks as None rows
        self._size_open = isinstance(size, Tensor) and trace_names.ACTIVE and _open_size(size)
        # TF's graph TensorArray of a fixed size tensor answers size() with that tensor ('n:0' in a trace)
        self._size_tensor = size if isinstance(size, Tensor) and trace_names.ACTIVE and not dynamic_size \
            and size.dtype == dtypes.int32 else None
        size = _int(size, 'size')
        if size < 0 and not _executing_eagerly():
            raise ValueError('TensorArray: size must be >= 0, got %d' % size)
        self._elements = [None] * size      # (eagerly TF's is a Python list too: size -1 makes an empty array)
        self._dynamic = bool(dynamic_size)
        self._clear_after_read = True if clear_after_read is None else bool(clear_after_read)
        if not _executing_eagerly():     # TF's graph TensorArray (a TensorList) never clears what it read
            self._clear_after_read = False
        self._infer_shape = infer_shape
        unknown = element_shape is None or isinstance(element_shape, TensorShape) and element_shape.rank is None
        self._element_shape = None if unknown else tuple(
            None if d is None else int(d) for d in element_shape)

    @property
    def dtype(self):
        return self._dtype

    @property
    def dynamic_size(self):
        return self._dynamic

    @property
    def element_shape(self):
        """A TensorShape: <unknown> until given or learnt from a write, as TensorFlow's."""
        return TensorShape(self._element_shape)

    def size(self, name=None):
        """The number of elements, as a scalar int32 tensor."""
        if self._size_tensor is not None:
            return self._size_tensor
        return Tensor(np.asarray(self._length(), np.int32))

    def _length(self):
        return len(self._elements)

    def identity(self):
        """The array itself (eager TensorFlow's ``parent()``)."""
        return self

    def write(self, index, value, name=None):
        """Store ``value`` at ``index`` (replacing what was there, as eager TensorFlow); returns this array."""
        i = _int(index, 'write index')
        note = ('TensorArray.write: index %d is out of range for an array of size %d that is not dynamic_size'
                % (i, len(self._elements)))
        if i < 0:
            raise _error(IndexOutOfRange, 'Writing to negative indices (index %d) is not allowed.' % i, note)
        if i >= len(self._elements) and not self._dynamic:
            raise _error(IndexOutOfRange, 'Tried to write to index %d but array is not resizeable and size is: %d '
                         % (i, len(self._elements)), note)
        x = as_tensor(value, 'TensorArray.write', dtype=self._dtype)
        if x.dtype != self._dtype:
            raise _error(InvalidArgumentError, 'TensorArray dtype is %s but Op is trying to write dtype %s '
                         % (self._dtype.name, x.dtype.name),
                         'TensorArray.write: the array holds %s but the value has dtype %s'
                         % (self._dtype.name, x.dtype.name))
        self._check_shape(x)
        if i >= len(self._elements):
            self._elements.extend([None] * (i + 1 - len(self._elements)))
        self._elements[i] = x
        return self

    def _check_shape(self, x):
        shape = tuple(x.shape)
        if self._element_shape is not None:
            known = self._element_shape
            if len(known) != len(shape) or any(k is not None and k != s for k, s in zip(known, shape)):
                raise _error(ValueError, 'Incompatible shape for value (%s), expected (%s)'
                             % (_shape_text(shape), _shape_text(known)),
                             'TensorArray.write: the value has shape %s but elements have shape %s' % (shape, known))
        if self._infer_shape:
            self._element_shape = shape

    def read(self, index, name=None):
        """The element at ``index`` (zeros of element_shape if never written)."""
        i = _int(index, 'read index')
        note = 'TensorArray.read: index %d is out of range for an array of size %d' % (i, len(self._elements))
        if i < 0:
            raise _error(IndexOutOfRange, 'Reading from negative indices (index %d) is not allowed.' % i, note)
        if i >= len(self._elements):
            raise _error(IndexOutOfRange, 'Tried to read from index %d but array size is: %d '
                         % (i, len(self._elements)), note)
        x = self._elements[i]
        if x is _CLEARED:
            raise _error(InvalidArgumentError, 'Could not read index %d twice because it was cleared after a '
                         'previous read (perhaps try setting clear_after_read = false?)' % i,
                         'TensorArray.read: index %d was already read and cleared; create the array with '
                         'clear_after_read=False to read it again' % i)
        if x is None:
            return self._zeros('read')
        if self._clear_after_read:
            self._elements[i] = _CLEARED
        return x

    def _zeros(self, op):
        if self._element_shape is None or None in self._element_shape:
            raise _error(ValueError, 'Cannot convert a partially known TensorShape %s to a Tensor.'
                         % (TensorShape(self._element_shape),),
                         'TensorArray.%s: an element was never written and the element shape is unknown; give '
                         'element_shape= when making the array' % op)
        return zeros(self._element_shape, self._dtype)

    def _all(self, op):
        # Elements never written, or read and cleared, stack as zeros (TensorFlow's eager behaviour).
        return [self._zeros(op) if x is None or x is _CLEARED else x for x in self._elements]

    def stack(self, name=None):
        """All elements stacked along a new first axis."""
        self._check_stack()
        if not self._elements:
            shape = (0,) + (self._element_shape if self._element_shape and None not in self._element_shape else ())
            return Tensor(np.zeros(shape, self._dtype))
        return stack(self._all('stack'))

    def gather(self, indices, name=None):
        """The elements at ``indices``, stacked."""
        items = self._all('gather')
        picked = []
        for i in np.asarray(backend.to_host(as_tensor(indices, 'TensorArray.gather')._data)).reshape(-1):
            if not 0 <= int(i) < len(items):       # (eager TensorFlow indexes its Python list)
                raise _error(IndexError, 'list index out of range',
                             'TensorArray.gather: index %d is out of range for an array of size %d'
                             % (int(i), len(items)))
            picked.append(items[int(i)])
        return stack(picked) if picked else Tensor(np.zeros((0,), self._dtype))

    def _check_stack(self):
        """Nothing to check eagerly (TF's graph TensorArray checks its count here)."""

    def concat(self, name=None):
        """All elements joined along their first axis."""
        return concat(self._all('concat'), 0)

    def unstack(self, value, name=None):
        """Write ``value[i]`` at index i for every i; returns this array."""
        x = as_tensor(value, 'TensorArray.unstack', dtype=self._dtype)
        if x.ndim == 0:       # (eager TensorFlow unstacks it along axis 0 first)
            raise ValueError('Argument `axis` = 0 not in range [0, 0)')
        if x.shape[0] > len(self._elements) and not self._dynamic:
            raise _error(ValueError, 'Cannot unstack %d tensors into a TensorArray of static size %d '
                         % (x.shape[0], len(self._elements)),
                         'TensorArray.unstack: make the array with size=%d or dynamic_size=True' % x.shape[0])
        # eager TensorFlow: the array becomes the rows, unchecked; its element_shape stays as it was
        self._elements = [getitem(x, k) for k in range(x.shape[0])]
        return self

    def split(self, value, lengths, name=None):
        """Cut ``value`` along its first axis into pieces of ``lengths``; the array becomes the pieces
        (as eager TensorFlow's). Returns this array."""
        x = as_tensor(value, 'TensorArray.split', dtype=self._dtype)
        sizes = np.asarray(backend.to_host(as_tensor(lengths, 'TensorArray.split')._data))
        # eager TensorFlow's checks, in its order and words (tensor_array_ops._EagerTensorArray.split)
        if sizes.ndim != 1:
            raise InvalidArgumentError('Expected lengths to be a vector, received shape: %s ' % list(sizes.shape))
        if x.ndim == 0:
            raise InvalidArgumentError('Expected value to be at least a vector, but received shape: [] ')
        sizes = [int(n) for n in sizes]
        if sum(sizes) != x.shape[0]:
            raise InvalidArgumentError("Expected sum of lengths to be equal to values.shape[0], but sum of lengths "
                                       "is %d and value's shape is: %s " % (sum(sizes), list(x.shape)))
        if len(sizes) != len(self._elements) and not self._dynamic:
            raise InvalidArgumentError("TensorArray's size is not equal to the size of lengths (%d vs. %d), and the "
                                       "TensorArray is not marked as dynamically resizeable."
                                       % (len(self._elements), len(sizes)))
        starts = np.cumsum([0] + sizes)        # (pieces may differ in length: no element shape is checked)
        self._elements = [getitem(x, slice(int(a), int(b))) for a, b in zip(starts[:-1], starts[1:])]
        return self

    def scatter(self, indices, value, name=None):
        """Write ``value[k]`` at ``indices[k]``; returns this array."""
        x = as_tensor(value, 'TensorArray.scatter', dtype=self._dtype)
        idx = np.asarray(backend.to_host(as_tensor(indices, 'TensorArray.scatter')._data)).reshape(-1)
        if x.ndim == 0:       # (eager TensorFlow unstacks it along axis 0 first)
            raise ValueError('Argument `axis` = 0 not in range [0, 0)')
        for k, i in enumerate(idx[:x.shape[0]]):     # (eager TensorFlow zips indices with rows: the shorter wins)
            self.write(int(i), getitem(x, k))
        return self

    def close(self, name=None):
        self._elements = []

    def mark_used(self):
        """Accepted for TensorFlow programs that silence its unused-array warning."""


_CLEARED = object()    # the slot of an element read with clear_after_read


def _shape_text(shape):
    """A shape as TensorShape prints it: (2,), (None, 3), ()."""
    return str(tuple(shape))


# ops whose value TF's constant_value folds while tracing (a Size or Shape of a known shape: tf.size(x))
_FOLDED_OPS = ('Const', 'Size', 'Shape', 'Rank')


def _open_size(size):
    """Whether a traced TensorArray's ``size`` tensor is unknown to TF's graph until it runs: a traced
    tensor (an argument, ``tf.shape(x)[0]``) that is not a constant TF folds."""
    entry = trace_names.entry_of(size)
    if entry is None:
        return False
    op, _, number = entry[0].rpartition('/')[2].rpartition('_')
    return (op if number.isdigit() else entry[0].rpartition('/')[2]) not in _FOLDED_OPS


def _int(value, what):
    if isinstance(value, Tensor):
        if value._data.dtype.kind not in 'iu' or value.ndim != 0:
            raise TypeError('TensorArray: %s must be a scalar integer, got dtype %s shape %s'
                            % (what, value.dtype.name, tuple(value.shape)))
        return int(backend.to_host(value._data))
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
        raise TypeError('TensorArray: %s must be an integer, got %r (of type %s)' % (what, value, type(value).__name__))
    return int(value)


def _executing_eagerly():
    from .. import executing_eagerly      # (late: framework imports ops)
    return executing_eagerly()
