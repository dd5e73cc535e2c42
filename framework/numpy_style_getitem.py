"""``x[...]`` on a Tensor under ``tnp.experimental_enable_numpy_behavior()``: NumPy's advanced indexing.

TensorFlow's own indexing is StridedSlice only (a list or 1-D index array is its TypeError, ``x[[0, 1]]``
is ``x[0, 1]``: slice_index_items.py). Once a program enables NumPy behavior, TF's Tensor.__getitem__ is
tnp's (np_array_ops._getitem), which the tf_numpy guide's indexing cell shows:
``x[:, (True, False, True)]`` keeps rows 0 and 2, ``x[1, (0, 0, 1), tnp.asarray([0, 1, 1])]`` gathers
``[12, 13, 17]``. Its rules, followed here (measured on TF 2.21):

- a whole bool index (tensor or array) is a mask (boolean_mask), as before;
- a list that is not a tuple of items (no slice, None, ..., list or tuple, nor array of rank > 0 in it)
  is one index array: ``x[[1, 0]]`` gathers rows 1 and 0;
- in the index tuple, integers and scalar tensors still remove their axis (they are not advanced
  indices, unlike NumPy's), other integer arrays (lists, tuples, arrays, tensors) index their axis,
  broadcast together; a 1-D bool array is its ``nonzero``;
- the advanced axes' result takes their place when they are adjacent, else goes first (TF's ``dims``,
  counted from the end for items after an ``...``; TF's words for float arrays and N-D bool arrays).

Variables keep TensorFlow's indexing (TF passes a variable's slice ``var``, which takes the plain path).
The method replaces Tensor.__getitem__ when a program first enables the behavior, so programs that never
do keep the plain one and its cost; it indexes NumPy's way only while ``tensor_numpy_methods.ENABLED`` is set.
"""
import numbers

import numpy as np

from .tensor import Tensor
from .tensor_numpy_methods import ENABLED

_SLICE_ERROR = ('only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or '
                'boolean arrays are valid indices')


def _is_array(item):
    return isinstance(item, (Tensor, np.ndarray)) and len(item.shape) != 0


def _spec_tuple(index):
    """TF's _as_spec_tuple: a list of plain items is one index array; one holding slices, None, ...,
    sequences or arrays is the tuple of its items."""
    if isinstance(index, list):
        if any(item is None or item is Ellipsis or isinstance(item, (list, tuple, slice)) or _is_array(item)
               for item in index):
            return tuple(index)
    return (index,)


def _index_array(item):
    """An index item as an integer array (TF's _as_index: a 1-D bool array is its nonzero)."""
    data = np.asarray(item.numpy() if isinstance(item, Tensor) else item)
    if data.dtype == bool:
        if data.ndim != 1:
            raise NotImplementedError('Need rank 1 for bool index %s' % (item,))
        data = np.nonzero(data)[0]
    if not np.issubdtype(data.dtype, np.integer):
        raise IndexError(_SLICE_ERROR + ', got {!r}'.format(item))
    return data


def _split(index):
    """The StridedSlice items (an advanced index as a full slice) and the advanced indices as
    (position, int array, after an ellipsis), with the positions of the axes ints remove."""
    basic, advanced, shrunk = [], [], []
    after_ellipsis = False
    for position, item in enumerate(index):
        if item is None or isinstance(item, slice):
            basic.append(item)
        elif item is Ellipsis:
            after_ellipsis = True
            basic.append(item)
        elif isinstance(item, numbers.Integral) or (isinstance(item, Tensor) and len(item.shape) == 0):
            basic.append(item)
            shrunk.append(position)
        else:
            data = _index_array(item)
            if data.ndim == 0:          # a 0-d array: one position, its axis removed
                basic.append(int(data))
                shrunk.append(position)
            else:
                basic.append(slice(None))
                advanced.append((position, data, after_ellipsis))
    return tuple(basic), advanced, shrunk


def _advanced_axes(index, advanced, shrunk):
    """Axis of the sliced tensor -> its index array, as TF counts them (negative after an ellipsis)."""
    axes = {}
    for position, data, after_ellipsis in advanced:
        if after_ellipsis:
            axes[position - len(index) + len([p for p in shrunk if p > position])] = data
        else:
            axes[position - len([p for p in shrunk if p < position])] = data
    return axes


def _contiguous(dims):
    if len(dims) > 1 and dims[0] < 0 <= dims[-1]:      # TF: axes of both signs are never adjacent
        return False
    return all(a + 1 == b for a, b in zip(dims, dims[1:]))


def numpy_style_getitem(tensor, index, plain):
    """``tensor[index]`` as tnp's ``_getitem`` reads it; ``plain`` is Tensor's own __getitem__."""
    from . import ops
    if isinstance(index, (Tensor, np.ndarray)) and index.dtype == bool:
        return plain(tensor, index)
    if not isinstance(index, tuple):
        index = _spec_tuple(index)
    basic, advanced, shrunk = _split(index)
    sliced = plain(tensor, basic)
    if not advanced:
        return sliced
    axes = _advanced_axes(index, advanced, shrunk)
    dims = sorted(axes)
    indices = np.broadcast_arrays(*[axes[d] for d in dims])
    shape = list(sliced.shape)
    if not _contiguous(dims):           # the advanced axes go first, read by gather_nd
        moved = ops.transpose(sliced, [d % len(shape) for d in dims] +
                              [a for a in range(len(shape)) if a not in {d % len(shape) for d in dims}])
        sizes = np.array([shape[d] for d in dims])
        stacked = np.stack(indices, axis=-1)
        return ops.gather_nd(moved, np.where(stacked < 0, stacked + sizes, stacked))
    dims = [d % len(shape) for d in dims]
    sizes = np.array([shape[d] for d in dims])
    stacked = np.stack(indices, axis=-1).astype(np.int32)
    stacked = np.where(stacked < 0, stacked + sizes, stacked)
    axis = dims[0]
    if len(dims) == 1:
        return ops.gather(sliced, stacked[..., 0], axis=axis)
    # the adjacent axes flattened into one, read by one gather at their place (as TF does)
    scaling = np.cumprod(sizes[::-1])[::-1]
    scaling = np.append(scaling[1:], 1)
    flat = ops.reshape(sliced, shape[:axis] + [-1] + shape[axis + len(dims):])
    return ops.gather(flat, (stacked * scaling).sum(axis=-1).astype(np.int32), axis=axis)


def install():
    """Give Tensor the NumPy-style __getitem__ (Variable keeps its own); once."""
    current = Tensor.__dict__['__getitem__']
    if hasattr(current, 'plain'):
        return

    def __getitem__(self, index):
        if ENABLED:
            return numpy_style_getitem(self, index, current)
        return current(self, index)
    __getitem__.plain = current
    __getitem__.__doc__ = current.__doc__
    Tensor.__getitem__ = __getitem__
