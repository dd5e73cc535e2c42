"""A Keras variable's arithmetic operators, as Keras 3's.

Keras 3's Variable defines its own operators: ``layer.kernel * x`` is keras.ops.multiply(kernel.value, x), under
keras.ops' dtype promotion. So TF 2.21 gives float32 for an int32 Keras variable / 2 (a tf.Variable: float64),
float64 for a float32 one times np.float64 values, and float32 for an int32 one times a float32 tensor (where a
tf.Variable's operator fails). A tensor's operator whose dtype check fails first (``t * int_variable``) hands
the Keras variable its reflected operator, as TF's binary_op_wrapper does for multiply, subtract, pow and the
divisions (add and matmul convert the operand and fail).

Where the two agree (a tensor of the variable's dtype, or a Python number with a float variable) the
tensor's own operator runs eagerly: the common case. A tf.function's trace takes Keras's there too, whose ops
TF's graph names ('Mul', 'Add', 'Pow' for ``kernel * x``, where a tensor's are 'mul', 'add', 'pow').

Comparisons and ``&`` ``|`` ``^`` are always Keras's: ``kf < int_tensor`` and ``int_variable < 1.5`` promote,
``kf == None`` and ``kf == [1, 2, 3]`` raise, ``int_variable & 1`` is logical_and's bool (a tensor's ``&`` is
bitwise on integers). Python asks a subclass's reflected comparison first, so ``int_tensor > kf`` is
``kf < int_tensor`` here, where TF's tensor operator refuses to convert the variable.
"""
import sys

from .trace_names import ACTIVE as TRACING      # (a traced graph names Keras's ops: 'Mul', not the tensor's 'mul')

# the operator's name: keras.ops' function
KERAS_OPS = {'add': 'add', 'sub': 'subtract', 'mul': 'multiply', 'truediv': 'true_divide',
             'floordiv': 'floor_divide', 'mod': 'mod', 'pow': 'power', 'matmul': 'matmul',
             'eq': 'equal', 'ne': 'not_equal', 'lt': 'less', 'le': 'less_equal', 'gt': 'greater', 'ge': 'greater_equal',
             'and': 'logical_and', 'or': 'logical_or', 'xor': 'logical_xor'}
# the operators a Keras variable always takes from Keras (a tensor's give other values or errors)
ALWAYS_KERAS = frozenset(('eq', 'ne', 'lt', 'le', 'gt', 'ge', 'and', 'or', 'xor'))
# the reflected operators Variable defines (``1 & int_variable`` is Keras's logical_and; Tensor's is bitwise)
REFLECTED = ('and', 'or', 'xor')
# the tensor operators whose failed dtype check TF answers with the other operand's reflected operator
FALLS_BACK = frozenset(('sub', 'mul', 'truediv', 'floordiv', 'mod', 'pow', 'and', 'or', 'xor'))


def as_tensors_do(variable, other):
    """Whether Keras's arithmetic operator gives what a tensor's does for ``variable`` and ``other``."""
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
    the results would differ, the tensor's otherwise. Reflected ones only for ``&`` ``|`` ``^``, and they
    decline a tensor: Python asks a subclass's reflected operator first, before the left tensor's own, which
    TF runs (Tensor's reflected arithmetic hands a Keras variable to Keras's operator where TF's refuses the
    operands: reflected_keras_or_raise). traced_ops takes these for wrappers of the tensor's operators
    (operator_codes)."""
    tensor_class = variable_class.__mro__[1]
    for name in KERAS_OPS:
        make = _keras_operator if name in ALWAYS_KERAS else _SPECIAL.get(name, _operator)
        setattr(variable_class, '__%s__' % name, make(name, tensor_class))
    for name in REFLECTED:
        setattr(variable_class, '__r%s__' % name, _reflected_operator(name, tensor_class))


def operator_codes(variable_class):
    """The code objects of the operators install_operators gave ``variable_class``, and of keras_operator, which
    they call (a traced graph names the keras.ops function's op: Keras's 'Less', 'Mul')."""
    names = ['__%s__' % name for name in KERAS_OPS] + ['__r%s__' % name for name in REFLECTED]
    return {getattr(variable_class, name).__code__ for name in names} | {keras_operator.__code__}


def _operator(name, tensor_class):
    dunder = '__%s__' % name

    def operator(self, other):
        if self._path is None or as_tensors_do(self, other) and not TRACING:
            # (looked up at each call: tf.experimental.numpy's promoting operators replace the tensor's)
            return getattr(tensor_class, dunder)(self, other)
        return keras_operator(name, self, other)
    operator.__name__ = operator.__qualname__ = dunder
    return operator


def _matmul_operator(name, tensor_class):
    def __matmul__(self, other):
        # Keras's matmul takes a vector (tf.tensordot), where a tensor's MatMul asks two matrices
        if self._path is None or (isinstance(other, tensor_class) and as_tensors_do(self, other)
                                  and self._data.ndim > 1 and other._data.ndim > 1):
            return tensor_class.__matmul__(self, other)
        return keras_operator(name, self, other)
    return __matmul__


def _truediv_operator(name, tensor_class):
    def __truediv__(self, other):
        # Keras's true_divide of integers is floatx (float32), a tensor's truediv of int32 / int64 float64
        if self._path is None or as_tensors_do(self, other) and self._data.dtype.kind in 'fc' and not TRACING:
            return tensor_class.__truediv__(self, other)
        return keras_operator(name, self, other)
    return __truediv__


_SPECIAL = {'matmul': _matmul_operator, 'truediv': _truediv_operator}


def _keras_operator(name, tensor_class):
    dunder = '__%s__' % name

    def operator(self, other):
        if self._path is None:
            return getattr(tensor_class, dunder)(self, other)
        return keras_operator(name, self, other)
    operator.__name__ = operator.__qualname__ = dunder
    return operator


def _reflected_operator(name, tensor_class):
    dunder = '__r%s__' % name

    def operator(self, other):
        if isinstance(other, tensor_class):
            return NotImplemented       # the left tensor's own operator runs, as in TF (it falls back to Keras's)
        if self._path is None:
            return getattr(tensor_class, dunder)(self, other)
        return keras_operator(name, self, other, reflected=True)
    operator.__name__ = operator.__qualname__ = dunder
    return operator
