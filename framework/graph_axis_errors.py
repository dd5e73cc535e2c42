"""Axes, permutations and multiples given as Python ints that do not fit the tensor's traced rank or
lengths, refused by TensorFlow's graph in a trace: tf.reduce_* ('Invalid reduction dimension 2 for
input with 2 dimensions.'), tf.expand_dims, tf.squeeze, tf.transpose and tf.tile. tapeflow's kernels
refuse them first (an InvalidArgumentError) and the naming hook swaps in the graph's ValueError
(graph_shape_errors.py). Texts, attributes and the Consts' names ('Sum/reduction_indices',
'transpose/perm') read off TF 2.21 (notes/progs/graphops14/u1.py, u2.py). Where the graph reads the
Python value as a tensor its message ends 'with computed input tensors: input[1] = <0 2>'.
"""
from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable

_REDUCTIONS = ('Sum', 'Mean', 'Max', 'Min', 'Prod', 'EuclideanNorm', 'Any', 'All')
_LOGICAL = ('Any', 'All')      # no T attribute: their input is bool


def axis_error(error, name, rule, parameters, unique, prefix):
    """The graph's ValueError for the call, or None where the graph accepts it or it was not measured."""
    if rule == 'reduce' and name in _REDUCTIONS:
        tensor = parameters.get('input_tensor')
        if tensor is None and name in ('Sum', 'Mean'):      # keras.ops.sum / mean: tf's for float32 and float64
            tensor = parameters.get('x')
            if not isinstance(tensor, Tensor) or tensor._data.dtype.name not in ('float32', 'float64'):
                return None
    elif name in ('ExpandDims', 'Squeeze', 'Tile'):
        tensor = parameters.get('input')
    elif name == 'transpose':
        tensor = parameters.get('a')
        if parameters.get('conjugate'):
            return None
    else:
        return None
    if not isinstance(tensor, Tensor) or isinstance(tensor, Variable):
        return None     # (keras.ops' other rows, which check in Python first; a variable's read: not measured)
    entry = trace_names.entry_of(tensor)
    dtype = graph_shape_errors.DT_NAMES.get(tensor._data.dtype.name)
    if name in _LOGICAL and tensor._data.dtype.kind == 'b':
        dtype = 'DT_BOOL'
    if entry is None or entry[1] is None or dtype is None or dtype.startswith('DT_COMPLEX'):
        return None
    shape = tuple(entry[1])
    found = _FORMS[name if name in _FORMS else 'reduce'](parameters, shape)
    if found is None:
        return None
    problem, attrs, constant, value = found
    node = graph_shape_errors.node_name(parameters, name, unique, prefix)
    kernel = 'Transpose' if name == 'transpose' else name
    inputs, shapes = [entry[0]], ['[%s]' % graph_shape_errors.dims_text(shape)]
    if constant is not None:        # the Python value: a Const in the node's scope
        inputs.append('%s/%s' % (node, constant))
        shapes.append('[]' if type(value) is int else '[%d]' % len(value))
    attrs = attrs[2:] if name in _LOGICAL else 'T=%s%s' % (dtype, attrs)
    text = "%s for '{{node %s}} = %s[%s](%s)' with input shapes: %s" % (
        problem, node, kernel, attrs, ', '.join(inputs), ', '.join(shapes))
    if problem.endswith('dimensions.') or problem.startswith(('dim ', 'perm dim')):      # the value was read
        text += ' and with computed input tensors: input[1] = <%s>' % (
            value if type(value) is int else ' '.join(map(str, value)))
    return graph_shape_errors.refusal(error, text + '.')


def _ints(value):
    """``value`` if a Python int or a non-empty list/tuple of them, else None."""
    if type(value) is int:
        return value
    if type(value) in (list, tuple) and value and all(type(v) is int for v in value):
        return list(value)
    return None


def _reduce(parameters, shape):
    axis = _ints(parameters.get('axis'))
    if axis is None:
        return None
    rank = len(shape)
    bad = next((a for a in ([axis] if type(axis) is int else axis) if not -rank <= a < rank), None)
    if bad is None:
        return None
    return ('Invalid reduction dimension %d for input with %d dimensions.' % (bad, rank),
            ', Tidx=DT_INT32, keep_dims=%s' % str(bool(parameters.get('keepdims'))).lower(), 'reduction_indices', axis)


def _expand_dims(parameters, shape):
    axis, rank = parameters.get('axis'), len(shape)
    if type(axis) is not int or -rank - 1 <= axis <= rank:
        return None
    return 'dim %d not in the interval [%d, %d].' % (axis, -rank - 1, rank), ', Tdim=DT_INT32', 'dim', axis


def _squeeze(parameters, shape):
    axis, rank = _ints(parameters.get('axis')), len(shape)
    if axis is None:
        return None
    axes = [axis] if type(axis) is int else axis
    attrs = ', squeeze_dims=[%s]' % ', '.join(map(str, axes))
    for index, a in enumerate(axes):
        if not -rank <= a < rank:
            return 'squeeze_dims[%d] not in [%d,%d).' % (index, -rank, rank), attrs, None, None
    wrapped = {a % rank for a in axes}
    for index, length in enumerate(shape):
        if index in wrapped and length is not None and length != 1:
            return 'Can not squeeze dim[%d], expected a dimension of 1, got %d' % (index, length), attrs, None, None
    return None


def _transpose(parameters, shape):
    perm, rank = _ints(parameters.get('perm')), len(shape)
    if type(perm) is not list or any(p < 0 for p in perm):
        return None         # (negative entries: not measured)
    if len(perm) != rank:
        return 'Dimension must be %d but is %d' % (rank, len(perm)), ', Tperm=DT_INT32', 'perm', perm
    bad = next((p for p in perm if p >= rank), None)
    if bad is None:
        return None         # (a repeated entry: TensorFlow's kernel refuses it at run time)
    return 'perm dim %d is out of range of input rank %d' % (bad, rank), ', Tperm=DT_INT32', 'perm', perm


def _tile(parameters, shape):
    multiples = _ints(parameters.get('multiples'))
    if type(multiples) is not list or len(multiples) == len(shape):
        return None
    return ('Shape must be rank %d but is rank %d' % (len(shape), len(multiples)), ', Tmultiples=DT_INT32',
            'multiples', multiples)


_FORMS = {'reduce': _reduce, 'ExpandDims': _expand_dims, 'Squeeze': _squeeze, 'transpose': _transpose,
          'Tile': _tile}
