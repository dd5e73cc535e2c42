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


# the ops whose Python hands TF's kernel the operands as given: a Keras variable among them is converted to the
# other operand's dtype by its own __tf_tensor__, which refuses another dtype (tf.add and tf.divide convert first)
CONVERTED_TO_THE_OTHERS_DTYPE = frozenset((
    'subtract', 'multiply', 'pow', 'maximum', 'minimum', 'squared_difference', 'floordiv', 'floormod', 'atan2',
    'less', 'less_equal', 'greater', 'greater_equal', 'equal', 'not_equal'))


def as_tf_variable_text(variable):
    """A variable as TF 2.21's errors print it: a Keras variable as its backing tf.Variable ('dense/kernel:0')."""
    if variable._path is None:
        return repr(variable)
    from . import dtypes
    from .tensor import DISPLAY_NAME, numpy_text
    return "<%s.Variable '%s:0' shape=%s dtype=%s, numpy=%s>" % (
        DISPLAY_NAME, variable._path, tuple(variable._data.shape), dtypes.display_name(variable._data.dtype),
        numpy_text(variable.numpy(), True))


def conversion_refusal(a, b, op):
    """TF 2.21's ValueError for ``op`` handed a Keras variable and a tensor (or another Keras variable) of
    another dtype: the variable is converted to the tensor's dtype, the second one to the first's
    (``tf.multiply(layer.kernel, int_tensor)``, ``int_tensor - float64_variable``); None where TF's kernel
    sees the operands (no Keras variable, or an op that converts them first)."""
    if op not in CONVERTED_TO_THE_OTHERS_DTYPE:
        return None
    if is_keras_variable(b):
        variable, wanted = b, a
    elif is_keras_variable(a):
        variable, wanted = a, b
    else:
        return None
    return refused_conversion(variable, wanted._data.dtype, op)


def list_conversion_refusal(values, op):
    """The same for a list op (tf.concat, tf.stack) of tensors of more than one dtype, a Keras variable among them
    (TF's slow path converts every item): the list's dtype is its first tensor's that is no Keras variable (else
    its first item's), and the first item of another dtype refuses it, a tensor in convert_to_tensor's words
    (``tf.concat([t, kernel, int_tensor], 0)``); None where no Keras variable is among ``values``."""
    if not any(is_keras_variable(v) for v in values):
        return None
    plain = [v for v in values if not is_keras_variable(v)]
    dtype = (plain[0] if plain else values[0])._data.dtype
    refusing = next(v for v in values if v._data.dtype != dtype)
    if is_keras_variable(refusing):
        return refused_conversion(refusing, dtype, op)
    return ValueError('Tensor conversion requested dtype %s for Tensor with dtype %s: %r'
                      % (dtype.name, refusing._data.dtype.name, refusing))


def variable_conversion_error(variable, dtype):
    """A variable converted to another ``dtype`` (a numpy dtype): TF 2.21's ValueError from a tf.Variable's
    conversion function, a Keras variable named as its backing tf.Variable."""
    return ValueError('Incompatible type conversion requested to type %s for `tf.Variable of type %s. (Variable: %s)'
                      % (dtype.name, variable._data.dtype.name, as_tf_variable_text(variable)))


def refused_conversion(variable, dtype, op):
    """A Keras variable's __tf_tensor__ asked for ``dtype``: its backing tf.Variable's ValueError."""
    error = variable_conversion_error(variable, dtype)
    error.add_note('%s: the Keras variable %r is %s and the other operands %s; cast one with framework.cast, or '
                   "use the variable's own operators (keras.ops' promotion)"
                   % (op, variable.path, variable._data.dtype.name, dtype.name))
    return error


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
