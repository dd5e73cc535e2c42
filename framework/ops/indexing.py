"""Index-driven selection: getitem (``x[...]``), gather, gather_nd, boolean_mask.

All of them come down to ``getitem`` with a numpy-style index, whose gradient
scatters g back (adding where indices repeat); the scatter's own gradient is
getitem again, so second derivatives work.
"""
import builtins

import numpy as np

from ..composite import dispatch
from ..dropped_results import result_dropped
from ..errors import InvalidArgumentError, OpError, fast_path, kernel_error, noted, with_name_tail, without_name_tail
from ..given_op_name import given_name
from .. import backend
from ..indexed_slices import gathered_rows_gradient, gathers_rows
from ..partial_shape_refusal import refuse_partial_shape
from ..tensor import Tensor
from ..variable import Variable
from . import index_kernels
from .operands import ACTIVE, as_tensor, normalize_axis, record, snapshot
from ..tf_python_names import tf_named

_PYTHON_SLICE = type(slice(None))      # (the module's tf.slice shadows the name below)


def _raw_index(index, xp):
    """The index with tensors and lists as arrays of ``xp``, the data's own array module."""
    if isinstance(index, tuple):
        return tuple(_raw_index(i, xp) for i in index)
    if isinstance(index, Tensor):
        index = index._data
    elif type(index) is _PYTHON_SLICE:
        # (a bound that is a tensor or a variable, which TF's strided slice reads as a value: its array scalar,
        # since a variable, as in TF, is no Python index)
        if isinstance(index.start, Tensor) or isinstance(index.stop, Tensor) or isinstance(index.step, Tensor):
            index = _PYTHON_SLICE(*(b._data[()] if isinstance(b, Tensor) else b for b in (index.start, index.stop, index.step)))
    elif isinstance(index, list):
        index = np.asarray(index)
    if xp is not np and isinstance(index, np.ndarray):
        index = xp.asarray(index)
    return index


def list_index(items):
    """``x[[i, j]]`` as TensorFlow reads it: the tuple ``x[i, j]`` (its _slice_helper), where numpy
    would gather rows i and j. A bool among the items is StridedSlice's dtype error."""
    if any(isinstance(item, (bool, np.bool_)) for item in items):
        raise InvalidArgumentError(_INDEX_REFUSALS['strided_slice'] % 'bool' + ' name: strided_slice/')
    return tuple(items)


def getitem(x, index):
    """``x[index]`` with numpy's indexing (ints, slices, None, ..., index arrays, masks)."""
    x = as_tensor(x, 'getitem')
    if index is True or index is False:         # numpy would add an axis; TensorFlow's boolean_mask refuses
        raise ValueError('mask cannot be scalar.')
    raw = _raw_index(index, backend.array_module(x._data))
    try:
        value = snapshot(x)[raw]
        # One element of a string (object) tensor comes back as the bytes object itself.
        out = Tensor(value if isinstance(value, (np.ndarray, np.generic)) or backend.is_device_array(value)
                     else np.array(value, dtype=object))
    except (IndexError, TypeError, ValueError) as err:     # ValueError: numpy's 'slice step cannot be zero'
        note = 'index %r is invalid for a tensor of shape %s: %s' % (index, tuple(x.shape), err)
        raise strided_slice_error(index, raw, x._data.shape, note) from None
    if ACTIVE:
        shape = x._data.shape
        record('getitem', (x,), out, (lambda g, y, x: _scatter(g, raw, shape),))
    return out


def strided_slice_error(index, raw, shape, note):
    """The error TensorFlow's ``x[index]`` raises for an index numpy refused: its Python check of the
    items (TypeError), else its StridedSlice kernel's words; tapeflow's note attached."""
    mask = index._data if isinstance(index, Tensor) else index
    if isinstance(mask, np.ndarray) and mask.dtype == bool and mask.ndim and tuple(mask.shape) != tuple(shape[:mask.ndim]):
        # TensorFlow reads a bool tensor index as boolean_mask, which checks the shapes first
        error = ValueError('Shapes %s and %s are incompatible' % (tuple(shape[:mask.ndim]), tuple(mask.shape)))
        error.add_note(note)
        return error
    items = index if isinstance(index, tuple) else (index,)
    for item in items:
        bounds = (item.start, item.stop, item.step) if isinstance(item, builtins.slice) else (item,)
        for bound in bounds:
            if isinstance(bound, (float, str, bytes)) or (isinstance(bound, Tensor) and bound.ndim == 0 and
                                                         bound._data.dtype.kind not in 'iu'):
                error = TypeError('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
                                  'tf.int32/tf.int64 tensors are valid indices, got %r' % (bound,))
                error.add_note(note)
                return error
    raws = raw if isinstance(raw, tuple) else (raw,)
    for position, item in enumerate(raws):
        if isinstance(item, builtins.slice) and item.step is not None and int(item.step) == 0:
            return kernel_error('StridedSlice', 'strides[%d] must be non-zero' % position, named='strided_slice/',
                                note=note)
    if sum(1 for item in raws if item is Ellipsis) > 1:
        return kernel_error('StridedSlice', 'Multiple ellipses in slice spec not allowed', named='strided_slice/',
                            note=note)
    indexed = sum(1 for item in raws if item is not None and item is not Ellipsis)
    if _is_basic(raws) and indexed and not len(shape):     # (a scalar takes only None and ...)
        return kernel_error('StridedSlice', 'Attempting to slice scalar input.', named='strided_slice/', note=note)
    if _is_basic(raws) and indexed > len(shape):
        return kernel_error('StridedSlice', 'Index out of range using input dim %d; input has only %d dims'
                            % (len(shape), len(shape)), named='strided_slice/', note=note)
    bad = _int_out_of_bounds(raw, shape)
    if bad is None:
        return InvalidArgumentError(note)
    return kernel_error('StridedSlice', 'slice index %d of dimension %d out of bounds.' % bad,
                        named='strided_slice/', note=note)


def _int_out_of_bounds(raw, shape):
    """(index, dimension) of the first integer index outside its dimension, for an index of ints,
    slices, None and ... (TensorFlow's StridedSlice reports it); None for other indexes."""
    items = raw if isinstance(raw, tuple) else (raw,)
    if not _is_basic(items):
        return None
    dim = 0
    for position, item in enumerate(items):
        if item is Ellipsis:
            dim = len(shape) - sum(1 for i in items[position + 1:] if i is not None and i is not Ellipsis)
        elif item is None:
            continue
        else:
            if not isinstance(item, builtins.slice) and dim < len(shape) and not -shape[dim] <= item < shape[dim]:
                return int(item) + (shape[dim] if item < 0 else 0), dim      # TF reports -3 of 2 as -1
            dim += 1
    return None


def _scatter(g, raw, shape):
    """Zeros of ``shape`` with g added at ``raw``: getitem's gradient (and the reverse)."""
    a = g._data
    xp = backend.array_module(a)
    z = xp.zeros(shape, a.dtype)
    if _is_basic(raw):
        z[raw] = a
    else:
        _add_at(xp, z, raw, a)
    out = Tensor(z)
    if ACTIVE:
        record('scatter', (g,), out, (lambda gg, y, g: getitem(gg, raw),))
    return out


def _is_basic(raw):
    items = raw if isinstance(raw, tuple) else (raw,)
    return all(i is None or i is Ellipsis or isinstance(i, (int, builtins.slice, np.integer)) or _scalar_int(i)
               for i in items)


def _scalar_int(item):
    """Whether ``item`` is a scalar integer tensor's array (x[tf.constant(5)]): TF's strided slice takes it
    as it takes an int, so its bounds error is the kernel's 'slice index ... out of bounds.'"""
    return getattr(item, 'ndim', None) == 0 and item.dtype.kind in 'iu'


def _add_at(xp, z, index, values):
    if xp is np:
        np.add.at(z, index, values)
    else:
        import cupyx
        cupyx.scatter_add(z, index, values)


@tf_named('gather_v2')
def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """Slices of ``params`` along ``axis`` at ``indices``; repeated indices add their gradients."""
    try:
        try:
            x = as_tensor(params, 'gather')
            idx = as_tensor(indices, 'gather')
        except TypeError:      # a RaggedTensor (framework/ragged/ragged_array_dispatch.py); else re-raised
            return dispatch('gather', params, indices, validate_indices, axis, batch_dims)
        if x.ndim == 0:     # GatherV2's words; a Python list of indices takes the slow path (no ' name: ' tail)
            raise kernel_error('GatherV2', 'params must be at least 1 dimensional', named=fast_path(params, indices),
                               note='gather: params must have rank >= 1, got a scalar')
        if batch_dims and axis is not None and _given_zero(axis):
            batch_dims = 0      # TF's Python gathers along a given axis 0 without batch_dims (its rows, as a variable's)
        if idx._data.dtype not in _GATHER_INDICES or (type(x) is Variable and idx._data.dtype not in _RESOURCE_INDICES
                                                and not batch_dims and _given_zero(axis)):
            # TF's registry text (Tindices), tapeflow's words as a note; no tail beside a Python list or string
            index_kernels.refuse('resource_gather' if type(x) is Variable and not batch_dims and _given_zero(axis)
                                 else 'gather', idx, fast_path(params, indices) and not isinstance(indices, (str, bytes)))
        named = fast_path(params, indices)      # (a Python list among them: TF's errors end without ' name: ')
        given_axis = batch_dims if axis is None else axis       # (TF's Python makes batch_dims the axis)
        if not isinstance(given_axis, (int, np.integer)):
            _refuse_axis_operand(given_axis, fast_path(params, indices, given_axis))
        # the GatherV2 kernel's order: the axis (TF's Python makes it batch_dims where none is given), batch_dims,
        # batch_dims <= axis, the batch axes' sizes, then the indices' range
        ax, b = _axis_and_batch_dims(x.ndim, idx.ndim, axis, batch_dims, named)
        if ax < b:
            raise kernel_error('GatherV2', 'batch_dims (%d) must be less than or equal to axis (%d).' % (b, ax),
                               named=named,
                               note='gather: batch_dims (%d) must be less than or equal to axis (%d)' % (b, ax))
        n = x._data.shape[ax]
        i = idx._data
        if b:
            from .batched_gather import check_batch_shapes     # built on shapes, which imports this module
            check_batch_shapes(tuple(x._data.shape), i.shape, b, 'GatherV2', named)
        if i.size and (int(i.min()) < 0 or int(i.max()) >= n):
            # TF's fast path (tensor or array arguments) ends the error with ' name: ', a Python list does not
            # (a tf.Variable's rows along axis 0 are TF's ResourceGather: its sparse_read; a Keras variable is no
            # tf.Variable there, and converts itself for GatherV2)
            kernel = 'ResourceGather' if type(x) is Variable and x._path is None and not b and _given_zero(axis) \
                else 'GatherV2'
            if result_dropped():       # a traced function's unused gather: TF's graph never runs it
                return Tensor(np.zeros(x._data.shape[:ax] + i.shape + x._data.shape[ax + 1:], x._data.dtype))
            raise _gather_range_error(backend.to_host(i), n, ax, tuple(x.shape), named=fast_path(params, indices),
                                      kernel=kernel)
        if b:
            from .batched_gather import batched_gather
            return batched_gather(x, i, ax, b, gather)
        if ax == 0 and _given_zero(axis):
            if type(x) is Variable:
                return _gather_rows(x, i)
            if ACTIVE and type(x) is Tensor and gathers_rows(x):
                return _gather_rows(x, i)
        return getitem(x, (builtins.slice(None),) * ax + (i,))
    except OpError as error:
        given_name(error, name)
        raise


_RESOURCE_INDICES = (np.dtype(np.int32), np.dtype(np.int64))     # ResourceGather's Tindices (no int16)
_GATHER_INDICES = (np.dtype(np.int16),) + _RESOURCE_INDICES          # GatherV2's


def _refuse_axis_operand(axis, named):
    """GatherV2 takes its axis as an int32 / int64 scalar tensor: another dtype (axis=1.0) is its Taxis
    registry error, a vector (axis=[1]) the kernel's 'axis must be scalar'."""
    from ..tensor import _kernel_name
    values = axis._data if isinstance(axis, Tensor) else np.asarray(axis)
    dtype = values.dtype
    if not isinstance(axis, (Tensor, np.ndarray, np.generic)):     # Python numbers: ints as int32, floats float32
        dtype = {'i': np.dtype(np.int32), 'f': np.dtype(np.float32)}.get(dtype.kind, dtype)
    if dtype not in _RESOURCE_INDICES:
        error = InvalidArgumentError(
            "Value for attr 'Taxis' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
            "GatherV2}}; Op<name=GatherV2; signature=params:Tparams, indices:Tindices, axis:Taxis -> output:Tparams; "
            "attr=batch_dims:int,default=0; attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, "
            "DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, DT_INT64]> [Op:GatherV2]%s"
            % (_kernel_name(dtype), ' name: ' if named else ''))
        error.add_note('gather: axis must be an integer, got %r' % (axis,))
        raise error
    if values.ndim:
        raise kernel_error('GatherV2', 'axis must be scalar', named=named,
                           note='gather: axis must be one integer, got %r' % (axis,))


def gather_dense(params, rows, axis=0):
    """``gather(params, rows, axis)`` whose gradient stays a dense Tensor, for the ops TensorFlow builds
    of other kernels than a gather (repeat, sparse segment reductions, sparse_dense_matmul): there
    a variable or a watched tensor gets no rows (IndexedSlices). ``rows``: valid host indices."""
    return getitem(params, (builtins.slice(None),) * axis + (np.asarray(rows),))


def _given_zero(axis):
    # TensorFlow's gather reads a variable's rows (ResourceGather), and GatherV2's rule gives rows,
    # only where the axis it was given is 0: an axis of -rank is gathered and differentiated densely.
    if isinstance(axis, Tensor):
        axis = backend.to_host(axis._data)
    return axis is None or int(np.reshape(axis, -1)[0]) == 0


def _axis_and_batch_dims(ndim, indices_rank, axis, batch_dims, named):
    """gather's (axis, batch_dims) as counts, or the GatherV2 kernel's error for either, its ' name: ' tail
    as ``named`` says. (A function of its own: an error caught and raised again inside gather's own frame
    would reach the trace hook twice, traced_ops.py.)"""
    try:
        (ax,) = normalize_axis(batch_dims if axis is None else axis, ndim, 'gather')
        return ax, _batch_dims(batch_dims, indices_rank, 'GatherV2')
    except InvalidArgumentError as error:
        if not str(error).startswith('{{') or named == str(error).endswith(' name: '):
            raise
        raise (with_name_tail(error) if named else without_name_tail(error)) from None


def _batch_dims(batch_dims, indices_rank, kernel):
    if not batch_dims:
        return 0
    from .batched_gather import batch_dims_of
    return batch_dims_of(batch_dims, indices_rank, kernel)


def _gather_range_error(indices, n, axis, shape, named=False, kernel='GatherV2'):
    """TensorFlow's GatherV2 (or ResourceGather) kernel error: the first index outside [0, n), with its position."""
    bad = np.argwhere((indices < 0) | (indices >= n))[0]
    where = '[%s]' % ','.join(map(str, bad)) if indices.ndim else ''
    return kernel_error(kernel, 'indices%s = %d is not in [0, %d)' % (where, indices[tuple(bad)], n),
                        named=named,
                        note='gather: indices must lie in [0, %d) for axis %d of shape %s; got min %d, max %d'
                             % (n, axis, shape, indices.min(), indices.max()))


def _gather_rows(params, ids, shape_dtype='int32'):
    """Rows of a variable or of a watched leaf tensor: as TensorFlow's ResourceGather and GatherV2 (and
    GatherNd, with index vectors of one entry), the gradient is the gathered rows themselves (an
    IndexedSlices), not a dense scatter of them (see indexed_slices.gathers_rows)."""
    xp = backend.array_module(params._data)
    data = snapshot(params) if type(params) is Variable else params._data
    out = Tensor(data[_raw_index(ids, xp)])
    if ACTIVE:
        record('gather', (params,), out, (gathered_rows_gradient(ids, params._data.shape, shape_dtype),))
    return out


@tf_named('gather_nd_v2')
def gather_nd(params, indices, batch_dims=0, name=None):
    """Slices of ``params`` at the index vectors in the last axis of ``indices``.

    ``indices[..., :]`` of depth d picks ``params[i0, ..., id-1]``; the result
    has shape ``indices.shape[:-1] + params.shape[d:]``.
    Raises:
        IndexError: an index outside ``params``; ValueError: a depth above its rank.
    """
    try:
        try:
            x = as_tensor(params, 'gather_nd')
            idx = as_tensor(indices, 'gather_nd')
        except TypeError:      # a RaggedTensor (framework/ragged/ragged_array_dispatch.py); else re-raised
            return dispatch('gather_nd', params, indices, batch_dims)
        if idx._data.dtype.kind not in 'iu':
            index_kernels.refuse('gather_nd', idx, fast_path(params, indices))
        i = idx._data
        named = fast_path(params, indices)
        if i.ndim == 0:
            raise kernel_error('GatherNd', 'indices must be at least a vector', named=named,
                               note='gather_nd: indices must hold index vectors in their last axis (rank >= 1), got a '
                                    'scalar; write [i] for one index')
        b = _gather_nd_batch_dims(batch_dims, i.ndim, x.ndim) if batch_dims else 0
        if b and i.shape[-1] > x.ndim - b:      # TF's batch_gather_nd prepends b batch columns to each index vector
            raise kernel_error('GatherNd', 'index innermost dimension length must be <= params rank; saw: %d vs. %d'
                               % (i.shape[-1] + b, x.ndim), named=True,
                               note='gather_nd: with batch_dims=%d, index vectors of params %s must have at most %d '
                                    'entries, got indices of shape %s' % (b, tuple(x.shape), x.ndim - b, tuple(i.shape)))
        if i.ndim and not b and i.shape[-1] > x.ndim:
            raise kernel_error('GatherNd', 'index innermost dimension length must be <= params rank; saw: %d vs. %d'
                               % (i.shape[-1], x.ndim), named=fast_path(params, indices),
                               note='gather_nd: indices of shape %s need a last axis of at most %d (the rank of params %s)'
                                    % (tuple(i.shape), x.ndim, tuple(x.shape)))
        if b:
            from .batched_gather import batched_gather_nd
            return batched_gather_nd(x, i, b, gather_nd)
        if i.shape[-1] == 0:        # empty index vectors pick all of params, once per vector (TF's GatherNd)
            from .shapes import broadcast_to, reshape
            return broadcast_to(reshape(x, (1,) * (i.ndim - 1) + tuple(x.shape)), tuple(i.shape[:-1]) + tuple(x.shape))
        xp = backend.array_module(i)
        for d in range(i.shape[-1]):
            column = i[..., d]
            if column.size and (int(column.min()) < 0 or int(column.max()) >= x._data.shape[d]):
                if result_dropped():       # a traced function's unused gather_nd: TF's graph never runs it
                    return Tensor(np.zeros(i.shape[:-1] + x._data.shape[i.shape[-1]:], x._data.dtype))
                raise _gather_nd_range_error(backend.to_host(i), tuple(x.shape), d, named)
        if i.ndim == 2 and i.shape[1] == 1 and (type(x) is Variable or ACTIVE and type(x) is Tensor and gathers_rows(x)):
            return _gather_rows(x, i[:, 0], i.dtype.name)     # TF's GatherNd rules give these rows
        return getitem(x, tuple(xp.asarray(i[..., d]) for d in range(i.shape[-1])))
    except OpError as error:
        given_name(error, name)
        raise


def _gather_nd_batch_dims(batch_dims, indices_rank, params_rank):
    """``batch_dims`` of gather_nd checked as TF's Python batch_gather_nd checks it (its ValueErrors)."""
    b = int(backend.to_host(batch_dims._data) if isinstance(batch_dims, Tensor) else batch_dims)
    if b < 0:
        raise ValueError('tf.gather_nd does not allow negative batch_dims.')
    for rank, what in ((indices_rank, 'indices'), (params_rank, 'params')):
        if b >= rank:
            raise ValueError('Argument `batch_dims` = %d must be less than rank(`%s`) = %d' % (b, what, rank))
    return b


def _gather_nd_range_error(indices, shape, d, named):
    """TensorFlow's GatherNd kernel error: the last index vector outside params (its loop keeps the last
    one it met), with its position; ``named``: whether TensorFlow's wrapper adds its ' name: ' tail."""
    depth = indices.shape[-1]
    vectors = indices.reshape(-1, depth)
    bad = int(np.argwhere(((vectors < 0) | (vectors >= np.asarray(shape[:depth]))).any(axis=1))[-1, 0])
    where = np.unravel_index(bad, indices.shape[:-1]) if indices.ndim > 1 else ()
    column = indices[..., d]
    return kernel_error('GatherNd', 'indices%s = [%s] does not index into param shape [%s], node name: GatherNd'
                        % ('[%s]' % ','.join(map(str, where)), ', '.join(map(str, vectors[bad])),
                           ','.join(map(str, shape))), named=named,
                        note='gather_nd: index %d of the index vectors must lie in [0, %d) for params of shape %s; '
                             'got min %d, max %d' % (d, shape[d], shape, int(column.min()), int(column.max())))


@tf_named('boolean_mask_v2')
def boolean_mask(tensor, mask, axis=None, name=None):
    """The entries of ``tensor`` where ``mask`` is True, flattened over the mask's axes.

    ``mask`` (bool, or numbers read as non-zero; rank k) must match ``tensor.shape[axis:axis + k]``; the result
    has shape ``tensor.shape[:axis] + (count,) + tensor.shape[axis + k:]``.
    """
    x = as_tensor(tensor, 'boolean_mask')
    m = as_tensor(mask, 'boolean_mask')
    if m._data.dtype.kind not in 'biufc':     # TensorFlow masks through Where: numbers pick their non-zeros
        raise InvalidArgumentError('boolean_mask: mask must be a bool (or numeric) tensor, got %s' % m.dtype.name)
    if m.ndim == 0:
        raise noted(ValueError('mask cannot be scalar.'), 'boolean_mask: mask must have rank >= 1, got a scalar')
    given = 0 if axis is None else axis
    if isinstance(given, Tensor) and given.ndim == 0 and given._data.dtype.kind in 'iu':
        given = int(given.numpy())
    if isinstance(given, (int, np.integer)) and not isinstance(given, bool):
        # TF slices the static shape with the axis as given: shape[-1:0] is () for axis=-1 and a vector mask
        # (its shape check then fails), shape[-2:-1] of a matrix is its first axis
        ax = int(given)
        covered = tuple(x._data.shape[ax:ax + m.ndim])
        ax = ax + x.ndim if ax < 0 else ax
    else:
        (ax,) = normalize_axis(given, x.ndim, 'boolean_mask')
        covered = tuple(x._data.shape[ax:ax + m.ndim])
    if covered != tuple(m._data.shape):
        # TensorFlow's Python check of the shapes (TensorShape.assert_is_compatible_with)
        error = ValueError('Shapes %s and %s are incompatible' % (covered, tuple(m._data.shape)))
        error.add_note('boolean_mask: mask of shape %s does not match axes %d..%d of tensor %s (shape %s there)'
                       % (tuple(m.shape), ax, ax + m.ndim - 1, tuple(x.shape), covered))
        raise error
    xp = backend.array_module(m._data)
    return getitem(x, (builtins.slice(None),) * ax + tuple(xp.nonzero(m._data)))


# TensorFlow's registry words for a float begin (its dtype is the kernels' Index attr)
_INDEX_REFUSALS = {
    'slice': ("Value for attr 'Index' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
              "{{node Slice}}; Op<name=Slice; signature=input:T, begin:Index, size:Index -> output:T; attr=T:type; "
              "attr=Index:type,allowed=[DT_INT32, DT_INT64]> [Op:Slice]"),
    'strided_slice': ("Value for attr 'Index' of %s is not in the list of allowed values: int16, int32, int64\n\t; "
                      "NodeDef: {{node StridedSlice}}; Op<name=StridedSlice; signature=input:T, begin:Index, "
                      "end:Index, strides:Index -> output:T; attr=T:type; attr=Index:type,allowed=[DT_INT16, "
                      "DT_INT32, DT_INT64]; attr=begin_mask:int,default=0; attr=end_mask:int,default=0; "
                      "attr=ellipsis_mask:int,default=0; attr=new_axis_mask:int,default=0; "
                      "attr=shrink_axis_mask:int,default=0> [Op:StridedSlice]"),
}


def _refuse_floats(value, op, what, first):
    """Float positions are TensorFlow's errors, not truncations: the first index argument's dtype is the
    kernel's Index attr (InvalidArgumentError), a later Python list fails its conversion to int32."""
    if isinstance(value, Tensor):
        kind = value._data.dtype.kind
        dtype = {'float32': 'float', 'float64': 'double', 'float16': 'half'}.get(value.dtype.name, value.dtype.name)
    elif isinstance(value, (list, tuple)) and any(isinstance(v, float) for v in value):
        kind, dtype = 'f', 'float'
    elif isinstance(value, np.ndarray) and first:        # TF casts a later numpy array silently
        kind, dtype = value.dtype.kind, {'float32': 'float', 'float64': 'double'}.get(value.dtype.name, '?')
    else:
        return
    if kind != 'f':
        return
    if first:
        error = InvalidArgumentError(_INDEX_REFUSALS[op] % dtype)
    elif isinstance(value, Tensor):
        error = TypeError('Cannot convert %s to EagerTensor of dtype int32' % (value.numpy().tolist(),))
    else:
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (value,))
    error.add_note('%s: %s must hold integers, got %r' % (op, what, value))
    raise error


def _int_list(value, op, what, first=None):
    if first is not None:
        _refuse_floats(value, op, what, first)
    refuse_partial_shape(value, '%s: %s must be a list of integers, got %r' % (op, what, value), what)
    if isinstance(value, Tensor):
        value = value.numpy()
    try:
        return [int(v) for v in np.asarray(value).reshape(-1)]
    except (TypeError, ValueError):
        raise TypeError('%s: %s must be a list of integers, got %r' % (op, what, value)) from None


def slice(input_, begin, size, name=None):  # noqa: A001  (TensorFlow's name)
    """``tf.slice``: ``size[i]`` elements from ``begin[i]`` along each axis (-1: to the end)."""
    x = as_tensor(input_, 'slice')
    begin, size = _int_list(begin, 'slice', 'begin', True), _int_list(size, 'slice', 'size', False)
    shape = tuple(x.shape)
    if len(begin) != len(shape) or len(size) != len(shape):
        raise kernel_error('Slice', 'Expected begin and size arguments to be 1-D tensors of size %d, but got shapes '
                                    '[%d] and [%d] instead.' % (len(shape), len(begin), len(size)),
                           note='slice: begin %s and size %s need one entry per axis of the input of shape %s'
                                % (begin, size, shape))
    for axis, (b, s, d) in enumerate(zip(begin, size, shape)):     # the Slice kernel's checks, in its order
        s = d - b if s == -1 else s
        bad = ('begin', b, d) if not 0 <= b <= d else ('size', s, d - b) if not 0 <= s <= d - b else None
        if bad is not None:
            raise kernel_error('Slice', 'Expected %s[%d] in [0, %d], but got %d' % (bad[0], axis, bad[2], bad[1]),
                               note='slice: begin %s with size %s reaches outside the input of shape %s'
                                    % (begin, size, shape))
    ends = [d if s == -1 else b + s for b, s, d in zip(begin, size, shape)]
    return getitem(x, tuple(builtins.slice(b, e) for b, e in zip(begin, ends)))


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0, var=None, name=None):
    """``tf.strided_slice``: ``input_[begin:end:strides]`` with TensorFlow's bit masks (bit i is entry i):
    begin_mask/end_mask ignore that begin/end, ellipsis_mask puts ``...``, new_axis_mask
    a new axis, shrink_axis_mask takes the single element at begin."""
    x = as_tensor(input_, 'strided_slice')
    begin_given, end_given, strides_given = begin, end, strides
    begin, end = _int_list(begin, 'strided_slice', 'begin', True), _int_list(end, 'strided_slice', 'end', False)
    strides = [1] * len(begin) if strides is None else _int_list(strides, 'strided_slice', 'strides', False)
    # the kernel's errors end in ' name: ' only where TF's fast path took the call (no Python list among
    # the arguments; TF fills in missing strides with a tensor)
    given = (input_, begin_given, end_given) + (() if strides_given is None else (strides_given,))
    named = (name or True) if fast_path(*given) else False      # (True: a bare ' name: ')
    if not len(begin) == len(end) == len(strides):
        raise kernel_error('StridedSlice', 'Expected begin, end, and strides to be 1D equal size tensors, but got '
                                           'shapes [%d], [%d], and [%d] instead.' % (len(begin), len(end), len(strides)),
                           named=named, note='strided_slice: begin %s, end %s and strides %s must have the same length'
                                             % (begin, end, strides))
    if 0 in strides:
        raise kernel_error('StridedSlice', 'strides[%d] must be non-zero' % strides.index(0), named=named,
                           note='strided_slice: strides must be non-zero, got %s' % (strides,))
    index = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        if ellipsis_mask >> i & 1:
            index.append(Ellipsis)
        elif new_axis_mask >> i & 1:
            index.append(None)
        elif shrink_axis_mask >> i & 1:
            index.append(b)
        else:
            index.append(builtins.slice(None if begin_mask >> i & 1 else b, None if end_mask >> i & 1 else e, s))
    try:
        return getitem(x, tuple(index))
    except InvalidArgumentError as err:       # the kernel's words, as x[...] gives them, with this call's tail
        text = str(err)
        if text.endswith(' name: strided_slice/'):
            text = text[:-len(' name: strided_slice/')] + ('' if named is False else ' name: ' + (name or ''))
        raise noted(InvalidArgumentError(text), 'strided_slice: begin %s, end %s, strides %s for an input of '
                                                'shape %s' % (begin, end, strides, tuple(x.shape))) from None
