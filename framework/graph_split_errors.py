"""tf.split and tf.broadcast_to with sizes given as Python ints that do not fit the tensor's traced
lengths, refused by TensorFlow's graph in a trace (the naming hook swaps the graph's ValueError in
for tapeflow's kernel error: graph_shape_errors.py). Read off TF 2.21 (notes/progs/graphops14/s1.py):

- Split (a number of parts) checks the axis, then that the parts divide the axis's length;
  SplitV (a list of sizes, converted to a 'Const' before the op's scope opens) that they add up to it.
- BroadcastTo wants the target at least as long as the input's rank, then compares the lengths from
  the last axis back.
A length the trace leaves open passes; TensorFlow's kernel refuses it at run time, as tapeflow's does.
"""
from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable


def sizes_error(error, name, parameters, unique, prefix):
    """The graph's ValueError for tf.split / tf.broadcast_to, or None."""
    tensor = parameters.get('value' if name == 'split' else 'input')
    if not isinstance(tensor, Tensor) or isinstance(tensor, Variable):
        return None
    entry = trace_names.entry_of(tensor)
    dtype = graph_shape_errors.DT_NAMES.get(tensor._data.dtype.name)
    if entry is None or entry[1] is None or dtype is None:
        return None
    shape = tuple(entry[1])
    text = _split(entry[0], shape, dtype, parameters, unique, prefix) if name == 'split' else \
        _broadcast_to(entry[0], shape, dtype, parameters, unique, prefix)
    if text is None:
        return None
    return graph_shape_errors.refusal(error, text)


def _split(source, shape, dtype, parameters, unique, prefix):
    parts, axis, rank = parameters.get('num_or_size_splits'), parameters.get('axis', 0), len(shape)
    if type(axis) is not int or parameters.get('num') is not None:
        return None
    if type(parts) is int:
        problem = _axis_problem(axis, rank)
        if problem is None:
            length = shape[axis]
            if length is None or parts <= 0 or length % parts == 0:
                return None
            problem = ('Dimension size must be evenly divisible by %d but is %d\n\tNumber of ways to split should '
                       'evenly divide the split dimension' % (parts, length))
        node = graph_shape_errors.node_name(parameters, 'split', unique, prefix)
        return ("%s for '{{node %s}} = Split[T=%s, num_split=%d](%s/split_dim, %s)' with input shapes: [], [%s] and "
                "with computed input tensors: input[0] = <%d>." % (problem, node, dtype, parts, node, source,
                                                                  graph_shape_errors.dims_text(shape), axis))
    if type(parts) not in (list, tuple) or not parts or not all(type(p) is int and p >= 0 for p in parts):
        return None         # (a -1 or a tensor of sizes: not measured)
    problem = _axis_problem(axis, rank)
    if problem is None:
        length = shape[axis]
        if length is None or sum(parts) == length:
            return None
        problem = "can't split axis of size %d into pieces of size [%s]" % (length, ','.join(map(str, parts)))
    sizes = unique(prefix + 'Const')        # converted before the op's name scope opens
    node = graph_shape_errors.node_name(parameters, 'split', unique, prefix)
    return ("%s for '{{node %s}} = SplitV[T=%s, Tlen=DT_INT32, num_split=%d](%s, %s, %s/split_dim)' with input "
            "shapes: [%s], [%d], [] and with computed input tensors: input[1] = <%s>, input[2] = <%d>." % (
                problem, node, dtype, len(parts), source, sizes, node, graph_shape_errors.dims_text(shape),
                len(parts), ' '.join(map(str, parts)), axis))


def _axis_problem(axis, rank):
    if -rank <= axis < rank:
        return None
    return 'Dimension size, given by scalar input %d must be in range [%d, %d)' % (axis, -rank, rank)


def _broadcast_to(source, shape, dtype, parameters, unique, prefix):
    target = parameters.get('shape')
    if type(target) not in (list, tuple) or not all(type(d) is int and d >= 0 for d in target):
        return None
    suffix = ''
    if len(target) < len(shape):
        problem = 'Shape must be at most rank %d but is rank %d' % (len(target), len(shape))
    else:
        pairs = [(x, y) for x, y in zip(reversed(shape), reversed(target)) if x is not None and x != 1 and x != y]
        if not pairs:
            return None
        problem = 'Dimensions must be equal, but are %d and %d' % pairs[0]
        suffix = ' and with input tensors computed as partial shapes: input[1] = [%s]' % ','.join(map(str, target))
    node = graph_shape_errors.node_name(parameters, 'BroadcastTo', unique, prefix)
    return "%s for '{{node %s}} = BroadcastTo[T=%s, Tidx=DT_INT32](%s, %s/shape)' with input shapes: [%s], [%d]%s." \
        % (problem, node, dtype, source, node, graph_shape_errors.dims_text(shape), len(target), suffix)



def note_metric_weight_refusal(error, weights, target):
    """Hang on ``error`` (BroadcastTo refusing a Keras metric's ``weights`` of more axes than its values' shape
    ``target``, in a trace) the graph's ValueError TF 2.21 raises there: Keras 3's reduce_to_samplewise_values calls
    ops.broadcast_to outside any layer's scope, "Shape must be at most rank 1 but is rank 2 for '{{node BroadcastTo}} =
    BroadcastTo[T=DT_FLOAT, Tidx=DT_INT32](truediv_2, BroadcastTo/shape)' with input shapes: [32,10], [1]." (keras.io
    DeiT's train_step updating the loss tracker with predictions; notes/progs/kerasexamples11/p8.py, p8b.py). Only the
    rank refusal, which reads no lengths of the target; the tf.function or Keras step raises it."""
    from . import traced_ops
    namer = traced_ops.layer_op_namer()
    if namer is None or getattr(error, '_graph_error', None) is not None or not isinstance(weights, Tensor) \
            or isinstance(weights, Variable):
        return
    entry = trace_names.entry_of(weights)
    dtype = graph_shape_errors.DT_NAMES.get(weights._data.dtype.name)
    if entry is None or entry[1] is None or dtype is None or len(target) >= len(entry[1]):
        return
    text = _broadcast_to(entry[0], tuple(entry[1]), dtype, {'shape': [int(n) for n in target]}, *namer)
    if text is not None:
        refused = graph_shape_errors.refusal(error, text)
        refused.graph_refused = True
        error._graph_error = refused
