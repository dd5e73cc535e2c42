"""Traced shape rules of ops that rearrange or select: reshape, transpose / moveaxis, concat / stack / append,
expand_dims, flatten, gather / take, one_hot, slices and basic indexing, ensure_shape. Each carries the
input's open lengths (None) to where they land in the output."""
import numbers

from . import runtime_values, trace_names, traced_shape_values
from .tensor import Tensor
from .traced_shape_values import as_array as _array, partial_vector as _partial_vector
from .traced_shape_reads import keras_or_tf, length_product, traced_shape
from .traced_shape_rules import broadcast


def _expand(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    axis = parameters.get('axis')
    if shape is None or isinstance(axis, Tensor):
        return None
    axis = int(axis) % (len(shape) + 1)
    return shape[:axis] + (1,) + shape[axis:]


def _gather(parameters, shapes, result):
    params, indices = keras_or_tf(parameters, 'x', 'params'), parameters.get('indices')
    if 'x' in parameters:       # keras.ops.take: axis=None gathers from x flattened
        return _taken(params, indices, parameters.get('axis'))
    batch_dims = parameters.get('batch_dims') or 0
    if isinstance(parameters.get('axis'), Tensor) or isinstance(batch_dims, Tensor):
        return None
    shape = traced_shape(params, True) if isinstance(params, Tensor) else None
    picks = traced_shape(indices, True) if isinstance(indices, Tensor) else tuple(getattr(_array(indices), 'shape', ()))
    if shape is None or picks is None:
        return None
    if batch_dims:
        # GatherV2's shape function with batch dims (keras.io masked image modeling's
        # tf.gather(embeddings, unmask_indices, axis=1, batch_dims=1): (None, 4, 8)): params' lengths up to
        # axis (its batch lengths, even where only the indices' are known), the indices' after their batch
        # lengths, params' after axis
        batch_dims = int(batch_dims) % len(picks) if int(batch_dims) < 0 else int(batch_dims)
        axis = parameters.get('axis')
        axis = batch_dims if axis is None else int(axis) % len(shape)
        return tuple(shape[:axis]) + tuple(picks[batch_dims:]) + tuple(shape[axis + 1:])
    axis = int(parameters.get('axis') or 0) % len(shape)
    return shape[:axis] + tuple(picks) + shape[axis + 1:]


def _one_hot(parameters, shapes, result):
    indices = keras_or_tf(parameters, 'x', 'indices')
    depth = keras_or_tf(parameters, 'num_classes', 'depth')
    shape = traced_shape(indices, True) if isinstance(indices, Tensor) else None
    axis = parameters.get('axis')
    if shape is None or isinstance(depth, Tensor) or not isinstance(axis, (int, type(None))):
        return None
    shape = list(shape)
    shape.insert(len(shape) if axis in (None, -1) else int(axis) % (len(shape) + 1), int(depth))
    return tuple(shape)


def _taken(x, indices, axis):
    """keras.ops.take: GatherV2 on ``axis`` (of x flattened for None, open if any length is), the indices'
    shape in place of that axis (a Python list's or int's own)."""
    shape = traced_shape(x, True) if isinstance(x, Tensor) else None
    picks = traced_shape(indices, True) if isinstance(indices, Tensor) else tuple(getattr(_array(indices), 'shape', ()))
    if shape is None or picks is None or isinstance(axis, Tensor):
        return None
    if axis is None:
        shape, axis = ((None,) if None in shape else (int(length_product(shape)),)), 0
    axis = int(axis) % len(shape)
    return shape[:axis] + tuple(picks) + shape[axis + 1:]


def _sliced(parameters, shapes, result):
    """keras.ops.slice (tf.slice): each length the given size, a -1 the rest of the input's length (open where
    that is); a size or start only the run gives leaves its length open."""
    trace = trace_names.current()
    shape = shapes[0] if shapes else None
    sizes = _partial_vector(keras_or_tf(parameters, 'shape', 'size'), trace)
    starts = _partial_vector(keras_or_tf(parameters, 'start_indices', 'begin'), trace)
    if shape is None or type(sizes) is not list or len(sizes) != len(shape):
        return None
    starts = starts if type(starts) is list and len(starts) == len(shape) else [None] * len(shape)
    out = []
    for dim, start, size in zip(shape, starts, sizes):
        if size is not None and size != -1:
            out.append(size)
        else:
            out.append(None if size is None or dim is None or start is None else dim - start)
    return tuple(out)


def _reshape(parameters, shapes, result):
    target = parameters.get('shape', parameters.get('newshape'))
    trace = trace_names.current()
    if isinstance(target, Tensor):      # a shape vector: the lengths the trace knows of it (tf.concat of tf.shape's)
        known = traced_shape_values.known_values(trace, target)
        return None if known is None else tuple(None if d == -1 else d for d in known)
    if not isinstance(target, (list, tuple)):
        return None
    out = []
    for dim in target:
        if isinstance(dim, Tensor) and traced_shape_values.is_constant(trace, dim):
            out.append(int(dim))        # (tf.shape(x)[1] of a known length)
        elif isinstance(dim, Tensor) or dim == -1:
            out.append(None)        # a traced length or the one inferred from an open input
        else:
            out.append(int(dim))
    return tuple(out)


def _transpose(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    perm = parameters.get('perm', parameters.get('axes'))
    perm = reversed(range(len(shape))) if perm is None else perm
    return tuple(shape[int(p)] for p in perm)


def _moved(parameters, shapes, result):
    """keras.ops.swapaxes / moveaxis: a transpose by the permutation NumPy's would make."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    rank = len(shape)
    if 'axis1' in parameters:
        perm = list(range(rank))
        a, b = int(parameters['axis1']) % rank, int(parameters['axis2']) % rank
        perm[a], perm[b] = perm[b], perm[a]
    else:
        source, destination = parameters.get('source'), parameters.get('destination')
        source = [int(a) % rank for a in (source if isinstance(source, (list, tuple)) else [source])]
        destination = [int(a) % rank for a in (destination if isinstance(destination, (list, tuple))
                                                else [destination])]
        perm = [a for a in range(rank) if a not in source]
        for d, a in sorted(zip(destination, source)):
            perm.insert(d, a)
    return tuple(shape[p] for p in perm)


def _appended(parameters, shapes, result):
    """keras.ops.append: a concat on ``axis``; axis=None joins both flattened (open if any length is)."""
    if parameters.get('axis') is not None:
        return _joined(parameters, shapes, result, False)
    if not shapes or any(s is None for s in shapes):
        return None
    return (None,) if any(None in s for s in shapes) else (sum(int(length_product(s)) for s in shapes),)


def _hstacked(parameters, shapes, result):
    """keras.ops.hstack: a concat on axis 1, on axis 0 for 1-D tensors."""
    rank = len(shapes[0]) if shapes and shapes[0] is not None else 0
    return _joined({'axis': 1 if rank > 1 else 0}, shapes, result, False)


def _joined(parameters, shapes, result, stacked):
    if not shapes or any(s is None for s in shapes):
        return None
    axis = int(parameters.get('axis') or 0)
    rank = len(shapes[0]) + (1 if stacked else 0)
    axis %= rank
    if stacked:
        others = broadcast(None, shapes, None)
        return others[:axis] + (len(shapes),) + others[axis:]
    merged = list(broadcast(None, [s[:axis] + (1,) + s[axis + 1:] for s in shapes], None))
    lengths = [s[axis] for s in shapes]
    merged[axis] = None if None in lengths else sum(lengths)
    return tuple(merged)


def _index(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    index = parameters.get('index')
    if shape is None:
        return None
    if isinstance(index, Tensor) and index._data.dtype == bool:     # x[mask]: TF's boolean_mask, a row per true
        return (None,) + tuple(shape[index._data.ndim:])
    index = index if type(index) is tuple else (index,)
    # a scalar tensor among the indices packs StridedSlice's begin / end at run time: TF's shape function then
    # leaves every sliced length open (x[i, 1:] of (None, 3) is (None,), x[i] (3,), x[i:i + 2] (None, 3))
    dynamic = any(isinstance(i, Tensor) for i in index)
    if any(i is Ellipsis for i in index):
        at = index.index(Ellipsis)
        fill = len(shape) - (len(index) - 1 - sum(i is None for i in index))
        index = index[:at] + (slice(None),) * fill + index[at + 1:]
    out, axis = [], 0
    for item in index:
        if item is None:
            out.append(1)
            continue
        if axis >= len(shape):
            return None
        dim = shape[axis]
        axis += 1
        if isinstance(item, numbers.Integral) or (isinstance(item, Tensor) and item._data.ndim == 0):
            continue
        if type(item) is not slice:
            return None
        if dim is None or dynamic or open_slices(item, trace_names.current()):
            out.append(None)
        else:
            out.append(len(range(*item.indices(dim))))
    return tuple(out) + tuple(shape[axis:])


def open_slices(index, trace):
    """Whether a slice of ``index`` has a bound the graph knows only when it runs (runtime_values: a trace
    argument, a loop body's tensor, what is computed from them, a variable, a random draw: ``x[:i + 1]`` in a
    ``for i in tf.range(n)`` is (None,) in TF 2.21, ``x[:n]`` and ``x[1:n + 1]`` too; a constant's bound and
    ``tf.shape(x)[0] - 1`` of a known shape fold)."""
    for item in index if type(index) is tuple else (index,):
        if type(item) is not slice:
            continue
        for bound in (item.start, item.stop, item.step):
            if isinstance(bound, Tensor) and runtime_values.known_at_run(trace, bound):
                return True
    return False


def _ensured(parameters, shapes, result):
    """tf.ensure_shape: the input's traced lengths, with those it leaves open taken from ``shape``
    (TF's EnsureShape merges the two: ``ensure_shape(x, [2, None])`` of a (None, None) input is (2, None))."""
    given = trace_names.known_dims(parameters.get('shape'))
    shape = shapes[0] if shapes else None
    if given is None or shape is None or len(shape) != len(given):
        return shape if given is None else given
    return tuple(have if have is not None else want for have, want in zip(shape, given))


RULES = {
    'moved': _moved, 'hstack': _hstacked, 'appended': _appended, 'reshape': _reshape, 'transpose': _transpose,
    'concat': lambda p, s, r: _joined(p, s, r, False), 'stack': lambda p, s, r: _joined(p, s, r, True),
    'index': _index, 'expand': _expand, 'gather': _gather, 'one_hot': _one_hot, 'sliced': _sliced,
    'ensured': _ensured,
}
