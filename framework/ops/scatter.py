"""Writing slices at index vectors: scatter_nd and the tensor_scatter_nd_* family.

``indices[..., :]`` of depth d addresses ``shape[:d]``; each index vector takes
a slice of shape ``shape[d:]`` from ``updates``, whose shape must therefore be
``indices.shape[:-1] + shape[d:]``. scatter_nd adds repeated indices (its
gradient gathers, and gathering's gradient scatters back: second derivatives
work); tensor_scatter_nd_update replaces (the last repeated index wins here;
TensorFlow leaves that order unspecified).
"""
import functools

import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error, with_name_tail
from ..tensor import Tensor
from ..partial_shape_refusal import refuse_partial_shape
from ..tensor_shape import TensorShape
from .indexing import _add_at, getitem
from . import index_kernels
from .operands import ACTIVE, as_tensor, named_errors, record
from ..tape import pass_gradient
from .selection import where
from .graph_input_errors import eager_input_error
from ..tf_python_names import tf_named


def _index_columns(indices, shape, op, updates=None):
    """The index vectors as a tuple of integer arrays (one per addressed axis), bounds checked."""
    idx = as_tensor(indices, op)
    if idx._data.dtype.kind not in 'iu':
        index_kernels.refuse(op, idx, named=False)     # TF's registry text (Tindices; the decorator adds its tail)
    i = idx._data
    if op in _KERNELS and updates is not None:
        _check_operand_sizes(op, i.shape, updates, shape)
    if updates is not None and i.ndim and i.shape[-1] > len(shape):      # TensorScatter*'s rank check
        error = _layout_error(op, idx, updates, tuple(shape))
        error.add_note('%s: index vectors of depth %d for a tensor of rank %d' % (op, i.shape[-1], len(shape)))
        raise error
    if i.ndim == 0 or i.shape[-1] > len(shape):
        raise InvalidArgumentError('%s: indices of shape %s need rank >= 1 and a last dimension of at most %d (the '
                                   'rank of the output shape %s)' % (op, tuple(i.shape), len(shape), tuple(shape)))
    for d in range(i.shape[-1]):
        column = i[..., d]
        if column.size and (int(column.min()) < 0 or int(column.max()) >= shape[d]):
            if op in _VARIABLE_KERNELS:     # a variable's scatter: its Resource kernel's words
                # (the Variable method converts its updates, not its indices: a list of them takes the
                # slow path, whose error has no ' name: ' tail)
                raise _out_of_shape(backend.to_host(i), tuple(shape), op, d, _VARIABLE_KERNELS[op],
                                    named=fast_path(indices))
            if op not in _KERNELS:
                raise InvalidArgumentError('%s: indices %s do not index into shape %s (axis %d has size %d)'
                                           % (op, backend.to_host(i).tolist(), tuple(shape), d, shape[d]))
            raise _out_of_shape(backend.to_host(i), tuple(shape), op, d)
    return tuple(i[..., d] for d in range(i.shape[-1])), tuple(i.shape[:-1]) + tuple(shape[i.shape[-1]:])


def _check_operand_sizes(op, index_shape, updates, shape):
    """The ScatterNd / TensorScatter* kernels' first checks: indices and updates of rank >= 1, and no index
    or update without an element to write to (their ValidEmptyOutputShape: either both indices and updates
    are empty, or neither is nor the output; ScatterNd tests the length of its shape argument first)."""
    kernel = _KERNELS[op]
    update_shape = tuple(updates.shape) if isinstance(updates, Tensor) else np.shape(updates)
    note = ('%s: indices %s and updates %s must both have rank >= 1 and both be empty, or write into a non-empty '
            'output (shape %s)' % (op, tuple(index_shape), tuple(update_shape), tuple(shape)))
    for what, dims in (('Indices', index_shape), ('Updates', update_shape)):
        if not len(dims):
            raise kernel_error(kernel, '%s shape must have rank at least one. Found:[]' % what, note=note)
    counts = (int(np.prod(index_shape)), int(np.prod(update_shape)))
    empty = lambda output_count: counts != (0, 0) and 0 in (output_count,) + counts      # noqa: E731
    if empty(len(shape) if kernel == 'ScatterNd' else int(np.prod(shape))):
        raise kernel_error(kernel, 'Indices and updates specified for empty output shape', note=note)
    if kernel == 'ScatterNd' and empty(int(np.prod(shape))):
        raise kernel_error(kernel, 'Indices and updates specified for empty output.  indices shape: [%s]'
                           % ','.join(map(str, index_shape)), note=note)


def kernel_errors_named_on_fast_path(op):
    """Decorate a scatter op: its kernel's errors (ScatterNd, TensorScatter*) end in ' name: ' where every
    argument is a tensor or number, as TF's eager fast path words them; a list among them (the slow
    path) keeps them ending at '[Op:ScatterNd]'."""
    @functools.wraps(op)
    def op_with_kernel_errors(*args, **kwargs):
        try:
            return op(*args, **kwargs)
        except InvalidArgumentError as err:
            text = str(err)
            if text.endswith(']') and '[Op:' in text and fast_path(*args, *kwargs.values()):
                raise with_name_tail(err) from None
            raise
    return op_with_kernel_errors


# TensorFlow's kernel for each op, whose words its errors use
_KERNELS = {'scatter_nd': 'ScatterNd', 'tensor_scatter_nd_update': 'TensorScatterUpdate',
            'tensor_scatter_nd_add': 'TensorScatterAdd', 'tensor_scatter_nd_sub': 'TensorScatterSub',
            'tensor_scatter_nd_max': 'TensorScatterMax', 'tensor_scatter_nd_min': 'TensorScatterMin'}


# the kernels of Variable.scatter_nd_* (variable_slices, variable_scatter), for their index errors
_VARIABLE_KERNELS = {'scatter_nd_update': 'ResourceScatterNdUpdate', 'scatter_nd_add': 'ResourceScatterNdAdd',
                     'scatter_nd_sub': 'ResourceScatterNdSub', 'ResourceScatterNdMax': 'ResourceScatterNdMax',
                     'ResourceScatterNdMin': 'ResourceScatterNdMin'}


def _out_of_shape(indices, shape, op, d, kernel=None, named=False):
    """The kernel's error for the last index vector outside ``shape``, at its position in ``indices``
    (TF's CPU scatter loop notes each bad vector and goes on, so the last one is reported)."""
    depth = indices.shape[-1]
    vectors = indices.reshape(-1, depth)
    bad = int(np.argwhere(((vectors < 0) | (vectors >= np.asarray(shape[:depth]))).any(axis=1))[-1, 0])
    where = np.unravel_index(bad, indices.shape[:-1]) if indices.ndim > 1 else (bad,)
    return kernel_error(kernel or _KERNELS[op], 'indices[%s] = [%s] does not index into shape [%s]'
                        % (','.join(map(str, where)), ', '.join(map(str, vectors[bad])), ','.join(map(str, shape))),
                        named=named, note='%s: indices %s do not index into shape %s (axis %d has size %d)'
                             % (op, indices.tolist(), shape, d, shape[d]))


def _layout_error(op, indices, updates, output):
    """TensorFlow's kernel error for updates whose shape does not fit the indices and the output
    (ScatterNd's ValidateUpdateShape, TensorScatter*'s checks), else None."""
    kernel = _KERNELS.get(op)
    ishape = tuple(indices.shape) if isinstance(indices, Tensor) else np.shape(indices)
    ushape = tuple(updates.shape) if isinstance(updates, Tensor) else np.shape(updates)
    text = lambda dims: '[%s]' % ','.join(map(str, dims))     # noqa: E731  (TensorShape::DebugString)
    if op in _VARIABLE_KERNELS:
        return _resource_layout_error(_VARIABLE_KERNELS[op], ishape, ushape, output, fast_path(indices), text)
    slice_dim = ishape[-1] if len(ishape) > 1 else 1
    if kernel == 'ScatterNd':
        batch_dim = len(ishape) - 1 if len(ishape) > 1 else 1
        prefix = 'Dimensions [0,%d) of indices[shape=%s] must match dimensions [0,%d) of updates[shape=%s]' % (
            batch_dim, text(ishape), batch_dim, text(ushape))
        suffix = 'Dimensions [%d,%d) of input[shape=%s] must match dimensions [%d,%d) of updates[shape=%s]' % (
            slice_dim, len(output), text(output), batch_dim, len(ushape), text(ushape))
        if len(ushape) < batch_dim or any(u != i for u, i in zip(ushape[:batch_dim], ishape[:batch_dim])):
            return kernel_error(kernel, prefix)
        return kernel_error(kernel, suffix)
    if kernel is None:
        return None
    outer, slice_dim = len(ishape) - 1, ishape[-1]
    if len(ushape) < outer or any(u != i for u, i in zip(ushape[:outer], ishape[:outer])):
        return kernel_error(kernel, 'Outer dimensions of indices and update must match. Indices shape: %s, updates '
                                    'shape:%s' % (text(ishape), text(ushape)))
    if len(ushape) - outer != len(output) - slice_dim:
        return kernel_error(kernel, 'Inner dimensions of output shape must match inner dimensions of updates shape. '
                                    'Output: %s updates: %s' % (text(output), text(ushape)))
    inner = len(output) - slice_dim
    return kernel_error(kernel, 'The inner %d dimensions of output.shape=%s must match the inner %d dimensions of '
                                'updates.shape=%s' % (inner, text(output), inner, text(ushape)))


def _resource_layout_error(kernel, ishape, ushape, output, named, text):
    """A variable's ResourceScatterNd* kernel error for updates that do not fit, in TF 2.21's order: the
    first dimension (with its sizes), then the ranks, the other leading dimensions and the trailing ones
    (the trailing text counts both from the index depth). None for scalar updates, where TF's text
    reads a size the updates do not have."""
    slice_dim = ishape[-1] if len(ishape) > 1 else 1
    batch_dim = len(ishape) - 1 if len(ishape) > 1 else 1
    if not ushape:
        return None
    if ushape[0] != ishape[0]:
        return kernel_error(kernel, 'Dimensions [0,1) of indices[shape=%s] = %d must match dimensions [0,1) of '
                                    'updates[shape=%s] = %d' % (text(ishape), ishape[0], text(ushape), ushape[0]),
                            named=named)
    leading = kernel_error(kernel, 'Dimensions [0,%d) of indices[shape=%s] must match dimensions [0,%d) of '
                                   'updates[shape=%s]' % (batch_dim, text(ishape), batch_dim, text(ushape)),
                           named=named)
    trailing = kernel_error(kernel, 'Dimensions [%d,%d) of input[shape=%s] must match dimensions [%d,%d) of '
                                    'updates[shape=%s]' % (slice_dim, len(output), text(output), slice_dim,
                                                           len(ushape), text(ushape)), named=named)
    if len(ushape) < batch_dim:
        return leading
    if len(ushape) != batch_dim + len(output) - slice_dim:
        return trailing
    return leading if ushape[:batch_dim] != ishape[:batch_dim] else trailing


def _updates(updates, want_shape, dtype, op, layout=None):
    u = as_tensor(updates, op, dtype=dtype)
    if dtype is not None and u.dtype != dtype:
        note = '%s: updates of dtype %s cannot go into a tensor of dtype %s' % (op, u.dtype.name, dtype.name)
        if op not in _KERNELS:
            raise TypeError(note)
        kernel = _KERNELS[op]
        error = eager_input_error(kernel, 2, dtype, u.dtype, named=False)
        error.add_note(note)
        raise error
    if tuple(u.shape) != want_shape:
        note = ('%s: updates must have shape %s (indices.shape[:-1] + shape[depth:]), got %s'
                % (op, want_shape, tuple(u.shape)))
        error = _layout_error(op, layout[0], u, layout[1]) if layout is not None else None
        if error is None:
            raise InvalidArgumentError(note)        # (TensorFlow's kernels check the shapes: their class)
        error.add_note(note)
        raise error
    return u


def _shape_of(shape, op):
    refuse_partial_shape(shape, '%s: shape must be a list of non-negative ints, got %r' % (op, shape), 'shape')
    if isinstance(shape, Tensor):
        shape = backend.to_host(shape._data).tolist()
    if not isinstance(shape, (list, tuple, TensorShape, np.ndarray)) or any(
            not isinstance(d, (int, np.integer)) or isinstance(d, bool) or d < 0 for d in shape):
        note = '%s: shape must be a list of non-negative ints, got %r' % (op, shape)
        if op == 'scatter_nd' and isinstance(shape, (list, tuple, TensorShape, np.ndarray)) and all(
                isinstance(d, (int, np.integer)) and not isinstance(d, bool) for d in shape):
            raise kernel_error('ScatterNd', 'Dimension %d must be >= 0' % next(d for d in shape if d < 0), note=note)
        raise TypeError(note)
    return tuple(int(d) for d in shape)


def _scatter_add(indices_raw, u, shape):
    xp = backend.array_module(u._data)
    out = xp.zeros(shape, u.dtype)
    _add_at(xp, out, indices_raw, u._data)
    out = Tensor(out)
    if ACTIVE:
        record('scatter_nd', (u,), out, (lambda g, y, u: getitem(g, indices_raw),))
    return out


@named_errors('scatter_nd')
@kernel_errors_named_on_fast_path
def scatter_nd(indices, updates, shape, name=None):
    """Zeros of ``shape`` with ``updates`` added at ``indices`` (repeated indices add up)."""
    shape = _shape_of(shape, 'scatter_nd')
    # (ScatterNd validates the updates' layout before the index depth: index vectors deeper than
    # the output's rank get its 'Dimensions [0,k) of indices...' / '... of input...' text)
    columns, want = _index_columns(indices, shape, 'scatter_nd', updates)
    u = _updates(updates, want, None, 'scatter_nd', (indices, shape))
    if u._data.dtype.kind in 'bO':
        # TF's ScatterNd adds repeated updates with the dtype's +: bools or'ed, strings joined in order
        host = backend.to_host(u._data)
        out = np.zeros(shape, bool) if host.dtype.kind == 'b' else np.full(shape, b'', object)
        (np.logical_or if host.dtype.kind == 'b' else np.add).at(out, tuple(backend.to_host(c) for c in columns), host)
        return Tensor(backend.place(out))
    return _scatter_add(columns, u, shape)


@tf_named('tensor_scatter_add')
@named_errors('tensor_scatter_nd_add')
@kernel_errors_named_on_fast_path
def tensor_scatter_nd_add(tensor, indices, updates, name=None):
    """``tensor`` with ``updates`` added at ``indices``."""
    t = as_tensor(tensor, 'tensor_scatter_nd_add')
    if t._data.dtype.kind not in 'fciu' and t._data.dtype.name != 'bfloat16':
        raise TypeError('tensor_scatter_nd_add: tensor must be numeric, got dtype %s' % t.dtype.name)
    columns, want = _index_columns(indices, tuple(t.shape), 'tensor_scatter_nd_add', updates)
    return _scatter_into(t, columns, _updates(updates, want, t.dtype, 'tensor_scatter_nd_add',
                                              (indices, tuple(t.shape))), subtract=False)


@tf_named('tensor_scatter_sub')
@named_errors('tensor_scatter_nd_sub')
@kernel_errors_named_on_fast_path
def tensor_scatter_nd_sub(tensor, indices, updates, name=None):
    """``tensor`` with ``updates`` subtracted at ``indices``."""
    t = as_tensor(tensor, 'tensor_scatter_nd_sub')
    if t._data.dtype.kind not in 'fciu' and t._data.dtype.name != 'bfloat16':
        raise TypeError('tensor_scatter_nd_sub: tensor must be numeric, got dtype %s' % t.dtype.name)
    columns, want = _index_columns(indices, tuple(t.shape), 'tensor_scatter_nd_sub', updates)
    return _scatter_into(t, columns, _updates(updates, want, t.dtype, 'tensor_scatter_nd_sub',
                                              (indices, tuple(t.shape))), subtract=True)


def _scatter_into(t, columns, u, subtract):
    """``t`` with each update added (subtracted) at its index in turn, as TF's TensorScatterAdd / Sub
    kernels: ``(t + u0) + u1`` at a repeated index, not ``t + (u0 + u1)``. Gradients: ``g`` for ``t``,
    ``g`` gathered at the indices (negated for sub) for the updates (TF's _TensorScatterAddGrad)."""
    xp = backend.array_module(t._data)
    out = t._data.copy()
    if xp is np:
        (np.subtract if subtract else np.add).at(out, columns, u._data)
    else:
        _add_at(xp, out, columns, -u._data if subtract else u._data)
    out = Tensor(out)
    if ACTIVE:
        if subtract:
            from .arithmetic import negative
            rule = lambda g, y, t, u: negative(getitem(g, columns))     # noqa: E731
        else:
            rule = lambda g, y, t, u: getitem(g, columns)               # noqa: E731
        record('tensor_scatter_nd_sub' if subtract else 'tensor_scatter_nd_add', (t, u), out, (pass_gradient, rule))
    return out


@named_errors('tensor_scatter_nd_update')
@kernel_errors_named_on_fast_path
def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    """``tensor`` with the slices at ``indices`` replaced by ``updates``.

    The gradient reaches ``tensor`` where nothing was written and ``updates`` from
    the positions they were written to.
    """
    t = as_tensor(tensor, 'tensor_scatter_nd_update')
    columns, want = _index_columns(indices, tuple(t.shape), 'tensor_scatter_nd_update', updates)
    u = _updates(updates, want, t.dtype, 'tensor_scatter_nd_update', (indices, tuple(t.shape)))
    xp = backend.array_module(t._data)
    out = t._data.copy()
    out[columns] = u._data
    out = Tensor(out)
    if ACTIVE:
        written = xp.zeros(t._data.shape, bool)
        written[columns] = True
        written = Tensor(written)
        record('tensor_scatter_nd_update', (t, u), out, (lambda g, y, t, u: where(written, 0, g),
                                                         lambda g, y, t, u: getitem(g, columns)))
    return out
