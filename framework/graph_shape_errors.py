"""Operands whose shapes do not fit, refused in a traced function as TensorFlow's graph refuses them.

Eagerly a kernel refuses them when it runs: an InvalidArgumentError ('Incompatible shapes: [2,3]
vs. [2] [Op:AddV2]'). A tf.function's trace builds a graph instead, and TensorFlow's shape inference
refuses the op as it is added, with a ValueError naming the node, its inputs and their traced shapes
(so do tf.data functions, a model's own train_step, and Keras's scratch graph while a model builds):

    Dimensions must be equal, but are 3 and 2 for '{{node add}} = AddV2[T=DT_FLOAT](x, y)' with
    input shapes: [2,3], [2].

tapeflow traces on the real arrays, so the kernel's error comes first; the naming hook
(traced_ops.py), which knows the API call that failed and the graph names of its inputs, turns it
into the graph's. Where a traced shape leaves the mismatching length open TensorFlow's graph builds
and its kernel fails at run time, as tapeflow's does: the eager error stands. The texts were read off
TF 2.21 (/work/notes/progs/me17/g1-g9.py). Other ops' shape functions live beside this module:
graph_list_errors (concat, stack), graph_matmul_errors (transposes, BatchMatMulV2), graph_axis_errors
(reduce_*, expand_dims, squeeze, transpose, tile), graph_split_errors (split, broadcast_to),
graph_gather_errors, graph_einsum_errors, graph_xent_errors (softmax_cross_entropy_with_logits),
graph_conv_errors (tf.nn.conv2d, tf.nn's max / avg pools).
"""
import re

import numpy as np

from . import (graph_axis_errors, graph_conv_errors, graph_einsum_errors, graph_gather_errors, graph_list_errors,
               graph_matmul_errors, graph_slice_errors, graph_split_errors, graph_tensordot_errors, graph_xent_errors,
               trace_names)
from .errors import InvalidArgumentError
from .tensor import Tensor
from .variable import Variable

_KERNEL = re.compile(r'\[Op:(\w+)\]')
# a graph's T attribute for each dtype
DT_NAMES = {'float32': 'DT_FLOAT', 'float64': 'DT_DOUBLE', 'float16': 'DT_HALF', 'bfloat16': 'DT_BFLOAT16',
            'int32': 'DT_INT32', 'int64': 'DT_INT64', 'int8': 'DT_INT8', 'int16': 'DT_INT16', 'uint8': 'DT_UINT8',
            'complex64': 'DT_COMPLEX64', 'complex128': 'DT_COMPLEX128', 'bool': 'DT_BOOL'}
# the Python operators' own scopes (graph_op_names.OPERATOR_SCOPES) and the ops that take the scope's name
_SCOPED_OPERATORS = ('and', 'or', 'xor')
_SCOPE_NAMED_OPS = (('and', 'LogicalAnd'), ('or', 'LogicalOr'))
# a broadcasting kernel's attributes where they are not its T alone (LogicalAnd has none; TF 2.21, progs/errors48/c9.txt)
_BROADCAST_ATTRS = {'LogicalAnd': '', 'LogicalOr': '', 'Equal': 'T=%s, incompatible_shape_error=true',
                    'NotEqual': 'T=%s, incompatible_shape_error=true'}


def graph_error(error, name, rule, parameters, operator, unique, prefix):
    """The ValueError TensorFlow's graph raises for the API call that failed with ``error``, or None
    where it raises the kernel's error too (or the case was not measured).

    ``name`` and ``rule`` are the call's row (graph_op_names.py), ``parameters`` its arguments by
    name, ``operator`` the Python operator's method name or None, ``unique`` the graph's namer and
    ``prefix`` the open scopes ('block/')."""
    if not isinstance(error, InvalidArgumentError):
        return None
    if name == 'einsum/Einsum':
        return graph_einsum_errors.einsum_error(error, parameters, unique, prefix)
    if name == 'softmax_cross_entropy_with_logits/Reshape_2':
        return graph_xent_errors.xent_error(error, parameters, unique, prefix)
    if rule == 'pool':
        return graph_conv_errors.pool_error(error, name, parameters, unique, prefix)
    if name == 'MaxPoolWithArgmax' and rule == 'outputs':
        return graph_conv_errors.argmax_pool_error(error, parameters, unique, prefix)
    if name == 'convolution' and rule == 'conv':
        return graph_conv_errors.convolution_error(error, parameters, unique, prefix)
    if name == 'conv1d/Squeeze':
        return graph_conv_errors.conv1d_error(error, parameters, unique, prefix)
    if name == 'range' and rule == 'range' and getattr(error, 'range_bounds', None) is not None:
        return _half_range_error(error, parameters, unique, prefix)
    if '/' in name:
        return None
    if rule == 'conv':
        return graph_conv_errors.conv_error(error, parameters, unique, prefix)
    if rule == 'index':
        return graph_slice_errors.slice_error(error, parameters, unique, prefix)
    if rule in ('concat', 'stack'):
        parameters = graph_list_errors.tf_arguments(parameters)
        if parameters is None:
            return None
        return graph_list_errors.concat_error(error, parameters, unique, prefix) if rule == 'concat' else \
            graph_list_errors.stack_error(error, parameters, unique, prefix)
    if name in ('GatherV2', 'GatherNd') and rule in ('gather', 'known'):
        return graph_gather_errors.gather_error(error, name, parameters, unique, prefix)
    if name in ('split', 'BroadcastTo') and rule in ('outputs', 'known'):
        return graph_split_errors.sizes_error(error, name, parameters, unique, prefix)
    if rule in ('reduce', 'expand', 'known', 'transpose', 'tile'):
        return graph_axis_errors.axis_error(error, name, rule, parameters, unique, prefix)
    if rule not in ('broadcast', 'matmul', 'reshape'):
        return None
    if rule == 'reshape':
        return _reshape_error(error, name, parameters, unique, prefix)
    if rule == 'matmul' and graph_tensordot_errors.is_tensordot_route(parameters, operator):
        return graph_tensordot_errors.tensordot_error(error, parameters, unique, prefix)
    if name == 'SelectV2':
        return _select_error(error, parameters, unique, prefix)
    kernel = _KERNEL.search(str(error))
    if kernel is None and rule == 'broadcast':
        return None
    operands = _operands(parameters, operator)
    if operands is None:
        return None
    tensors = [v for _, v in operands if isinstance(v, Tensor)]
    dtype = DT_NAMES.get(tensors[0]._data.dtype.name) if tensors else None
    if dtype is None:
        return None
    shapes = [_traced_shape(v) for _, v in operands]
    if None in shapes:
        return None
    if rule == 'broadcast':
        dims = first_unequal(*shapes)
        kernel = kernel.group(1)
        if kernel.startswith('Logical') and 'x1' in parameters and any(
                not (isinstance(v, Tensor) and v._data.dtype.kind == 'b') for _, v in operands):
            return None     # keras.ops casts a non-bool input first: its inputs are 'Cast', 'Cast_1' (not named)
        attrs = _BROADCAST_ATTRS.get(kernel, 'T=%s')
        attrs = attrs % dtype if '%s' in attrs else attrs
    else:
        found = graph_matmul_errors.matmul_mismatch(shapes, parameters, operator, dtype, first_unequal)
        if found is None:
            return None
        dims, kernel, attrs = found
    if dims is None:
        return None
    return _unequal_dims_error(error, dims, name, kernel, attrs, operands, shapes, parameters, operator, unique,
                               prefix)


def _unequal_dims_error(error, dims, name, kernel, attrs, operands, shapes, parameters, operator, unique, prefix):
    """Shape inference's "Dimensions must be equal" (``dims``: the unequal pair) or another refusal
    (``dims``: its text) for the node the call adds, naming its inputs."""
    # Names are taken in TensorFlow's order: a variable's operator reads it before the op's scope opens
    if operator and isinstance(parameters.get('self'), Variable):
        read = unique(prefix + 'ReadVariableOp')
    # keras.ops.matmul casts each operand first (tf.cast): a Keras variable is read inside that cast's
    # scope ('Cast/ReadVariableOp'; a tensor of the dtype passes without one), before the product's node
    keras_reads = {id(v): unique(prefix + 'Cast') + '/ReadVariableOp' for _, v in operands
                   if isinstance(v, Variable)} if not operator and 'x1' in parameters and name == 'MatMul' else {}
    # (tf.math.logical_xor opens no scope: its first op, LogicalOr, fails at the top level)
    node = node_name(parameters, kernel if name == 'LogicalXor' else name, unique, prefix)
    if name in _SCOPED_OPERATORS and (name, kernel) not in _SCOPE_NAMED_OPS:
        node += '/' + kernel        # the op inside the operator's scope ('and/BitwiseAnd'; bool ^: 'xor/LogicalOr')
    inputs = []
    for argument, value in operands:
        if isinstance(value, Variable):
            inputs.append(keras_reads.get(id(value)) or (read if value is parameters.get('self') and operator
                                                           else node + '/ReadVariableOp'))
        elif isinstance(value, Tensor):
            inputs.append(trace_names.entry_of(value)[0])
        else:               # a Python number or list: a Const in the op's scope, named after the argument
            inputs.append('%s/%s' % (node, argument))
    problem = dims if isinstance(dims, str) else 'Dimensions must be equal, but are %d and %d' % dims
    text = "%s for '{{node %s}} = %s[%s](%s)' with input shapes: %s." % (
        problem, node, kernel, attrs, ', '.join(inputs), ', '.join('[%s]' % dims_text(s) for s in shapes))
    return refusal(error, text)


def _half_range_error(error, parameters, unique, prefix):
    """tf.range of float16 constant bounds: Range's shape function has no case for DT_HALF (19), where TF 2.21
    converts each bound to a Const in the API's scope ('range/start', 'range/limit', 'range/delta'; tf.range(3) too)
    and shows their values (notes/progs/gradfuzz27/r1.py)."""
    node = node_name(parameters, 'range', unique, prefix)
    values = ['%g' % np.float16(v) for v in error.range_bounds]
    return refusal(error, "Unsupported dtype19 for '{{node %s}} = Range[Tidx=DT_HALF](%s/start, %s/limit, %s/delta)' "
                          "with input shapes: [], [], [] and with computed input tensors: input[0] = <%s>, input[1] = "
                          "<%s>, input[2] = <%s>." % ((node,) * 4 + tuple(values)))


def _select_error(error, parameters, unique, prefix):
    """tf.where(condition, x, y): SelectV2's shape function broadcasts x with y ('t', 'e' as its
    inputs are named), then the condition with that."""
    operands = [('condition', parameters.get('condition')), ('t', parameters.get('x')), ('e', parameters.get('y'))]
    if operands[1][1] is None or operands[2][1] is None or not isinstance(operands[0][1], Tensor):
        return None
    values = [v for _, v in operands[1:] if isinstance(v, Tensor)]
    dtype = DT_NAMES.get(values[0]._data.dtype.name) if values else None
    shapes = [_traced_shape(v) for _, v in operands]
    if dtype is None or None in shapes:
        return None
    dims = first_unequal(shapes[1], shapes[2]) or first_unequal(shapes[0], _broadcast(shapes[1], shapes[2]))
    if dims is None:
        return None
    return _unequal_dims_error(error, dims, 'SelectV2', 'SelectV2', 'T=%s' % dtype, operands, shapes, parameters,
                               None, unique, prefix)


def _broadcast(a, b):
    """The broadcast of two traced shapes that fit (None: a length left open)."""
    rank = max(len(a), len(b))
    a, b = (1,) * (rank - len(a)) + tuple(a), (1,) * (rank - len(b)) + tuple(b)
    return tuple(y if x == 1 else x if y == 1 else (x if x is not None else y) for x, y in zip(a, b))


def _reshape_error(error, name, parameters, unique, prefix):
    """Reshape's refusal of a target shape given as Python ints (a Const 'Reshape/shape' in the
    graph) for a tensor whose traced shape is known."""
    # (tf.reshape names its target 'shape', keras.ops.reshape 'newshape')
    tensor = parameters.get('tensor', parameters.get('x'))
    target = parameters.get('shape', parameters.get('newshape'))
    if not isinstance(tensor, Tensor) or isinstance(tensor, Variable) or type(target) not in (list, tuple) \
            or not target or not all(type(d) is int and d >= -1 for d in target) or list(target).count(-1) > 1:
        return None
    entry = trace_names.entry_of(tensor)
    dtype = DT_NAMES.get(tensor._data.dtype.name)
    if entry is None or entry[1] is None or dtype is None:
        return None
    known = int(np.prod([d for d in target if d != -1], dtype=np.int64))
    if None in entry[1]:        # an open length: the known ones must divide the target's size
        divisor = int(np.prod([d for d in entry[1] if d is not None], dtype=np.int64))
        if -1 in target or divisor == 0 or known % divisor == 0:
            return None
        problem = 'Dimension size must be evenly divisible by %d but is %d' % (divisor, known)
    else:
        elements = int(np.prod(entry[1], dtype=np.int64))
        if -1 in target:
            if known == 0 or elements % known == 0:
                return None
            problem = 'Dimension size must be evenly divisible by %d but is %d' % (known, elements)
        elif known == elements:
            return None
        else:
            problem = 'Cannot reshape a tensor with %d elements to shape [%s] (%d elements)' % (
                elements, ','.join(map(str, target)), known)
    node = node_name(parameters, name, unique, prefix)
    return refusal(error, "%s for '{{node %s}} = Reshape[T=%s, Tshape=DT_INT32](%s, %s/shape)' with input shapes: "
                          "[%s], [%d] and with input tensors computed as partial shapes: input[1] = [%s]."
                          % (problem, node, dtype, entry[0], node, dims_text(entry[1]), len(target),
                             ','.join('?' if d == -1 else str(d) for d in target)))


def _operands(parameters, operator):
    """[(argument name, value)] of a binary call, in the op's input order; None if not two."""
    if operator:
        if operator.startswith('__r'):          # 1.0 + x: the number is the op's first input, 'x'
            return [('x', parameters.get('other')), ('y', parameters.get('self'))]
        return [('x', parameters.get('self')), ('y', parameters.get('other'))]
    values = [(k, v) for k, v in parameters.items() if k != 'name']
    if len(values) < 2 or any(isinstance(v, (str, bytes, bool)) or v is None for _, v in values[:2]):
        return None
    return values[:2]


def _traced_shape(value):
    """The shape TensorFlow's graph knows for an operand (None lengths left open), or None: unknown."""
    if isinstance(value, Variable):
        return tuple(value._data.shape)
    if isinstance(value, Tensor):
        entry = trace_names.entry_of(value)
        return None if entry is None or entry[1] is None else tuple(entry[1])
    try:
        return np.shape(value)
    except ValueError:          # a ragged list
        return None


def node_name(parameters, default, unique, prefix):
    """The failing node's name, made unique in the graph: the ``name`` the call was given, else
    ``default`` (the API's scope or op name), inside the open scopes ``prefix``."""
    given = parameters.get('name')
    return unique(prefix + (given if isinstance(given, str) and given else default))


def refusal(error, text):
    """The graph's ValueError with ``text``, carrying the kernel ``error``'s notes (tapeflow's words)."""
    refused = ValueError(text)
    for note in getattr(error, '__notes__', ()):
        refused.add_note(note)
    return refused


def first_unequal(a, b):
    """The first pair of known lengths (aligned at the end, from the left) that cannot broadcast."""
    rank = max(len(a), len(b))
    a, b = (1,) * (rank - len(a)) + tuple(a), (1,) * (rank - len(b)) + tuple(b)
    for x, y in zip(a, b):
        if x is not None and y is not None and x != y and x != 1 and y != 1:
            return x, y
    return None


def dims_text(shape):
    return ','.join('?' if d is None else str(d) for d in shape)
