"""Tensor: an immutable array with TensorFlow's Python surface.

A Tensor is a thin handle on one numpy (or cupy) array. It carries no
gradient state: tapes keep their own records, so a Tensor costs what its
array costs. Operators delegate to the ops in ``framework.ops``.
"""
import sys

import numpy as np

from . import backend, dtypes, graph_random_ops, loop_reads, tensor_numpy_methods, tensor_missing_names, \
    trace_names, traced_for_loops
from .errors import shown_as
from .type_text import python_type_name
from .tensor_shape import TensorShape, shape_of  # noqa: F401  (re-exported: framework.tensor.TensorShape)

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

    @property
    def numpy(self):
        """``t.numpy()``: the value as a numpy array (a numpy scalar for 0-d tensors). A copy, as
        TensorFlow's: ``a = t.numpy(); a[0] = 3`` must leave the immutable tensor as it was.

        Inside a tf.function's trace (a tf.data function's, a Keras step's or build's) user code
        holds TensorFlow's SymbolicTensor, which has no ``numpy`` attribute: the same AttributeError
        here, raised by the attribute's read, so ``hasattr(x, 'numpy')`` is False there as in TF."""
        if trace_names.ACTIVE and trace_names.is_graph_tensor_to_caller(self):
            raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")
        return self._numpy_value

    def _numpy_value(self):
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
    def __radd__(self, other):
        try:
            return ops.add(other, self)
        except Exception as error:
            return reflected_keras_or_raise(error, self, other, 'add')
    def __sub__(self, other):
        try:
            return ops.subtract(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'sub')
    def __rsub__(self, other):
        try:
            return ops.subtract(other, self)
        except Exception as error:      # (TF converts ``other`` first: a list there keeps the ' name: ' tail)
            return reflected_keras_or_raise(error, self, other, 'sub')
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
        except Exception as error:
            if not _is_bool(self):
                return reflected_keras_or_raise(error, self, other, 'mul')
        return bool_product(other, self, reflected=True)

    def __truediv__(self, other):
        try:
            return ops.divide(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'truediv')
    def __rtruediv__(self, other):
        try:
            return ops.divide(other, self)
        except Exception as error:
            return reflected_keras_or_raise(error, self, other, 'truediv')
    def __floordiv__(self, other):
        try:
            return ops.floordiv(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'floordiv')
    def __rfloordiv__(self, other):
        try:
            return ops.floordiv(other, self)
        except Exception as error:
            return reflected_keras_or_raise(error, self, other, 'floordiv')
    def __mod__(self, other):
        try:
            return ops.floormod(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'mod')
    def __rmod__(self, other):
        try:
            return ops.floormod(other, self)
        except Exception as error:
            return reflected_keras_or_raise(error, self, other, 'mod')
    def __pow__(self, other):
        try:
            return ops.pow(self, other)
        except Exception as error:
            return reflected_or_raise(error, self, other, 'pow')
    def __rpow__(self, other):
        try:
            return ops.pow(other, self)
        except Exception as error:
            return reflected_keras_or_raise(error, self, other, 'pow')
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


def _is_bool(x):
    return isinstance(x, Tensor) and x._data.dtype.kind == 'b'


# building tensors from Python values (tensor_conversion.py, which builds on Tensor), re-exported here
from .tensor_conversion import (ConversionError, constant, convert_to_tensor, is_tensor,  # noqa: E402,F401
                                numpy_strings_as_bytes, _is_variable, _to_array)
from .conversion_refusals import _KERNEL_NAMES, kernel_name as _kernel_name  # noqa: E402,F401
from . import ops  # noqa: E402  (the operators above look ops up at call time)
from .ops.arithmetic import bool_product  # noqa: E402  (bool tensors' ``*``)
from .reflected_operators import reflected_or_raise  # noqa: E402
from .keras_variable_operators import reflected_keras_or_raise  # noqa: E402
from .ops.slice_index_items import check_index as check_index_items  # noqa: E402  (it tests Tensor)


# TensorFlow's eager tensors are of class EagerTensor, and programs print it
# (``type(x).__name__`` in the autodiff guide); the class keeps its Python name
# (``__qualname__``, for pickling and imports) and answers TensorFlow's to ``__name__``.
Tensor.__name__ = 'EagerTensor'
tensor_numpy_methods.install(Tensor)     # T, reshape(), astype(), ... (TF's hint until numpy behavior is on)
tensor_missing_names.install(Tensor)     # assign_sub, item, name, ...: TF's AttributeError
