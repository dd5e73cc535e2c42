"""A Keras variable's arithmetic operators, as Keras 3's.

Keras 3's Variable defines its own operators: ``layer.kernel * x`` is keras.ops.multiply(kernel.value, x), under
keras.ops' dtype promotion. So TF 2.21 gives float32 for an int32 Keras variable / 2 (a tf.Variable: float64),
float64 for a float32 one times np.float64 values, and float32 for an int32 one times a float32 tensor (where a
tf.Variable's operator fails). A tensor's operator whose dtype check fails first (``t * int_variable``) hands
the Keras variable its reflected operator, as TF's binary_op_wrapper does for multiply, subtract, pow and the
divisions (add and matmul convert the operand and fail).

Where the two agree (a tensor of the variable's dtype, or a Python number with a float variable) the
tensor's own operator runs: the common case, and the one traced graphs name as TF's.
"""
import sys

# the operator's name: keras.ops' function
KERAS_OPS = {'add': 'add', 'sub': 'subtract', 'mul': 'multiply', 'truediv': 'true_divide',
             'floordiv': 'floor_divide', 'mod': 'mod', 'pow': 'power', 'matmul': 'matmul'}
# the tensor operators whose failed dtype check TF answers with the other operand's reflected operator
FALLS_BACK = frozenset(('sub', 'mul', 'truediv', 'floordiv', 'mod', 'pow'))


def as_tensors_do(variable, other):
    """Whether Keras's operator gives what a tensor's does for ``variable`` and ``other``."""
    if isinstance(other, sys.modules['framework.tensor'].Tensor):
        return other._data.dtype == variable._data.dtype
    return type(other) in (int, float) and variable._data.dtype.kind == 'f'


def keras_operator(name, variable, other, reflected=False):
    """``variable <name> other`` (``other <name> variable`` when ``reflected``) as Keras 3's operator computes it."""
    from .keras import ops
    from .keras_operands import named_as_converted
    function = getattr(ops, KERAS_OPS[name])
    try:
        return function(other, variable) if reflected else function(variable, other)
    except Exception as error:
        raise named_as_converted(error, variable, other) from None


def reflected_keras_or_raise(error, tensor, other, name):
    """After ``other <name> tensor`` failed in a tensor's reflected operator with ``error``: Keras's operator where
    ``tensor`` is a Keras variable (``2.5 * int_variable`` is float32 in TF 2.21), else ``error`` as TF words it
    (a reflected operator converts ``other`` first: a list there keeps the ' name: ' tail)."""
    from .keras_operands import is_keras_variable, is_shape_error, named_as_converted
    if is_keras_variable(tensor) and not is_shape_error(error):
        return keras_operator(name, tensor, other, reflected=True)
    raise named_as_converted(error) from None


def install_operators(variable_class):
    """Give ``variable_class`` (framework.Variable) its forward operators: Keras's for a Keras variable where
    the results would differ, the tensor's otherwise. No reflected ones: Python would ask a subclass's first,
    before the left tensor's own; Tensor's reflected operators hand a Keras variable to Keras's operator where
    TF's refuses the operands (reflected_keras_or_raise). traced_ops takes these for wrappers of the tensor's
    operators (one code object)."""
    tensor_class = variable_class.__mro__[1]
    for name in KERAS_OPS:
        setattr(variable_class, '__%s__' % name, _operator(name, tensor_class))


def _operator(name, tensor_class):
    dunder = '__%s__' % name

    def operator(self, other):
        if self._path is None or as_tensors_do(self, other):
            # (looked up at each call: tf.experimental.numpy's promoting operators replace the tensor's)
            return getattr(tensor_class, dunder)(self, other)
        return keras_operator(name, self, other)
    operator.__name__ = operator.__qualname__ = dunder
    return operator
