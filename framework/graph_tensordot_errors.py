"""keras.ops.matmul on the tf.tensordot route (a vector on either side, or a batch of matrices by one
matrix) with lengths that do not fit, refused by TensorFlow's graph in a trace (the naming hook swaps
the graph's ValueError in for tapeflow's kernel error: graph_shape_errors.py). Read off TF 2.21
(notes/progs/kerasexamples8/p27.py):

    Dimensions must be equal, but are 3 and 5 for '{{node Tensordot/MatMul}} = MatMul[T=DT_FLOAT,
    grad_a=false, grad_b=false, transpose_a=false, transpose_b=false](Tensordot/Reshape, w)' with
    input shapes: [8,3], [5,2].

tensordot makes each operand a matrix on its own: its contracted axis moved (a 'Tensordot/transpose')
and the rest flattened ('Tensordot/Reshape', then '_1'), an operand already in that form entering the
MatMul as it is. Only fully known float operands of one dtype are named (an open length leaves the
graph's reshape open and its kernel fails when run, as tapeflow's does; Keras's casts of other dtypes
were not measured).
"""
import math

from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable

_ATTRS = 'T=%s, grad_a=false, grad_b=false, transpose_a=false, transpose_b=false'


def is_tensordot_route(parameters, operator):
    """Whether the call is keras.ops.matmul's that Keras 3 hands to tf.tensordot."""
    a, b = parameters.get('x1'), parameters.get('x2')
    if operator or not (isinstance(a, Tensor) and isinstance(b, Tensor)):
        return False
    ranks = a._data.ndim, b._data.ndim
    both_int8 = a._data.dtype.name == b._data.dtype.name == 'int8'
    return 0 not in ranks and (1 in ranks or ranks[0] > 2 and ranks[1] == 2 and not both_int8)


def tensordot_error(error, parameters, unique, prefix):
    """The graph's ValueError for a keras.ops.matmul on the tensordot route, or None (see the module)."""
    a, b = parameters['x1'], parameters['x2']
    dtype = graph_shape_errors.DT_NAMES.get(a._data.dtype.name)
    if a._data.dtype != b._data.dtype or a._data.dtype.kind != 'f' or dtype is None:
        return None
    if isinstance(a, Variable) or isinstance(b, Variable):
        return None             # (a variable's read op not measured)
    entries = [trace_names.entry_of(t) for t in (a, b)]
    if any(entry is None or entry[1] is None or None in entry[1] for entry in entries):
        return None
    shape_a, shape_b = (tuple(entry[1]) for entry in entries)
    # (the contracted axes: a's last, and b's only one for a vector, else its second-to-last)
    axis_b = 0 if len(shape_b) == 1 or len(shape_a) > 1 else len(shape_b) - 2
    if shape_a[-1] == shape_b[axis_b]:
        return None
    matrix_a = (math.prod(shape_a[:-1]), shape_a[-1])
    free_b = shape_b[:axis_b] + shape_b[axis_b + 1:]
    matrix_b = (shape_b[axis_b], math.prod(free_b))
    node = unique(prefix + 'Tensordot')
    reshapes = iter(['Reshape', 'Reshape_1'])
    inputs = [entries[0][0] if matrix_a == shape_a else node + '/' + next(reshapes),
              entries[1][0] if matrix_b == shape_b else node + '/' + next(reshapes)]
    text = "Dimensions must be equal, but are %d and %d for '{{node %s/MatMul}} = MatMul[%s](%s)' with input " \
           "shapes: [%s], [%s]." % (shape_a[-1], shape_b[axis_b], node, _ATTRS % dtype, ', '.join(inputs),
                                   graph_shape_errors.dims_text(matrix_a), graph_shape_errors.dims_text(matrix_b))
    return graph_shape_errors.refusal(error, text)
