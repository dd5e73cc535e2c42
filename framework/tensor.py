"""Tensor: an immutable array with TensorFlow's Python surface.

A Tensor is a thin handle on one numpy (or cupy) array. It carries no
gradient state: tapes keep their own records, so a Tensor costs what its
array costs. Operators delegate to the ops in ``framework.ops``.
"""
import numbers
import sys

import numpy as np
from numpy import generic, ndarray  # (not np.ndarray on hot paths: see backend.py)

from . import backend, dtypes, graph_random_ops, loop_reads, tensor_numpy_methods, tensor_missing_names, \
    trace_names, traced_for_loops
from .errors import shown_as
from .placement import on_host
from .type_text import python_type_name
from .tensor_shape import TensorShape, partial_shape_error, shape_of  # noqa: F401  (re-exported: framework.tensor.TensorShape)

_DTYPE_OF_NUMPY = dtypes._BY_NUMPY

# Reprs name the module as TensorFlow's do (`tf.Tensor(...)`, `<tf.Variable ...>`): a ported program
# prints what the TensorFlow tutorial it came from shows, line for line.
DISPLAY_NAME = 'tf'


class Tensor:
    """An immutable n-dimensional array that ops and tapes understand."""
    __slots__ = ('_data', '__weakref__')
    # numpy defers binary operators to us (``ndarray * tensor`` -> Tensor, via our
    # reflected operators), while numpy functions (np.add(t, 1), np.exp(t)) see an
    # array through __array__ and return arrays: TensorFlow's behaviour on both counts.
    __array_priority__ = 100

    def __init__(self, data):
        self._data = data

    # ---- what it is -------------------------------------------------
    @property
    def shape(self):
        if trace_names.ACTIVE:      # a Keras build or traced step: the user's code sees its None axes
            traced = trace_names.traced_shape(self)
            if traced is not None:
                return traced
        return shape_of(self._data.shape)

    @property
    def dtype(self):
        # A DType, as TensorFlow's (prints <dtype: 'float32'>); one dict lookup, since
        # code reads it often. Hot paths compare self._data.dtype, a numpy dtype, instead.
        try:
            return _DTYPE_OF_NUMPY[self._data.dtype]
        except KeyError:
            return dtypes.of_numpy(self._data.dtype)

    @property
    def ndim(self):
        if trace_names.ACTIVE:      # a traced tensor of unknown rank (input_signature TensorSpec(None)): TF's -1
            traced = trace_names.traced_shape(self)
            if traced is not None and traced.rank is None:
                return -1
        return self._data.ndim

    # Keras hangs a tensor's mask on it as ``_keras_mask`` (the masking guide prints
    # ``masked_output._keras_mask``); here it lives in the notes table (losses/tensor_notes.py).
    @property
    def _keras_mask(self):
        from .losses.tensor_notes import keras_mask_attribute
        return keras_mask_attribute(self)

    @_keras_mask.setter
    def _keras_mask(self, mask):
        from .losses.tensor_notes import set_keras_mask
        set_keras_mask(self, mask)

    @_keras_mask.deleter
    def _keras_mask(self):
        # the Transformer tutorial's ``del logits._keras_mask``, so fit's loss does not weight by it
        from .losses.tensor_notes import delete_keras_mask
        delete_keras_mask(self)

    @property
    def device(self):
        return backend.device_name(self._data)

    @property
    def backing_device(self):
        # where the tensor's memory lives: the device it was computed on, as for TF's eager tensors
        return backend.device_name(self._data)

    def get_shape(self):
        if trace_names.ACTIVE:
            traced = trace_names.traced_shape(self)
            if traced is not None:
                return traced
        return shape_of(self._data.shape)

    def set_shape(self, shape):
        """TensorFlow's eager ``set_shape``: a check, since an eager tensor's shape is known.

        Programs call it to give graph code (a ``Dataset.map`` function) a static shape;
        here every shape is static, so a compatible ``shape`` changes nothing.
        Raises:
            ValueError: ``shape`` (None dimensions match anything) does not fit this tensor's.
        """
        wanted = TensorShape(shape)
        if not self.shape.is_compatible_with(wanted):
            raise ValueError("Tensor's shape %s is not compatible with supplied shape %s."
                             % (self.shape, wanted))
        if trace_names.ACTIVE:      # in a trace, the lengths it gives close those the graph's shape leaves open
            trace_names.refine_shape(self, trace_names.known_dims(wanted))

    def numpy(self):
        """The value as a numpy array (a numpy scalar for 0-d tensors). A copy, as TensorFlow's:
        ``a = t.numpy(); a[0] = 3`` must leave the immutable tensor as it was.

        Inside a tf.function's trace (a tf.data function's, a Keras step's or build's) user code
        holds TensorFlow's SymbolicTensor, which has no ``numpy``: the same AttributeError here."""
        if trace_names.ACTIVE and trace_names.is_graph_tensor_to_caller(self):
            raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")
        value = backend.to_host(self._data)
        if isinstance(value, np.ndarray):
            if value.ndim == 0:
                return value[()]
            if value is self._data:     # (a device array's host copy is already a new array)
                return value.copy()
        return value

    def __array__(self, dtype=None, copy=None):
        """``np.asarray(t)``: as TensorFlow's, a read-only view of the tensor's buffer (writing to it
        is numpy's 'assignment destination is read-only'); a new dtype or ``copy=True`` gives a
        writable copy. Inside a trace, user code handing a graph tensor to NumPy gets TensorFlow's refusal."""
        if trace_names.ACTIVE and trace_names.is_graph_tensor_to_caller(self):
            raise trace_names.numpy_refusal(self)
        value = np.asarray(backend.to_host(self._data))
        if dtype is not None and value.dtype != np.dtype(dtype):
            return value.astype(dtype)
        if copy:
            return value.copy()
        if value is self._data:
            value = value.view()
            value.flags.writeable = False
        return value

    # ---- Python protocols, as TensorFlow's EagerTensor: on its numpy value ----
    # TensorFlow hands these to numpy, so programs see numpy's errors ("only 0-dimensional arrays can
    # be converted to Python scalars" for int() of a (1,) tensor); a note says what to do instead.
    def _scalar(self, what):
        value = self.numpy()
        if isinstance(value, np.ndarray):
            return value, ('%s of a tensor needs a scalar (shape ()), but this tensor has shape %s; reduce it '
                           'first (e.g. reduce_sum) or index one element' % (what, tuple(self._data.shape)))
        return value, None

    def _on_value(self, what, convert):
        value, note = self._scalar(what)
        try:
            return convert(value)
        except (TypeError, ValueError, AttributeError) as error:
            if note:
                error.add_note(note)
            raise

    def __bool__(self):
        if self._data.size == 0:
            return False        # TF 2.21: bool(tf.constant([])) is False, where numpy 2 raises
        return self._on_value('The truth value', bool)

    def __float__(self):
        return self._on_value('float()', float)

    def __int__(self):
        return self._on_value('int()', int)

    def __index__(self):
        return self._on_value('index', lambda value: value.__index__())

    def __complex__(self):
        return self._on_value('complex()', complex)

    def __format__(self, spec):
        if trace_names.ACTIVE:      # in a trace TensorFlow formats the graph tensor: its str, no spec
            text = trace_names.symbolic_text(self, False, DISPLAY_NAME)
            if text is not None:
                if spec:
                    raise TypeError('unsupported format string passed to SymbolicTensor.__format__')
                return text
        return self._on_value('format', lambda value: value.__format__(spec))

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError('Scalar tensor has no `len()`')
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError('Cannot iterate over a scalar tensor.')
        turns = (self[i] for i in range(self._data.shape[0]))
        if graph_random_ops.current() is None:
            return turns
        turns = graph_random_ops.loop_turns(turns)
        if trace_names.ACTIVE:
            frame = traced_for_loops.starts_graph_for_loop(sys._getframe(1))
            if frame is not None:
                turns = traced_for_loops.body_turns(self, turns, frame)     # autograph's loop: its body traced once
        return loop_reads.turns(turns)

    def __repr__(self):
        if trace_names.ACTIVE:
            text = trace_names.symbolic_text(self, True, DISPLAY_NAME)
            if text is not None:
                return text
        return '<%s.Tensor: shape=%s, dtype=%s, numpy=%s>' % (
            DISPLAY_NAME, tuple(self._data.shape), dtypes.display_name(self._data.dtype), _numpy_text(self, True))

    def __str__(self):
        if trace_names.ACTIVE:
            text = trace_names.symbolic_text(self, False, DISPLAY_NAME)
            if text is not None:
                return text
        return '%s.Tensor(%s, shape=%s, dtype=%s)' % (
            DISPLAY_NAME, _numpy_text(self, False), tuple(self._data.shape), dtypes.display_name(self._data.dtype))

    def __hash__(self):     # elementwise ``==`` makes hashing meaningless: TensorFlow's words
        raise TypeError('Tensor is unhashable. Instead, use tensor.ref() as the key.')

    # ---- operators: thin delegations to framework.ops --------------------
    # (an operand that cannot be converted goes to its own reflected operator, as TF's binary_op_wrapper
    # does: reflected_operators; the try costs nothing until something is raised)
    def __add__(self, other):
        try:
            return ops.add(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'add')
    def __radd__(self, other): return ops.add(other, self)
    def __sub__(self, other):
        try:
            return ops.subtract(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'sub')
    def __rsub__(self, other): return ops.subtract(other, self)
    def __mul__(self, other):
        try:
            return ops.multiply(self, other)
        except Exception as error:      # (tf.multiply refuses bools; TF's ``*`` takes them: bool_product)
            if not (_is_bool(self) or _is_bool(other)):
                return reflected_or_raise(error, self, other, 'mul')
        return bool_product(self, other)

    def __rmul__(self, other):
        try:
            return ops.multiply(other, self)
        except Exception:
            if not _is_bool(self):
                raise
        return bool_product(other, self, reflected=True)

    def __truediv__(self, other):
        try:
            return ops.divide(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'truediv')
    def __rtruediv__(self, other): return ops.divide(other, self)
    def __floordiv__(self, other):
        try:
            return ops.floordiv(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'floordiv')
    def __rfloordiv__(self, other): return ops.floordiv(other, self)
    def __mod__(self, other):
        try:
            return ops.floormod(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'mod')
    def __rmod__(self, other): return ops.floormod(other, self)
    def __pow__(self, other):
        try:
            return ops.pow(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'pow')
    def __rpow__(self, other): return ops.pow(other, self)
    def __matmul__(self, other):
        try:
            return ops.matmul(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'matmul')
    # (x @ w with x no tensor: TF's reflected operator converts x to w's dtype first, as tf.matmul does not)
    def __rmatmul__(self, other): return ops.matmul(ops.convert_to_tensor(other, dtype=self.dtype), self)
    def __neg__(self): return ops.negative(self)
    def __pos__(self): return self

    def __round__(self, ndigits=None):
        return tensor_numpy_methods.rounded(self, ndigits)

    # Tensors are immutable: Python's TypeErrors, naming the type as under TensorFlow (type_text)
    def __setitem__(self, key, value):
        error = TypeError("'%s' object does not support item assignment" % python_type_name(self))
        error.add_note('build a new tensor with tf.tensor_scatter_nd_update(t, [[i]], [value]), or assign '
                       'to a slice of a tf.Variable: v[i].assign(value)')
        raise error

    def __delitem__(self, key):
        raise TypeError("'%s' object doesn't support item deletion" % python_type_name(self))
    def __abs__(self): return ops.abs(self)
    def __lt__(self, other): return ops.less(self, other)
    def __le__(self, other): return ops.less_equal(self, other)
    def __gt__(self, other): return ops.greater(self, other)
    def __ge__(self, other): return ops.greater_equal(self, other)
    # As TensorFlow's operators: logical on bool tensors, bitwise on integer ones.
    def __and__(self, other):
        try:
            return _logical_or_bitwise('and', self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'and')
    def __rand__(self, other): return _logical_or_bitwise('and', other, self)
    def __or__(self, other):
        try:
            return _logical_or_bitwise('or', self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'or')
    def __ror__(self, other): return _logical_or_bitwise('or', other, self)
    def __xor__(self, other):
        try:
            return _logical_or_bitwise('xor', self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'xor')
    def __rxor__(self, other): return _logical_or_bitwise('xor', other, self)

    def __invert__(self):
        # TF's operator: LogicalNot for bool, else the Invert kernel (whose registry refuses floats, strings)
        if self._data.dtype.kind == 'b':
            return ops.logical_not(self)
        from .ops.bitwise_ops import invert
        return invert(self)
    def __getitem__(self, index):
        if isinstance(index, list):     # TF reads x[[0, 1]] (a layer's tracked list too) as x[0, 1], not numpy's gather
            index = ops.indexing.list_index(index)
        if type(index) is not int:      # TF's item check (a list or 1-D index is a TypeError, not a gather)
            check_index_items(index)
        return ops.getitem(self, index)

    def __eq__(self, other):
        # TensorFlow 2.21: elementwise; None is never equal; shapes that do not broadcast give
        # tf.Tensor(False); a value that cannot join this tensor's dtype raises as tf.equal does.
        if other is None:
            return False
        return ops.equal(self, other, incompatible_shape_error=False)

    def __ne__(self, other):
        if other is None:
            return True
        return ops.not_equal(self, other, incompatible_shape_error=False)

    # Convenience methods TensorFlow tensors carry.
    def ref(self):
        return Reference(self)

    def experimental_ref(self):
        return Reference(self)


class Reference:
    """A hashable handle on a tensor (``tensor.ref()``), compared by identity; TF's class name and print
    (<Reference wrapping <tf.Variable 'v:0' ...>>)."""
    __slots__ = ('_tensor',)

    def __init__(self, tensor):
        self._tensor = tensor

    def deref(self):
        return self._tensor

    def __hash__(self):
        return id(self._tensor)

    def __eq__(self, other):
        return isinstance(other, Reference) and other._tensor is self._tensor

    def __repr__(self):
        return '<Reference wrapping %r>' % (self._tensor,)


def _numpy_text(tensor, is_repr):
    return numpy_text(tensor.numpy(), is_repr)


def numpy_text(value, is_repr):
    """The value as TensorFlow prints it: a multi-line array starts on a new line."""
    if np.ndim(value) == 0:
        item = value.item() if hasattr(value, 'item') else value
        return repr(item) if is_repr else str(value)
    text = repr(value) if is_repr else str(value)
    return '\n' + text if '\n' in text else text


# ---- building tensors from Python values ---------------------------------------------
class SymbolicTensorError(ValueError):
    """A symbolic tensor (a functional model's ``keras.Input``) asked for values it does not have;
    its message is Keras's, so conversion passes it on untouched. Its ``__name__`` is Keras's
    class's (ValueError), as ConversionError's below."""


shown_as(SymbolicTensorError, ValueError)


def _logical_or_bitwise(name, x, y):
    """``x & y`` (``|``, ``^``): bitwise when the tensor holds integers, else logical."""
    tensor = x if isinstance(x, Tensor) else y
    kind = tensor._data.dtype.kind
    if kind == 'b':
        return getattr(ops, 'logical_' + name)(x, y)
    from . import errors
    from .ops import bitwise_ops
    if kind in 'iu':
        return getattr(bitwise_ops, 'bitwise_' + name)(x, y)
    try:        # TF's operator runs the bitwise kernel for every dtype but bool: its registry error, with the tail
        return getattr(bitwise_ops, 'bitwise_' + name)(x, y)
    except errors.InvalidArgumentError as error:
        raise (error if str(error).endswith(' name: ') else errors.with_name_tail(error)) from None


class ConversionError(TypeError, ValueError):
    """A value that cannot become a tensor (None, a dict, mixed or ragged lists).

    TensorFlow raises ValueError here and tapeflow raised TypeError before, so
    programs catching either keep working. Its name is TensorFlow's class's, so a program
    printing ``type(e).__name__`` prints ValueError as under TensorFlow, and so does a traceback's
    last line ('ValueError: Can't convert non-rectangular Python sequence to Tensor.')."""


shown_as(ConversionError, ValueError)


def _to_array(value, dtype):
    """An array of ``value`` with TensorFlow's conversion rules."""
    if isinstance(value, Tensor):
        data = value._data
        return data if dtype is None or data.dtype == dtype else data.astype(dtype)
    if isinstance(value, (ndarray, generic)) or backend.is_device_array(value):
        kind = value.dtype.kind
        if kind not in _PLAIN_KINDS:        # (one test for the numbers every batch holds)
            if kind in 'US' and (dtype is None or dtype == object):
                return numpy_strings_as_bytes(value)
            if kind == 'O':
                return _object_array(value)
            if kind in 'Mm':        # TensorFlow's converter has no dates or durations
                raise ConversionError('Failed to convert a NumPy array to a Tensor (Unsupported numpy type: %s).'
                                      % ('NPY_DATETIME' if kind == 'M' else 'NPY_TIMEDELTA'))
        # TensorFlow copies an array into a new row-major buffer: a later write to the array never
        # reaches the tensor, and a column-major one (pandas' DataFrame.values, np.asfortranarray)
        # is summed in TensorFlow's order, not in the one numpy takes along its contiguous columns
        if dtype is None:
            return backend.place(value.copy())
        return backend.place(value.astype(dtype, order='C'))
    if isinstance(value, IndexedSlices):        # e.g. tensor + slices: dense, as TensorFlow
        return value._to_dense(dtype)._data
    if (dtype is None or dtype == object) and _all_strings(value):
        return _string_array(value)
    if _is_array_like(value):
        if hasattr(value, '__tf_tensor__'):     # TensorFlow's conversion protocol (a KerasTensor refuses it)
            return _to_array(value.__tf_tensor__(), dtype)
        return _to_array(np.asarray(value), dtype)
    try:
        array = np.asarray(value)
    except SymbolicTensorError:
        raise
    except ValueError:
        if isinstance(value, TensorShape):      # an unknown rank: TF's shape conversion refuses it
            raise partial_shape_error(value) from None
        empty = _empty_leading_shape(value)
        if empty is None:
            error = ConversionError(_ragged_words(value))
            raise _refusal(value, dtype, error) from None
        array = np.zeros(empty, np.float32)   # TF's quirk: [[], [1]] is (2, 0), of any dtype asked for
    if array.dtype == object and not _all_strings(value):
        if hasattr(value, '__tf_tensor__'):     # TensorLike's TensorProtocol: the object converts itself
            return _to_array(value.__tf_tensor__(), dtype)
        if dtype is not None and dtype.kind == 'f' and _all_python_ints(array):
            array = np.asarray([float(v) for v in array.flat]).reshape(array.shape)  # 2**200 as float32: inf
        elif isinstance(value, TensorShape):     # (None, 3): TF converts a shape only when every length is known
            raise partial_shape_error(value)
        else:
            raise _refusal(value, dtype, _unconvertible(value, array))
    if _beyond_int64(value, array) and (dtype is None or (dtype.kind != 'f' and dtype != np.uint64)):
        # numpy holds 2**63 as uint64, [1, 2**63] as float64; TensorFlow's int64 cannot hold it
        raise ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if array.dtype.kind == 'c' and type(value) in (list, tuple) and dtype != np.complex128 \
            and not _complex_leaf(_first_leaf(value)):
        # TensorFlow's eager converter takes a list's type from its first element: [1, 2j] has mixed types,
        # [2j, 1] is complex, and so is any list asked for as complex128 (a traced function's graph constant
        # takes what numpy made of it)
        from .eager_graph_names import inside_function
        if not inside_function():
            raise ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    if array.dtype.kind in 'US' and _all_strings(value):     # strings, asked for a numeric dtype
        from .eager_graph_names import inside_function
        if inside_function():       # a traced function makes a graph constant: make_tensor_proto's words
            text = "Expected %s, but got %s of type '%s'." % (np.dtype(dtype).name, _first_leaf(value),
                                                              type(_first_leaf(value)).__name__)
        else:
            text = 'Cannot convert %r to EagerTensor of dtype %s' % (value, _kernel_name(dtype))
        error = TypeError(text)
        error.add_note('strings are not numbers: parse them with framework.strings.to_number')
        raise error
    if array.dtype.kind in 'US':    # numpy turned [1, 'a'] into strings; TensorFlow refuses the mix
        raise _refusal(value, dtype, ConversionError("Can't convert Python sequence with mixed types to Tensor."))
    if array.dtype.kind in 'iuf' and type(value) in (list, tuple) and _bool_leads(value, dtype):
        from .eager_graph_names import inside_function
        if inside_function():       # a graph constant: make_tensor_proto takes what numpy made of it
            from .graph_conversion_errors import graph_array
            return backend.place(graph_array(value, dtype))
        raise ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    if dtype is None:
        leaf, wide = _first_leaf(value), array
        if array.dtype.kind == 'f' and isinstance(leaf, (np.floating, np.ndarray)) and leaf.dtype.kind == 'f' \
                and array.size:     # (no number at all, as [np.zeros(0), np.zeros(2)]: TF's float32)
            array = array.astype(leaf.dtype, copy=False)     # [np.float64(1), 2.0] is float64 in TF
        else:
            array = dtypes.python_default(array)
        if wide.dtype == np.float64 and array.dtype == np.float32 and _float32_overflow(wide, array):
            raise ConversionError("Can't convert Python sequence with a value out of range for a double-precision "
                                  "float.")
    else:
        # TensorFlow refuses Python floats for an integer dtype (even 2.0), numbers for bool, complex
        # numbers for a real dtype
        if array.size and array.dtype.kind in _REFUSED_KINDS.get(dtype.kind, ''):     # [] is float64 to numpy
            raise TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, _kernel_name(dtype)))
        array = array.astype(dtype, copy=False)
    return backend.place(array)


# the kinds of Python values TensorFlow will not convert to a dtype of each kind ('O': string tensors)
_REFUSED_KINDS = {'i': 'fc', 'u': 'fc', 'b': 'iufc', 'f': 'c', 'O': 'iufcb'}
# the dtypes TensorFlow's fast list conversion fills from numbers of any kind: [True, 2] converts to them
_NUMBERS_ANY_KIND = frozenset(np.dtype(n) for n in ('int32', 'int64', 'float16', 'float32', 'float64'))


def _bool_leads(value, dtype):
    """Whether a list that numpy made numbers of starts with a bool: TensorFlow takes the list's type
    from its first element, so [True, 2] has mixed types (where [2, True] is int32), unless ``dtype``
    is one its fast path fills from any number."""
    return isinstance(_first_leaf(value), (bool, np.bool_)) and (
        dtype is None or dtype not in _NUMBERS_ANY_KIND or _unfillable(value, dtype))


def _unfillable(value, dtype):
    """Whether the fast path that fills ``dtype`` from any number meets one it cannot hold: a float for an
    integer dtype, an int beyond int32 for int32 ([True, 2.5] and [True, 2**40] are 'mixed types')."""
    if dtype.kind not in 'iu':
        return False
    return any(isinstance(v, float) or (dtype == np.int32 and type(v) is int and not -2 ** 31 <= v < 2 ** 31)
               for v in _leaves(value))


def _empty_leading_shape(value):
    """The shape TensorFlow gives a ragged list whose first elements end in an empty list: it reads
    the shape along the first elements only, so [[], [1, 2]] and [[], 1] convert to a (2, 0) tensor.
    None for any other list."""
    shape = []
    while _is_sequence(value):      # (an empty array first: [np.zeros(0), np.zeros(2)] is (2, 0) too)
        shape.append(len(value))
        if not len(value):
            return tuple(shape)
        value = value[0]
    return None


# how TensorFlow's conversion errors name a dtype (DataTypeString)
_KERNEL_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}


def _kernel_name(dtype):
    name = dtypes.display_name(dtype)
    return _KERNEL_NAMES.get(name, name)


def _complex_leaf(leaf):
    """Whether a list's first element makes TensorFlow read the list as complex numbers."""
    data = getattr(leaf, '_data', leaf)
    return isinstance(leaf, complex) or getattr(getattr(data, 'dtype', None), 'kind', '') == 'c'


def _first_leaf(value):
    """The first element of a nested list or tuple: TensorFlow takes a list's float dtype from it."""
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return value


def _is_array_like(value):
    """Whether ``value`` is an array object of another library (a pandas Series or DataFrame, a
    torch tensor, an image): TensorFlow converts those through numpy and keeps numpy's dtype,
    where Python numbers and lists get float32 / int32."""
    return not isinstance(value, (list, tuple, int, float, complex, str, bytes, range)) and (
        hasattr(value, '__array__') or hasattr(value, '__array_interface__'))


def _object_array(array):
    """A numpy object array as a string tensor's data (its str encoded as UTF-8), which is all
    TensorFlow makes of one: numbers or None among the objects raise its ValueError."""
    flat = array.reshape(-1).tolist()
    if all(type(v) is bytes for v in flat):
        return array
    for v in flat:
        if not isinstance(v, (str, bytes)):
            raise ConversionError('Failed to convert a NumPy array to a Tensor (Unsupported object type %s).'
                                  % _c_type_name(type(v)))
    return numpy_strings_as_bytes(array)


def _c_type_name(kind):
    """A type's name as CPython's tp_name gives it, which TensorFlow's converter prints: module-qualified for
    an extension type ('numpy.ndarray', 'numpy.float64'), bare for a builtin or a class defined in Python."""
    if kind.__flags__ & 512 or kind.__module__ == 'builtins':      # Py_TPFLAGS_HEAPTYPE: a Python class
        return kind.__name__
    return '%s.%s' % (kind.__module__, kind.__name__)


def _all_python_ints(array):
    return all(type(v) is int for v in array.flat)


def _float32_overflow(wide, narrow):
    """Whether a finite Python float became inf as the float32 TensorFlow picked for it (1e39, -3.5e38):
    its eager converter refuses those (an explicit dtype=float32 takes the inf, as does a traced function's
    constant, which numpy casts)."""
    if not np.isinf(narrow).any():
        return False
    from .eager_graph_names import inside_function
    return not inside_function() and bool(np.isfinite(wide[np.isinf(narrow)]).any())


def _beyond_int64(value, array):
    """Whether Python ints in ``value`` reach past int64 where numpy found a wider home for them."""
    if array.dtype == np.uint64:
        return type(_first_leaf(value)) is int
    if array.dtype == np.float64 and array.size and float(np.max(np.abs(array))) >= 2.0 ** 63:
        return any(type(v) is int and not -2 ** 63 <= v < 2 ** 63 for v in _leaves(value))
    return False


def _leaves(value):
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def _refusal(value, dtype, eager_error):
    """``eager_error`` (TensorFlow's eager C++ conversion's words), or inside a tf.function the error
    TensorFlow's graph conversion (make_tensor_proto) raises for the same value: another class, other words."""
    from .eager_graph_names import inside_function
    if not inside_function():
        return eager_error
    from .graph_conversion_errors import graph_conversion_error
    error = graph_conversion_error(value, dtype)
    error.tf_graph_conversion = True        # conversions of an operand keep it as it is
    return error


def _unconvertible(value, array):
    """TensorFlow's ValueError for a value numpy could only hold as objects, in its words."""
    items = [v for v in array.flat]
    if all(isinstance(v, int) for v in items):          # ints beyond 64 bits
        return ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if array.ndim:
        if any(isinstance(v, (list, tuple)) for v in items):
            return ConversionError(_ragged_words(value))
        first = items[0]        # TensorFlow takes the list's type from its first element: [{'a': 1}, 2.0]
        if not isinstance(first, (numbers.Number, str, bytes, np.generic, np.ndarray, Tensor)):
            return _unsupported(first)
        return ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    return _unsupported(value)


_MIXED = "Can't convert Python sequence with mixed types to Tensor."
_RAGGED = "Can't convert non-rectangular Python sequence to Tensor."


def _ragged_words(value):
    """TensorFlow's words for a nested list that is not a rectangle: its converter takes the shape
    from the first elements, then walks the list depth first; a list where a number belongs (or a
    string where a list belongs) is 'mixed types' ([1.0, [1.0]]), a number or another length where a
    list belongs 'non-rectangular' ([[1.0], 1.0], [[1.0], [1.0, 2.0]])."""
    shape, first = [], value
    while _is_sequence(first) and len(first):
        shape.append(len(first))
        first = first[0]
    if _is_sequence(first):
        shape.append(0)

    def walk(v, depth):
        if depth == len(shape):
            return _MIXED if _is_sequence(v) else None
        if isinstance(v, (str, bytes)):
            return _MIXED
        if not _is_sequence(v) or len(v) != shape[depth]:
            return _RAGGED
        if isinstance(v, np.ndarray):       # its rows alike: the first answers for all (MNIST-sized arrays)
            return walk(v[0], depth + 1) if len(v) else None
        for item in v:
            words = walk(item, depth + 1)
            if words:
                return words
        return None

    if not isinstance(value, (list, tuple)):
        return _RAGGED
    return walk(value, 0) or _RAGGED


def _is_sequence(value):
    """Whether TF's converter walks ``value`` as a sequence: a list, a tuple or a numpy array of rank 1 or
    more (a 0-d array is a scalar to it), so [ids (n,), values (n, 2)] is 'mixed types' as in TF 2.21."""
    return isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim > 0)


def _unsupported(value):
    """TensorFlow's ValueError for a value (or a list's first element) of a type it has no conversion for."""
    error = ConversionError('Attempt to convert a value (%r) with an unsupported type (%s) to a Tensor.'
                            % (value, getattr(type(value), '_TF_CLASS', None) or repr(type(value))))
    error.add_note('Cannot convert %.80r (of type %s) to a tensor: expected numbers, nested lists of numbers, '
                   'numpy arrays or tensors' % (value, type(value).__name__))
    return error


def _string_array(value):
    """Python strings as an object array of UTF-8 bytes (TensorFlow's string tensors). Built as
    objects from the start: numpy's fixed-width 'S'/'U' arrays drop trailing NUL bytes."""
    array = np.array(value, dtype=object)
    if any(isinstance(v, (list, tuple)) for v in array.flat):
        raise ConversionError(_ragged_words(value))
    if array.ndim == 0:
        item = array[()]
        array[()] = item.encode('utf-8') if isinstance(item, str) else item
        return array
    for index, item in enumerate(array.flat):
        if isinstance(item, str):
            array.flat[index] = item.encode('utf-8')
    return array


def numpy_strings_as_bytes(array):
    """A numpy 'U' / 'S' array (or scalar) as TensorFlow holds strings: an object array of
    UTF-8 bytes. ``tf.constant(np.array(['ab']))`` holds b'ab', and its numpy() prints so."""
    out = np.empty(np.shape(array), object)
    flat = out.reshape(-1)                      # a view: out is contiguous
    for index, item in enumerate(np.asarray(array).reshape(-1).tolist()):
        flat[index] = item.encode('utf-8') if isinstance(item, str) else item
    return out


def _all_strings(value):
    """Whether ``value`` is a string, or a non-empty (nested) list or tuple of strings only:
    ``[]`` and ``[[]]`` are not, so they stay float32 as TensorFlow makes them."""
    if isinstance(value, (str, bytes)):
        return True
    return isinstance(value, (list, tuple)) and len(value) > 0 and all(_all_strings(v) for v in value)


def constant(value, dtype=None, shape=None, name=None):
    """A tensor holding ``value``.

    Args:
        value: a Python number or nested list, a numpy array or a tensor.
        dtype: the dtype to give it (Python floats default to float32, ints to int32).
        shape: optional shape; a scalar is broadcast to it, otherwise the
            value is reshaped to it.
    Raises:
        TypeError / ValueError: for values that are not numeric, or a shape
            the value cannot take.
    """
    if isinstance(value, Tensor) and dtype is not None and value._data.dtype != dtypes.numpy_dtype(dtype) \
            and not _is_variable(value):
        # TensorFlow's constant converts a tensor without casting it (a variable's value it casts)
        error = TypeError('Expected tensor %s with dtype %r, but got dtype %r.'
                          % (np.asarray(backend.to_host(value._data)), dtype, value.dtype))
        error.add_note('constant: use framework.cast to change a tensor\'s dtype')
        raise error
    if isinstance(shape, (int, np.integer)):       # TF's as_shape(2) is [2] (data_flow_ops' shape=(2))
        shape = (shape,)
    if type(value) is Tensor and (dtype is None or value._data.dtype == dtypes.numpy_dtype(dtype)) and (
            shape is None or tuple(int(d) for d in shape) == value._data.shape):
        return value    # TF's eager constant hands a tensor back as it is: a tape's gradients flow through it
    array = _to_array(value, dtypes.numpy_dtype(dtype))
    if shape is not None:
        if isinstance(shape, (list, tuple, TensorShape)) and None in shape and array.size != 1:
            # TF's eager constant counts the shape's elements as None: its reshape text, before any conversion
            given = backend.to_host(value._data) if isinstance(value, Tensor) else value
            error = TypeError('Eager execution of tf.constant with unsupported shape. Tensor %s (converted from %s) '
                              'has %d elements, but got `shape` %s with None elements).'
                              % (backend.to_host(array), given, array.size, tuple(shape)))
            error.add_note('constant: a shape with an unknown (None) dimension cannot reshape %d elements; give '
                           'every dimension' % array.size)
            raise error
        shape = _constant_shape(shape)
        xp = backend.array_module(array)
        if array.size == 1:
            array = xp.broadcast_to(xp.asarray(array).reshape(()), shape).copy()
        elif int(np.prod(shape)) == array.size:
            array = xp.asarray(array).reshape(shape)
        else:
            given = backend.to_host(value._data) if isinstance(value, Tensor) else value
            error = TypeError('Eager execution of tf.constant with unsupported shape. Tensor %s (converted from %s) '
                              'has %d elements, but got `shape` %s with %d elements).'
                              % (backend.to_host(array), given, array.size, shape, int(np.prod(shape))))
            error.add_note('constant: a value with %d elements cannot take shape %s' % (array.size, shape))
            raise error
    return Tensor(array)


def _constant_shape(shape):
    """``shape`` as a tuple of ints, or TF's error: its as_shape checks each dimension (a float, a negative
    size), then an unknown (None) one cannot become the shape tensor."""
    if isinstance(shape, str):        # TF's as_shape reads it letter by letter: its TypeError
        TensorShape(shape)
    if shape.__class__ is TensorShape:      # TF's as_list(): TensorShape(None) is its ValueError
        shape = shape.as_list()
    TensorShape([d for d in shape if d is not None])        # a float dimension: Dimension's TypeError
    for d in shape:
        if d is not None and int(d) < 0:
            raise ValueError('Dimension %d must be >= 0' % int(d))
    if any(d is None for d in shape):
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                         "Tensor.")
    return tuple(int(d) for d in shape)


def _is_variable(value):
    from .variable import Variable      # it imports this module
    return isinstance(value, Variable)


_PLAIN_KINDS = frozenset('fiucb')     # numpy kinds _to_array takes as they are (not strings, objects, bfloat16)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """``value`` as a Tensor; a Tensor is returned as it is.

    Raises:
        ValueError: if ``value`` is a tensor of another dtype than ``dtype``.
    """
    if type(value) is ndarray and (dtype is None or dtype is value.dtype) and value.dtype.kind in _PLAIN_KINDS \
            and on_host():
        # a numeric numpy array (a batch of labels, every step), of the numpy dtype asked for if any:
        # copied, as _to_array does
        return Tensor(value.copy())
    if isinstance(value, Tensor):
        dtype = dtypes.numpy_dtype(dtype)
        if dtype is not None and value._data.dtype != dtype:
            if _is_variable(value):     # a variable's own conversion function refuses it, in its words
                error = ValueError('Incompatible type conversion requested to type %s for `tf.Variable of type %s. '
                                   '(Variable: %r)' % (dtype.name, value.dtype.name, value))
            else:
                error = ValueError('%sTensor conversion requested dtype %s for Tensor with dtype %s: %r'
                                   % ('' if name is None else name + ': ', dtype.name, value.dtype.name, value))
            error.add_note('use framework.cast to change the dtype')
            raise error
        return value
    if isinstance(value, IndexedSlices):    # the dense tensor, repeated rows summed (recorded on tapes)
        return value._to_dense(dtype)
    if isinstance(value, (list, tuple)) and autopacking.holds_tensor(value):   # a Pack op, recorded on tapes
        return autopacking.pack(value, dtypes.numpy_dtype(dtype), name)
    if dtype is None and dtype_hint is not None and not isinstance(value, (ndarray, generic)):
        hint = dtypes.numpy_dtype(dtypes.as_dtype(dtype_hint))     # an unknown name: TF's TypeError, not ignored
        try:
            return Tensor(_to_array(value, hint))
        except (TypeError, ValueError):
            pass
    return Tensor(_to_array(value, dtypes.numpy_dtype(dtype)))


def is_tensor(value):
    """Whether TF ops take ``value`` without conversion: TF's is_tensor answers True also for its
    RaggedTensor, SparseTensor and IndexedSlices (not for numpy arrays, specs, datasets or
    ExtensionTypes)."""
    if isinstance(value, Tensor):
        return True
    from .ragged.ragged_tensor import RaggedTensor
    from .sparse.sparse_tensor import SparseTensor
    return isinstance(value, (IndexedSlices, RaggedTensor, SparseTensor))


def _is_bool(x):
    return isinstance(x, Tensor) and x._data.dtype.kind == 'b'


from . import ops  # noqa: E402  (the operators above look ops up at call time)
from .ops.arithmetic import bool_product  # noqa: E402  (bool tensors' ``*``)
from .reflected_operators import reflected_or_raise  # noqa: E402
from .ops.slice_index_items import check_index as check_index_items  # noqa: E402  (it tests Tensor)
from .indexed_slices import IndexedSlices  # noqa: E402  (it builds on Tensor)
from . import autopacking  # noqa: E402  (it builds on Tensor)


# TensorFlow's eager tensors are of class EagerTensor, and programs print it
# (``type(x).__name__`` in the autodiff guide); the class keeps its Python name
# (``__qualname__``, for pickling and imports) and answers TensorFlow's to ``__name__``.
Tensor.__name__ = 'EagerTensor'
tensor_numpy_methods.install(Tensor)     # T, reshape(), astype(), ... (TF's hint until numpy behavior is on)
tensor_missing_names.install(Tensor)     # assign_sub, item, name, ...: TF's AttributeError
