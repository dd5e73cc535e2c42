"""tf.concat and tf.stack of tensors whose traced shapes do not fit, refused by TensorFlow's graph.

In a trace TensorFlow's shape functions refuse ConcatV2 and Pack as the op is added (a ValueError);
tapeflow's kernels refuse them first (an InvalidArgumentError), and the naming hook swaps in the
graph's error (graph_shape_errors.py). The order of the checks decides which pair is named, read
off TF 2.21 (notes/progs/graphops14/c1.py, c2.py):

- ConcatV2 checks every input's rank against the first one's ('Shape must be rank 2 but is rank 1',
  before it reads the axis, so no 'computed input tensors'), then the axis against the last input
  ('at least rank 3'), then merges the lengths before and after the axis from the last input back
  to the first ('Dimension 0 in both shapes must be equal, but are 3 and 4. Shapes are [3] and [4].').
- Pack merges the shapes from the last back to the first ('From merging shape 0 with other shapes.').
  tf.stack along axis 0 first tries to pack the list as one constant under the same name, so the
  Pack that fails is 'stack_1'.

A length the trace leaves open merges with any length: where that hides the mismatch TensorFlow
fails at run time, and the kernel's error stands.
"""
import numpy as np

from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable


def tf_arguments(parameters):
    """tf.concat's / tf.stack's arguments of the call: keras.ops.concatenate(xs) and keras.ops.stack(x) call
    them as they are when their tensors share a dtype (else Keras casts first: not measured); None."""
    if 'values' in parameters:
        return parameters
    values = parameters.get('xs', parameters.get('x'))
    if type(values) not in (list, tuple) or not all(isinstance(v, Tensor) for v in values) or \
            len({v._data.dtype for v in values}) != 1:
        return None
    return {'values': values, 'axis': parameters.get('axis', 0)}


def concat_error(error, parameters, unique, prefix):
    """ConcatV2's graph ValueError for tf.concat(values, axis) with a Python int axis, or None."""
    axis = parameters.get('axis')
    inputs = _inputs(parameters.get('values'))
    if inputs is None or type(axis) is not int:
        return None
    values, shapes, dtype = inputs
    rank = len(shapes[0])
    problem, computed = None, True
    for shape in shapes[1:]:
        if len(shape) != rank:
            problem, computed = 'Shape must be rank %d but is rank %d' % (rank, len(shape)), False
            break
    if problem is None:
        least = -axis if axis < 0 else axis + 1
        if rank < least:
            problem = 'Shape must be at least rank %d but is rank %d' % (least, rank)
        else:
            at = axis + rank if axis < 0 else axis
            before, after = shapes[-1][:at], shapes[-1][at + 1:]
            for shape in reversed(shapes[:-1]):
                problem, before = _merge(shape[:at], before)
                if problem is None:
                    problem, after = _merge(shape[at + 1:], after)
                if problem is not None:
                    break
    if problem is None:
        return None
    node = graph_shape_errors.node_name(parameters, 'concat', unique, prefix)
    names = _input_names(values, node, unique) + [node + '/axis']
    text = "%s for '{{node %s}} = ConcatV2[N=%d, T=%s, Tidx=DT_INT32](%s)' with input shapes: %s, []" % (
        problem, node, len(values), dtype, ', '.join(names), _shapes_text(shapes))
    if computed:
        text += ' and with computed input tensors: input[%d] = <%d>' % (len(values), axis)
    return graph_shape_errors.refusal(error, text + '.')


def stack_error(error, parameters, unique, prefix):
    """Pack's graph ValueError for tf.stack(values, axis) with a Python int axis, or None."""
    axis = parameters.get('axis', 0)
    inputs = _inputs(parameters.get('values'))
    if inputs is None or type(axis) is not int:
        return None
    values, shapes, dtype = inputs
    merged = shapes[-1]
    for index in range(len(shapes) - 2, -1, -1):
        problem, merged = _merge(shapes[index], merged)
        if problem is not None:
            break
    else:
        return None
    if axis == 0:       # the constant tf.stack tried first took the name
        graph_shape_errors.node_name(parameters, 'stack', unique, prefix)
    node = graph_shape_errors.node_name(parameters, 'stack', unique, prefix)
    text = "%s\n\tFrom merging shape %d with other shapes. for '{{node %s}} = Pack[N=%d, T=%s, axis=%d](%s)' " \
        "with input shapes: %s." % (problem, index, node, len(values), dtype, axis,
                                     ', '.join(_input_names(values, node, unique)), _shapes_text(shapes))
    return graph_shape_errors.refusal(error, text)


def _inputs(values):
    """(values, traced shapes, the T attribute) of a list of tensors, variables and Python lists,
    or None where a shape or a name is unknown here."""
    if type(values) not in (list, tuple) or len(values) < 2:
        return None
    tensors = [v for v in values if isinstance(v, Tensor)]
    if not tensors:
        return None
    kind = tensors[0]._data.dtype
    dtype = graph_shape_errors.DT_NAMES.get(kind.name)
    if dtype is None:
        return None
    shapes = []
    for value in values:
        if isinstance(value, Tensor):
            if not isinstance(value, Variable) and trace_names.entry_of(value) is None:
                return None
        elif type(value) in (list, tuple, int, float):
            given = np.asarray(value)
            if given.dtype.kind not in 'if' or (given.dtype.kind == 'f' and kind.kind != 'f'):
                return None         # (a float list with integer tensors: TensorFlow's TypeError)
        else:
            return None
        shape = graph_shape_errors._traced_shape(value)
        if shape is None:
            return None
        shapes.append(tuple(shape))
    return values, shapes, dtype


def _merge(a, b):
    """(the shape inference's refusal or None, the merged shape) of two shapes, as its Merge."""
    if len(a) != len(b):
        return 'Shapes must be equal rank, but are %d and %d' % (len(a), len(b)), b
    for index, (x, y) in enumerate(zip(a, b)):
        if x is not None and y is not None and x != y:
            return ('Dimension %d in both shapes must be equal, but are %d and %d. Shapes are [%s] and [%s].'
                    % (index, x, y, graph_shape_errors.dims_text(a), graph_shape_errors.dims_text(b))), b
    return None, tuple(y if x is None else x for x, y in zip(a, b))


def _input_names(values, node, unique):
    """The graph names of the op's list inputs: a tensor's own, a variable's read in the op's scope,
    a Python list's Const 'values_<index>' there."""
    names = []
    for index, value in enumerate(values):
        if isinstance(value, Variable):
            names.append(unique(node + '/ReadVariableOp'))
        elif isinstance(value, Tensor):
            names.append(trace_names.entry_of(value)[0])
        else:
            names.append('%s/values_%d' % (node, index))
    return names


def _shapes_text(shapes):
    return ', '.join('[%s]' % graph_shape_errors.dims_text(s) for s in shapes)
