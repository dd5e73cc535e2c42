"""tf.nn.softmax_cross_entropy_with_logits of labels and logits whose traced shapes do not broadcast,
refused by TensorFlow's graph in a trace (the naming hook swaps the graph's ValueError in for
tapeflow's kernel error: graph_shape_errors.py). Read off TF 2.21 (notes/progs/graphops14/e1.py):
the node takes the API's scope name ('softmax_cross_entropy_with_logits', or the name given); its
inputs are the logits and labels with the class axis moved last and the outer axes flattened
('<node>/Reshape', '<node>/Reshape_1', shapes [4,4], [4,3]), and their shapes are broadcast.
"""
import numpy as np

from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable


def xent_error(error, parameters, unique, prefix):
    """SoftmaxCrossEntropyWithLogits' graph ValueError, or None."""
    logits, labels, axis = parameters.get('logits'), parameters.get('labels'), parameters.get('axis', -1)
    if not isinstance(logits, Tensor) or isinstance(logits, Variable) or type(axis) is not int:
        return None
    dtype = graph_shape_errors.DT_NAMES.get(logits._data.dtype.name)
    entry = trace_names.entry_of(logits)
    if dtype is None or entry is None or entry[1] is None:
        return None
    if isinstance(labels, Tensor):
        if isinstance(labels, Variable) or labels._data.dtype != logits._data.dtype:
            return None
        label_entry = trace_names.entry_of(labels)
        if label_entry is None or label_entry[1] is None:
            return None
        label_shape = tuple(label_entry[1])
    elif type(labels) in (list, tuple):
        try:
            label_shape = np.shape(labels)
        except ValueError:      # a ragged list
            return None
    else:
        return None
    shapes = [_flattened(tuple(entry[1]), axis), _flattened(label_shape, axis)]
    if None in shapes:
        return None
    dims = graph_shape_errors.first_unequal(*shapes)
    if dims is None:
        return None
    node = graph_shape_errors.node_name(parameters, 'softmax_cross_entropy_with_logits', unique, prefix)
    text = "Dimensions must be equal, but are %d and %d for '{{node %s}} = SoftmaxCrossEntropyWithLogits[T=%s](" \
        "%s/Reshape, %s/Reshape_1)' with input shapes: %s." % (
            dims[0], dims[1], node, dtype, node, node,
            ', '.join('[%s]' % graph_shape_errors.dims_text(s) for s in shapes))
    return graph_shape_errors.refusal(error, text)


def _flattened(shape, axis):
    """``shape`` with ``axis`` moved last and the others flattened into one, or None (rank < 2)."""
    if len(shape) < 2 or not -len(shape) <= axis < len(shape):
        return None
    axis %= len(shape)
    outer = shape[:axis] + shape[axis + 1:]
    count = None if None in outer else int(np.prod(outer, dtype=np.int64))
    return (count, shape[axis])
