"""Which operands send a TensorFlow eager op through its slow path, whose kernel errors end at '[Op:Mul]'
without the fast path's ' name: ' tail.

TF's fast path takes tensors, arrays, numbers and tf.Variables. A Python list or tuple, a Python complex, a
numpy scalar other than float64, or a Keras variable (Keras 3's Variable is no tf.Variable: it converts
itself through __tf_tensor__) among the operands an op's Python hands the kernel as given takes the slow
path instead. TF 2.21: ``t * [1., 2., 3.]``, ``tf.multiply(t, layer.kernel)`` and ``t - keras.Variable(...)``
end at '[Op:Mul]' / '[Op:Sub]'; ``t + layer.bias`` (add converts its operands first) and
``layer.kernel * t`` (Keras's own operator converts both) keep the tail.
"""
import numpy as np

from .variable import Variable


def is_keras_variable(value):
    """Whether ``value`` is a Keras variable (keras.Variable, a layer's or an optimizer's weight)."""
    return isinstance(value, Variable) and value._path is not None


def python_slow_operands(*given):
    """Whether a Python list or tuple, a Python complex, or a numpy scalar that is no Python float (np.int32(0),
    not np.float64) is among ``given``: TF's slow path runs an op handed them, Keras variables aside."""
    return any(isinstance(v, (list, tuple, complex)) or isinstance(v, np.generic) and not isinstance(v, float)
               for v in given)


def slow_operands(*given):
    """Whether TF's eager slow path runs an op handed ``given`` as they are."""
    return python_slow_operands(*given) or any(is_keras_variable(v) for v in given)


def is_shape_error(error):
    """Whether ``error`` is a broadcast kernel's 'Incompatible shapes' (TF's operators fall back on no such)."""
    return 'Incompatible shapes' in str(error)


def named_as_converted(error, tensor=None, other=None):
    """``error`` as TF words it where the operands were converted before the kernel ran: a reflected operator
    (``[1., 2.] * t``: TF converts the left operand to a tensor), or a Keras variable's own operator
    (``layer.kernel * t``, unless ``other`` is a Keras variable too, which Keras hands on as it is). A shape
    error that lacks the fast path's ' name: ' tail gets it back; anything else is returned as it is."""
    from .errors import InvalidArgumentError, with_name_tail
    if type(error) is not InvalidArgumentError or str(error).endswith(' name: ') \
            or not is_shape_error(error) or is_keras_variable(other):
        return error
    if tensor is not None and not is_keras_variable(tensor):
        return error
    return with_name_tail(error)
