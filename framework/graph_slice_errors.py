"""An integer index outside its dimension, or any index but None into a scalar, refused in a traced function as
TensorFlow's graph refuses it.

Eagerly ``x[5]`` on a (3,) tensor is the StridedSlice kernel's InvalidArgumentError ('slice index 5 of
dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/'). In a tf.function's trace the
graph's shape function refuses the node as it is added, a ValueError naming it, its masks and the
index's begin / end / strides constants (TF 2.21, /work/notes/progs/errors22/p_slice.py):

    slice index 5 of dimension 1 out of bounds. for '{{node strided_slice}} = StridedSlice[Index=DT_INT32,
    T=DT_FLOAT, begin_mask=1, ellipsis_mask=0, end_mask=1, new_axis_mask=0, shrink_axis_mask=2](x,
    strided_slice/stack, strided_slice/stack_1, strided_slice/stack_2)' with input shapes: [2,3], [2], [2],
    [2] and with computed input tensors: input[1] = <0 5>, input[2] = <0 6>, input[3] = <1 1>.

A scalar (a rank the trace knows to be 0) reads 'Attempting to slice scalar input. for ...' and lists the strides
alone as computed ('... with input shapes: [], [1], [1], [1] and with computed input tensors: input[3] = <1>.';
TF 2.21, notes/progs/kerasexamples11/p5c.py), where tapeflow ran the eager kernel's error at the call.

The constants are those TF's __getitem__ builds for an index of ints, slices of ints, ``...`` and
None; other indexes (tensors, lists) and a dimension the trace leaves open keep the eager error.
"""
import re

import numpy as np

from . import graph_shape_errors, trace_names
from .tensor import Tensor
from .variable import Variable

_OUT_OF_BOUNDS = re.compile(r'slice index (-?\d+) of dimension (\d+) out of bounds\.')
_SCALAR = re.compile(r'Attempting to slice scalar input\.')


def slice_error(error, parameters, unique, prefix):
    """The graph's ValueError for ``x[index]`` that failed eagerly with ``error``, or None."""
    tensor, index = parameters.get('self'), parameters.get('index')
    found = _OUT_OF_BOUNDS.search(str(error)) or _SCALAR.search(str(error))
    if found is None or not isinstance(tensor, Tensor) or isinstance(tensor, Variable):
        return None
    entry = trace_names.entry_of(tensor)
    dtype = graph_shape_errors.DT_NAMES.get(tensor._data.dtype.name)
    if entry is None or entry[1] is None or dtype is None:
        return None
    if found.re is _SCALAR:
        if len(entry[1]) != 0:
            return None
    elif int(found.group(2)) >= len(entry[1]) or entry[1][int(found.group(2))] is None:
        return None
    constants = _constants(index if isinstance(index, tuple) else (index,))
    if constants is None:
        return None
    (begin, end, strides), masks = constants
    node = unique(prefix + 'strided_slice')
    count = len(begin)
    attrs = 'Index=DT_INT32, T=%s, begin_mask=%d, ellipsis_mask=%d, end_mask=%d, new_axis_mask=%d, ' \
            'shrink_axis_mask=%d' % ((dtype,) + masks)
    inputs = '%s, %s/stack, %s/stack_1, %s/stack_2' % (entry[0], node, node, node)
    shapes = '[%s], [%d], [%d], [%d]' % (graph_shape_errors.dims_text(entry[1]), count, count, count)
    computed = 'input[1] = <%s>, input[2] = <%s>, input[3] = <%s>' % (_listed(begin), _listed(end), _listed(strides))
    if found.re is _SCALAR:     # the shape function reads the strides, then refuses the scalar before begin / end
        computed = 'input[3] = <%s>' % _listed(strides)
    return graph_shape_errors.refusal(error, "%s for '{{node %s}} = StridedSlice[%s](%s)' with input shapes: %s and "
                                             "with computed input tensors: %s." % (found.group(0), node, attrs, inputs,
                                                                                  shapes, computed))


def _constants(items):
    """([begin], [end], [strides]) and the five masks TF's __getitem__ makes for ``items``, or None."""
    begin, end, strides = [], [], []
    begin_mask = ellipsis_mask = end_mask = new_axis_mask = shrink_axis_mask = 0
    for k, item in enumerate(items):
        bit = 1 << k
        if item is Ellipsis:
            ellipsis_mask |= bit
            begin.append(0), end.append(0), strides.append(1)
        elif item is None:
            new_axis_mask |= bit
            begin.append(0), end.append(0), strides.append(1)
        elif isinstance(item, (int, np.integer)) and not isinstance(item, bool):
            shrink_axis_mask |= bit
            begin.append(int(item)), end.append(int(item) + 1), strides.append(1)
        elif isinstance(item, slice) and all(v is None or (isinstance(v, (int, np.integer)) and not isinstance(v, bool))
                                             for v in (item.start, item.stop, item.step)):
            begin_mask |= bit if item.start is None else 0
            end_mask |= bit if item.stop is None else 0
            begin.append(0 if item.start is None else int(item.start))
            end.append(0 if item.stop is None else int(item.stop))
            strides.append(1 if item.step is None else int(item.step))
        else:
            return None
    return (begin, end, strides), (begin_mask, ellipsis_mask, end_mask, new_axis_mask, shrink_axis_mask)


def _listed(values):
    return ' '.join(str(v) for v in values)
