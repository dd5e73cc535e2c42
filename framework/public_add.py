"""``tf.add`` / ``tf.math.add`` as TensorFlow's Python wrapper (math_ops.add) converts its operands.

TensorFlow converts ``x`` on its own first (a Python int is int32, a float float32, a numpy value
keeps its dtype) and only then ``y``, with x's dtype as a hint. So when ``y`` is already a tensor of
another dtype the AddV2 kernel refuses the pair: ``tf.add(1, tf.constant(2.0))`` and
``tf.add(np.array(1, np.int8), tf.constant(1))`` are InvalidArgumentErrors (the type-promotion guide
prints the second), while ``1 + tf.constant(2.0)`` and ``tf.multiply(1, ...)`` convert the Python
value to the tensor's dtype and run.

The library's own code and the ``+`` operators call ``framework.ops.add``, which converts a
non-tensor operand to the other one's dtype; only the public names bind this wrapper, and a call whose
first operand is a tensor goes straight through.
"""
from .ops import add as _ops_add
from .ops.graph_input_errors import eager_input_error, input_mismatch
from .ops.operands import _check_numeric
from .tensor import Tensor, convert_to_tensor

_PLAIN = (int, float, complex, bool, str, bytes, list, tuple)


def add(x, y, name=None):
    """x + y, elementwise with broadcasting; string tensors concatenate, as in TensorFlow."""
    if isinstance(x, Tensor) or not isinstance(y, Tensor) or not _converts_alone(x):
        return _ops_add(x, y, name)
    x = convert_to_tensor(x)
    if x._data.dtype != y._data.dtype:
        raise _refused(x, y)
    return _ops_add(x, y, name)


def _converts_alone(x):
    """A value TensorFlow converts without looking at ``y``: Python numbers, strings and nests of
    them, numpy arrays and scalars (not RaggedTensors, SparseTensors or ExtensionTypes, which dispatch)."""
    return isinstance(x, _PLAIN) or type(x).__module__ == 'numpy'


def _refused(x, y):
    """The AddV2 kernel's error for operands TensorFlow converted to two dtypes."""
    _check_numeric(x._data, 'add')          # a bool x: the kernel refuses its type first, as in TensorFlow
    error = eager_input_error('AddV2', 1, x.dtype, y.dtype)
    error.add_note('tf.add converts x on its own (a Python int is int32, a float float32, a numpy value keeps its '
                   'dtype), so x became %s while y is %s; give x in y\'s dtype, e.g. tf.constant(x, dtype=y.dtype)'
                   % (x.dtype.name, y.dtype.name))
    return input_mismatch(error, 'AddV2', 1, x.dtype, y.dtype)     # (in a traced function: the graph's TypeError)

