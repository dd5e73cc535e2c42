"""TensorFlow's words when a Python value cannot become a tensor: eager conversion's ValueErrors (a type it
has no converter for, a non-rectangular list, mixed types) and, inside a tf.function, the graph's texts."""
import numbers

import numpy as np

from . import dtypes
from .tensor import Tensor
from .python_list_reading import is_sequence
from .errors import shown_as


class ConversionError(TypeError, ValueError):
    """A value that cannot become a tensor (None, a dict, mixed or ragged lists).

    TensorFlow raises ValueError here and tapeflow raised TypeError before, so
    programs catching either keep working. Its name is TensorFlow's class's, so a program
    printing ``type(e).__name__`` prints ValueError as under TensorFlow, and so does a traceback's
    last line ('ValueError: Can't convert non-rectangular Python sequence to Tensor.')."""


shown_as(ConversionError, ValueError)


# how TensorFlow's conversion errors name a dtype (DataTypeString)
_KERNEL_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}


def kernel_name(dtype):
    name = dtypes.display_name(dtype)
    return _KERNEL_NAMES.get(name, name)


def c_type_name(kind):
    """A type's name as CPython's tp_name gives it, which TensorFlow's converter prints: module-qualified for
    an extension type ('numpy.ndarray', 'numpy.float64'), bare for a builtin or a class defined in Python."""
    if kind.__flags__ & 512 or kind.__module__ == 'builtins':      # Py_TPFLAGS_HEAPTYPE: a Python class
        return kind.__name__
    return '%s.%s' % (kind.__module__, kind.__name__)


def refusal(value, dtype, eager_error):
    """``eager_error`` (TensorFlow's eager C++ conversion's words), or inside a tf.function the error
    TensorFlow's graph conversion (make_tensor_proto) raises for the same value: another class, other words."""
    from .eager_graph_names import inside_function
    if not inside_function():
        return eager_error
    from .graph_conversion_errors import graph_conversion_error
    error = graph_conversion_error(value, dtype)
    error.tf_graph_conversion = True        # conversions of an operand keep it as it is
    return error


def unconvertible(value, array):
    """TensorFlow's ValueError for a value numpy could only hold as objects, in its words."""
    items = [v for v in array.flat]
    if all(isinstance(v, int) for v in items):          # ints beyond 64 bits
        return ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    if array.ndim:
        if any(isinstance(v, (list, tuple)) for v in items):
            return ConversionError(ragged_words(value))
        first = items[0]        # TensorFlow takes the list's type from its first element: [{'a': 1}, 2.0]
        if not isinstance(first, (numbers.Number, str, bytes, np.generic, np.ndarray, Tensor)):
            return _unsupported(first)
        return ConversionError("Can't convert Python sequence with mixed types to Tensor.")
    return _unsupported(value)


_MIXED = "Can't convert Python sequence with mixed types to Tensor."


_RAGGED = "Can't convert non-rectangular Python sequence to Tensor."


def ragged_words(value):
    """TensorFlow's words for a nested list that is not a rectangle: its converter takes the shape
    from the first elements, then walks the list depth first; a list where a number belongs (or a
    string where a list belongs) is 'mixed types' ([1.0, [1.0]]), a number or another length where a
    list belongs 'non-rectangular' ([[1.0], 1.0], [[1.0], [1.0, 2.0]])."""
    shape, first = [], value
    while is_sequence(first) and len(first):
        shape.append(len(first))
        first = first[0]
    if is_sequence(first):
        shape.append(0)

    def walk(v, depth):
        if depth == len(shape):
            return _MIXED if is_sequence(v) else None
        if isinstance(v, (str, bytes)):
            return _MIXED
        if not is_sequence(v) or len(v) != shape[depth]:
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


def _unsupported(value):
    """TensorFlow's ValueError for a value (or a list's first element) of a type it has no conversion for."""
    error = ConversionError('Attempt to convert a value (%r) with an unsupported type (%s) to a Tensor.'
                            % (value, getattr(type(value), '_TF_CLASS', None) or repr(type(value))))
    error.add_note('Cannot convert %.80r (of type %s) to a tensor: expected numbers, nested lists of numbers, '
                   'numpy arrays or tensors' % (value, type(value).__name__))
    return error
