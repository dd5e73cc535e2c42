"""tf.gather with an axis beyond the params' rank and tf.gather_nd with index rows longer than it,
refused by TensorFlow's graph in a trace (the naming hook swaps the graph's ValueError in for
tapeflow's kernel error: graph_shape_errors.py). Read off TF 2.21 (notes/progs/graphops14/v1.py):
GatherV2 wants params of at least rank axis + 1 (-axis for a negative axis); GatherNd wants
indices.shape[-1] <= params.rank. Indices given as Python lists are a Const '<node>/indices'.
Indices out of bounds are the kernel's (a run-time) error in TensorFlow too.
"""
import numpy as np

from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable

_INDEX_TYPES = {'int32': 'DT_INT32', 'int64': 'DT_INT64'}


def gather_error(error, name, parameters, unique, prefix):
    """GatherV2's / GatherNd's graph ValueError, or None (batch_dims, variables: not measured)."""
    params, indices = parameters.get('params'), parameters.get('indices')
    if parameters.get('batch_dims', 0) != 0 or not isinstance(params, Tensor) or isinstance(params, Variable):
        return None
    entry = trace_names.entry_of(params)
    dtype = graph_shape_errors.DT_NAMES.get(params._data.dtype.name)
    index = _indices(indices)
    if entry is None or entry[1] is None or dtype is None or index is None:
        return None
    shape, (index_name, index_shape, index_type) = tuple(entry[1]), index
    if name == 'GatherV2':
        axis = parameters.get('axis')
        if type(axis) is not int:
            return None
        least = -axis if axis < 0 else axis + 1
        if len(shape) >= least:
            return None
        node = graph_shape_errors.node_name(parameters, name, unique, prefix)
        text = ("Shape must be at least rank %d but is rank %d for '{{node %s}} = GatherV2[Taxis=DT_INT32, "
                "Tindices=%s, Tparams=%s, batch_dims=0](%s, %s, %s/axis)' with input shapes: [%s], [%s], [] and with "
                "computed input tensors: input[2] = <%d>." % (
                    least, len(shape), node, index_type, dtype, entry[0], index_name or node + '/indices', node,
                    graph_shape_errors.dims_text(shape), graph_shape_errors.dims_text(index_shape), axis))
    else:
        if not index_shape or index_shape[-1] is None or index_shape[-1] <= len(shape):
            return None
        node = graph_shape_errors.node_name(parameters, name, unique, prefix)
        shapes = (graph_shape_errors.dims_text(index_shape), graph_shape_errors.dims_text(shape))
        text = ("indices.shape[-1] must be <= params.rank, but saw indices shape: [%s] and params shape: [%s] for "
                "'{{node %s}} = GatherNd[Tindices=%s, Tparams=%s, bad_indices_policy=\"\"](%s, %s)' with input "
                "shapes: [%s], [%s]." % (shapes + (node, index_type, dtype, entry[0], index_name or node + '/indices',
                                                   shapes[1], shapes[0])))
    return graph_shape_errors.refusal(error, text)


def _indices(indices):
    """(graph name or None for a Const in the op's scope, traced shape, Tindices) of the indices, or None."""
    if isinstance(indices, Variable):
        return None
    if isinstance(indices, Tensor):
        entry = trace_names.entry_of(indices)
        kind = _INDEX_TYPES.get(indices._data.dtype.name)
        if entry is None or entry[1] is None or kind is None:
            return None
        return entry[0], tuple(entry[1]), kind
    if type(indices) not in (int, list, tuple):
        return None
    try:
        given = np.asarray(indices)
    except ValueError:          # a ragged list
        return None
    if given.dtype.kind != 'i' or given.size == 0:
        return None
    return None, given.shape, 'DT_INT32'

