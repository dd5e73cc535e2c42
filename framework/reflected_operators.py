"""A tensor's binary operator that cannot take its right operand offers it the reflected operator.

TensorFlow's ``binary_op_wrapper`` (math_ops) catches the TypeError / ValueError of converting the
right operand and, where that operand's type has ``__r<op>__``, returns what it gives instead of
raising: ``tf.constant(1.) + Money(2)`` is ``Money.__radd__``'s result, ``tf.constant(2) * 'ab'`` is
'abab' (str's ``*`` reads the int32 scalar through ``__index__``), and ``tf.constant(2.) * 'ab'``
fails in that ``__index__`` ("'numpy.float32' object has no attribute '__index__'"). A reflected
operator that raises TypeError / ValueError, or answers NotImplemented, leaves the operator's own
error to be raised; so does a sequence in a tf.function's trace (a graph tensor has no ``__index__``).
Kernel errors (OpError: shapes, dtypes of tensors) are raised as they are.
"""
import numpy as np


def reflected_or_raise(error, tensor, other, name):
    """``other.__r<name>__(tensor)`` after ``tensor <op> other`` failed with ``error``; else ``error``."""
    from .errors import OpError
    from .keras_operands import is_keras_variable, is_shape_error, named_as_converted
    from .keras_variable_operators import FALLS_BACK, keras_operator
    from .tensor import Tensor
    from .variable import Variable
    error = named_as_converted(error, tensor, other)     # a Keras variable's own operator converts both
    if name in FALLS_BACK and is_keras_variable(other) and not is_shape_error(error):
        # TF's slow path refused the Keras variable's dtype with a TypeError: its reflected operator (Keras's) runs
        return keras_operator(name, other, tensor, reflected=True)
    # tensors and numpy numbers convert (their failures are the op's, as in TensorFlow; an object array
    # hands its items to the operator); OpError is a kernel's
    if isinstance(error, OpError) or not isinstance(error, (TypeError, ValueError)) \
            or isinstance(other, (Tensor, np.generic)) or (isinstance(other, np.ndarray) and other.dtype != object):
        raise error
    reflected = getattr(type(other), '__r%s__' % name, None)
    if reflected is None:
        raise error
    if isinstance(other, (str, bytes, list, tuple)):
        from .eager_graph_names import inside_function
        if inside_function():   # a graph tensor's __index__ raises TypeError: the sequence declines, TF's error stays
            raise error
    if isinstance(tensor, Variable):
        tensor = tensor.value()     # (TF's variable operators run the tensor's on its value: 2 * 'ab' repeats)
    try:
        result = reflected(other, tensor)
    except (TypeError, ValueError):
        raise error
    if result is NotImplemented:
        raise error
    return result
