"""Operands of mixed dtypes where TensorFlow builds a graph: its op-construction TypeError.

Eagerly, TensorFlow's kernels refuse a tensor of the wrong dtype at run time with an
InvalidArgumentError ('cannot compute AddV2 as input #1(zero-based) was expected to be a float
tensor but is a double tensor'). Inside a tf.function, a tf.data function or a Keras fit step the
op is first added to a graph, and op_def_library refuses it there with a TypeError naming the op's
arguments ("Input 'y' of 'AddV2' Op has type float64 that does not match type float32 of argument
'x'."): a program's ``except TypeError`` catches that one, not the eager error. tapeflow computes
eagerly everywhere, so the ops ask here which of the two TensorFlow would raise.
"""
from ..errors import InvalidArgumentError

# Each kernel's input arguments, in order, as its OpDef names them
_ARGUMENTS = {kernel: ('x', 'y') for kernel in (
    'AddV2', 'Add', 'Sub', 'Mul', 'Pow', 'Maximum', 'Minimum', 'FloorDiv', 'FloorMod', 'Less', 'LessEqual',
    'Greater', 'GreaterEqual', 'Equal', 'NotEqual', 'SquaredDifference', 'BatchMatMulV2', 'RealDiv',
    'TruncateDiv', 'DivNoNan', 'Xdivy', 'Xlogy', 'Xlog1py', 'LogicalAnd', 'LogicalOr')}
_ARGUMENTS.update({'Atan2': ('y', 'x'), 'SelectV2': ('condition', 't', 'e'), 'MatMul': ('a', 'b'),
                   'BiasAdd': ('value', 'bias'), 'ScaleAndTranslateGrad': ('grads', 'original_image'),
                   'Substr': ('pos', 'len'),      # (its first input, the strings, is no operand of type T)
                   'Igamma': ('a', 'x'), 'Igammac': ('a', 'x'), 'Polygamma': ('a', 'x'), 'Zeta': ('x', 'q'),
                   'Conv2D': ('input', 'filter'), 'Conv3D': ('input', 'filter'),
                   'DepthwiseConv2dNative': ('input', 'filter'),
                   # (the output's shape is no operand of type T: the filter fixes it)
                   'Conv2DBackpropInput': ('input_sizes', 'filter', 'out_backprop'),
                   'Conv3DBackpropInputV2': ('input_sizes', 'filter', 'out_backprop')})
# Kernels that take one list of tensors of one dtype, by the list's argument
_LIST_ARGUMENTS = {'AddN': 'inputs', 'ConcatV2': 'values', 'Pack': 'values', 'Einsum': 'inputs'}


def traced():
    """Whether TensorFlow would be adding ops to a graph here (tf.executing_eagerly() is False)."""
    from ..eager_graph_names import inside_function, lifted      # (it imports the ops: asked on errors only)
    return inside_function() and not lifted()


def input_mismatch(eager_error, kernel, index, expected, got):
    """The error for input ``index`` of ``kernel`` being of dtype ``got`` where the kernel's
    earlier inputs fixed ``expected`` (DTypes or numpy dtypes): ``eager_error`` when running
    eagerly, else op_def_library's TypeError (with ``eager_error``'s notes)."""
    arguments = _ARGUMENTS.get(kernel)
    if arguments is None or not traced():
        return eager_error
    if kernel in ('LogicalAnd', 'LogicalOr'):
        text = "Input '%s' of '%s' Op has type %s that does not match expected type of bool." % (
            arguments[index], kernel, _name(got))
    else:
        # (SelectV2's condition and a transposed convolution's input_sizes are no operands of the values' type)
        first = 1 if kernel in ('SelectV2', 'Conv2DBackpropInput', 'Conv3DBackpropInputV2') else 0
        text = "Input '%s' of '%s' Op has type %s that does not match type %s of argument '%s'." % (
            arguments[index], kernel, _name(got), _name(expected), arguments[first])
    return _with_notes(TypeError(text), eager_error)


def fixed_type_mismatch(eager_error, kernel, argument, expected, got):
    """The error for ``kernel``'s input ``argument``, whose OpDef fixes its dtype to ``expected``, being of
    dtype ``got`` (InTopKV2's float32 predictions): ``eager_error`` when running eagerly, else
    op_def_library's TypeError (with ``eager_error``'s notes)."""
    if not traced():
        return eager_error
    text = "Input '%s' of '%s' Op has type %s that does not match expected type of %s." % (
        argument, kernel, _name(got), _name(expected))
    return _with_notes(TypeError(text), eager_error)


def list_mismatch(eager_error, kernel, dtypes):
    """The error for a list input of ``kernel`` whose tensors have ``dtypes`` (not all one):
    ``eager_error`` when running eagerly, else op_def_library's TypeError listing them all."""
    argument = _LIST_ARGUMENTS.get(kernel)
    if argument is None or not traced():
        return eager_error
    text = "Tensors in list passed to '%s' of '%s' Op have types [%s] that don't all match." % (
        argument, kernel, ', '.join(_name(d) for d in dtypes))
    return _with_notes(TypeError(text), eager_error)


def fixed_list_mismatch(eager_error, kernel, argument, dtypes, expected):
    """The error for ``kernel``'s list input ``argument``, whose OpDef fixes its tensors' dtype to ``expected``,
    given tensors of ``dtypes`` (one or more of another dtype): ``eager_error`` when running eagerly, else
    op_def_library's TypeError listing them all (TF 2.21's tf.strings.join of an int32 tensor in a
    tf.function: "Tensors in list passed to 'inputs' of 'StringJoin' Op have types [int32, string] that do
    not match expected type string.")."""
    if not traced():
        return eager_error
    text = "Tensors in list passed to '%s' of '%s' Op have types [%s] that do not match expected type %s." % (
        argument, kernel, ', '.join(_name(d) for d in dtypes), _name(expected))
    return _with_notes(TypeError(text), eager_error)


def python_float_refusal(eager_error, kernel, value, dtype, tensor_first, reflected):
    """The error for a Python float ``value`` meeting an integer tensor of ``dtype`` in ``kernel``
    (``tensor_first``: the tensor is the op's first operand; ``reflected``: Python's reflected operator,
    ``0.9 ** step``, called it). Eagerly TensorFlow's conversion refuses it ('Cannot convert 0.9 to
    EagerTensor of dtype int64', ``eager_error``). In a graph (a custom LearningRateSchedule's
    ``0.9 ** (step // 2)`` in fit) op_def_library converts the value with the dtype the tensor fixed
    and says so; a reflected operator converts it first, in make_tensor_proto's words; a function given
    the float first (tf.maximum(0.9, step)) makes it float32, and the tensor then fails to match. A Python
    string meeting a numeric tensor (``x * 'a'``) is refused in the same words (its repr first: got 'a')."""
    if not traced():
        return eager_error
    float_name = type(value).__name__
    if tensor_first:
        parameter = _ARGUMENTS.get(kernel, ('x', 'y'))[1]
        text = ("Expected %s passed to parameter '%s' of op '%s', got %r of type '%s' instead. "
                "Error: Expected %s, but got %s of type '%s'." % (_name(dtype), parameter, kernel, value, float_name,
                                                                 _name(dtype), value, float_name))
        return _with_notes(TypeError(text), eager_error)
    if reflected or kernel not in _ARGUMENTS:
        return _with_notes(TypeError("Expected %s, but got %s of type '%s'." % (_name(dtype), value, float_name)),
                           eager_error)
    return input_mismatch(eager_error, kernel, 1, 'float32', dtype)


def allowed_list_refusal(eager_error, attr, dtype_name, allowed, signature):
    """The error for a tensor of ``dtype_name`` given to a kernel whose OpDef allows ``allowed`` (its
    registry's names: 'half', 'float') for the type attribute ``attr`` ('T'), its inputs as ``signature``
    ('x:T, y:T -> z:T') names them: ``eager_error`` (the registry's InvalidArgumentError "Value for attr
    'T' of int32 is not in the list of allowed values: ...") when running eagerly, else op_def_library's
    TypeError, raised as the op is added to the graph, for the first input of that type (TF 2.21: tf.sqrt
    of int32 in a tf.function "Value passed to parameter 'x' has DataType int32 not in list of allowed
    values: bfloat16, float16, float32, float64, complex64, complex128"; the OpDef's order, dtype names)."""
    if not traced():
        return eager_error
    inputs = signature.partition(' -> ')[0].split(', ')
    parameter = next((arg.partition(':')[0] for arg in inputs if arg.partition(':')[2].rpartition('*')[2] == attr),
                     None)
    if parameter is None:
        return eager_error
    text = "Value passed to parameter '%s' has DataType %s not in list of allowed values: %s" % (
        parameter, _graph_name(dtype_name), ', '.join(_graph_name(name) for name in allowed))
    return _with_notes(TypeError(text), eager_error)


def graph_conversion_refusal(eager_error, kernel, value, dtype):
    """The error for a Python ``value`` that cannot become a tensor (a dict, an object, None, a ragged
    list) as the second operand of ``kernel`` after a tensor of ``dtype``; ``eager_error`` is the
    conversion's TypeError or ValueError, raised as it is when running eagerly. In a graph op_def_library
    converts it with the tensor's dtype and wraps the failure ("Expected float32 passed to parameter 'y'
    of op 'Mul', got {'a': 1} of type 'dict' instead. Error: ...", or for a ValueError "Tried to convert
    'y' to a tensor and failed. Error: ..."); ``x + v`` and ``x / v`` convert it first, where only a
    TypeError is reworded (make_tensor_proto's 'Failed to convert elements of ...')."""
    if not traced():
        return eager_error
    arguments = _ARGUMENTS.get(kernel)
    type_error = isinstance(eager_error, TypeError)
    if kernel in ('AddV2', 'divide'):
        if not type_error:
            return eager_error
        error = TypeError('Failed to convert elements of %s to Tensor. Consider casting elements to a supported '
                          'type. See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes.'
                          % (value,))
    elif arguments is None:
        return eager_error
    else:
        parameter = arguments[-1]       # the operand after the tensor: tf.where(c, x, v)'s is 'e'
        if type_error:
            error = TypeError("Expected %s passed to parameter '%s' of op '%s', got %r of type '%s' instead. "
                              "Error: %s" % (_name(dtype), parameter, kernel, value, type(value).__name__,
                                             eager_error.args[0]))
        else:
            error = ValueError("Tried to convert '%s' to a tensor and failed. Error: %s" % (parameter,
                                                                                            eager_error.args[0]))
    return _with_notes(error, eager_error)


def eager_input_error(kernel, index, expected, got, runs=None, name='', named=True):
    """The eager kernel's InvalidArgumentError for input ``index`` of dtype ``got`` where ``expected``
    was due (dtypes, numpy dtypes or names; ``runs``: the kernel that ran, oneDNN's ``_Mkl...`` where TF
    takes it; ``named``: whether the op's Python wrapper adds its ' name: ' tail, ``name`` its text;
    a traced function's call, '__inference_f', has none)."""
    return InvalidArgumentError('cannot compute %s as input #%d(zero-based) was expected to be a %s tensor but is a '
                                '%s tensor [Op:%s]%s' % (runs or kernel, index, kernel_dtype_name(expected),
                                                         kernel_dtype_name(got), kernel,
                                                         ' name: ' + (name or '') if named else ''))


def kernel_dtype_name(dtype):
    """The name TensorFlow's kernel messages give a dtype (DataTypeString: 'float' for float32)."""
    name = _name(dtype)
    return _KERNEL_NAMES.get(name, name)


_KERNEL_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}
_GRAPH_NAMES = {kernel: name for name, kernel in _KERNEL_NAMES.items()}


def _graph_name(dtype):
    """The name op_def_library's errors give a dtype (the DType's: 'float32' where a kernel says 'float')."""
    name = _name(dtype)
    return _GRAPH_NAMES.get(name, name)


def _name(dtype):
    """TensorFlow's name of a dtype ('float32', 'string' for numpy's object / bytes arrays)."""
    name = getattr(dtype, 'name', str(dtype))
    return 'string' if name == 'object' or name.startswith(('bytes', 'str')) else name


def _with_notes(error, eager_error):
    for note in getattr(eager_error, '__notes__', ()):
        error.add_note(note)
    return error
