"""``keras.ops`` selection with numpy's conventions: take (``axis=None`` on the flattened tensor),
take_along_axis, where (``where(c)`` as one index tensor per axis), clip, sort / argsort / top_k, slice and
slice_update."""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.errors import kernel_error
from framework.tensor import Tensor

from .ops_dtypes import numeric, pair, tensor
from .ops_shape_inference import take_along_axis_shape
from .ops_shapes import axis_size
from .ops_slice_update import slice_update
__all__ = ['argsort', 'clip', 'slice', 'slice_update', 'sort', 'take', 'take_along_axis', 'top_k', 'where']


def _index_array(indices, size, op):
    """Integer indices as a host array, negative ones counted from the end."""
    raw = np.asarray(backend.to_host(indices._data) if hasattr(indices, '_data') else indices)
    if raw.dtype.kind not in 'iu':
        raise TypeError('keras.ops.%s: indices must be integers, got dtype %s' % (op, raw.dtype.name))
    if isinstance(indices, (int, list, tuple)) and raw.size and -2**31 <= raw.min() and raw.max() < 2**31:
        raw = raw.astype(np.int32)      # Python ints become int32, as Keras's convert_to_tensor makes them
    wrapped = np.where(raw < 0, raw + size, raw)
    if raw.size and (raw.min() < -size or raw.max() >= size):
        # Keras 3 wraps negative indices once and gathers: GatherV2's error names the first one still outside
        bad = np.argwhere((wrapped < 0) | (wrapped >= size))[0]
        raise kernel_error('GatherV2', 'indices%s = %d is not in [0, %d)'
                           % ('[%s]' % ','.join(map(str, bad)) if wrapped.ndim else '', wrapped[tuple(bad)], size),
                           named=True, note='keras.ops.%s: indices must lie in [%d, %d), got values from %d to %d'
                                            % (op, -size, size, raw.min(), raw.max()))
    return wrapped


def take(x, indices, axis=None):
    """Elements of ``x`` at ``indices`` along ``axis`` (None: of the flattened tensor)."""
    t = tensor(x, 'take')
    if axis is None:
        t, axis = _ops.reshape(t, [-1]), 0
    # Keras 3 on TF: tf.where(i < 0, i + tf.shape(x)[axis], i), then GatherV2 -- each step's errors in turn
    dtype = indices._data.dtype if isinstance(indices, Tensor) else np.asarray(indices).dtype
    if dtype.kind in 'bUSO':     # i < 0 converts the 0 to the indices' dtype
        raise TypeError('Cannot convert 0 to EagerTensor of dtype %s' % ('bool' if dtype.kind == 'b' else 'string'))
    size = _take_axis_length(t, axis)
    if not (dtype.kind == 'i' and dtype.itemsize >= 2):
        from framework.ops import index_kernels     # float, uint8 or int8 indices: GatherV2's registry error
        index_kernels.refuse('gather', tensor(indices, 'take'))
    return _ops.gather(t, _index_array(indices, size, 'take'), axis=axis)


def _take_axis_length(t, axis):
    """``tf.shape(x)[axis]``, as Keras 3's take reads the axis's length: TF's indexing errors for an axis
    that is no integer ('Only integers, slices ...', 'mask cannot be scalar.' for a bool) or outside the
    rank (StridedSlice's 'slice index 2 of dimension 0 out of bounds.')."""
    if type(axis) is int and -t.ndim <= axis < t.ndim:
        return t.shape[axis]
    try:
        return int(_ops.shape(t)[axis])
    except Exception as error:      # noqa: BLE001 -- TF's error as it is, with the op named in a note
        error.add_note('keras.ops.take: axis %r is no axis of a tensor of shape %s' % (axis, tuple(t.shape)))
        raise


def take_along_axis(x, indices, axis=None):
    """numpy.take_along_axis as Keras 3 on TF: ``indices`` (cast to integers, as Keras makes them int64) pick
    along ``axis``; x and indices broadcast on every other axis. Keras checks the shapes before gathering."""
    t = tensor(x, 'take_along_axis')
    raw = np.asarray(backend.to_host(indices._data) if hasattr(indices, '_data') else indices)
    if raw.dtype.kind in 'fb':
        raw = raw.astype(np.int64)
    if axis is None:
        if raw.ndim != 1:
            raise ValueError('`indices` must be 1D if axis=None. Received: indices.shape=%s' % (raw.shape,))
        t, axis = _ops.reshape(t, [-1]), 0
    try:
        if raw.ndim == t.ndim:
            axis_size(t, axis, 'take_along_axis')      # Keras canonicalizes the axis after the rank check
        take_along_axis_shape(t.shape, raw.shape, axis % max(t.ndim, 1))
    except ValueError as error:
        error.add_note('keras.ops.take_along_axis: indices of shape %s cannot pick along axis %s of a tensor of '
                       'shape %s' % (raw.shape, axis, tuple(t.shape)))
        raise
    axis = axis % t.ndim
    idx = _index_array(raw, t.shape[axis], 'take_along_axis')
    grid = np.ogrid[tuple(np.s_[:d] for d in t.shape)]
    index = tuple(idx if d == axis else grid[d] for d in range(t.ndim))
    return _ops.getitem(t, index)


def where(condition, x1=None, x2=None):
    """``x1`` where ``condition`` holds, else ``x2``; with neither, one index tensor per axis."""
    c = tensor(condition, 'where')
    if c._data.dtype.kind != 'b':
        c = _ops.not_equal(c, 0)
    if x1 is None and x2 is None:
        coordinates = _ops.cast(_ops.where(c), 'int32')
        return [coordinates[:, i] for i in range(c.ndim)]
    if x1 is None or x2 is None:
        error = ValueError('`x1` and `x2` either both should be `None` or both should have non-None value.')
        error.add_note('keras.ops.where: give both x1 and x2, or neither')      # (Keras 3's words above)
        raise error
    x1, x2 = pair(x1, x2, 'where')
    return _ops.where(c, x1, x2)


def clip(x, x_min, x_max):
    """``x`` limited to [x_min, x_max]; bools are clipped as int32."""
    return _ops.clip_by_value(numeric(x, 'clip'), x_min, x_max)


def sort(x, axis=-1):
    """``x`` sorted along ``axis`` (None: the flattened tensor); bools go through int8, as Keras 3 on TF."""
    t = tensor(x, 'sort')
    axis = _sort_axis(axis)
    if axis is None:
        t, axis = _ops.reshape(t, [-1]), 0
    if t._data.dtype.kind == 'b':
        return _ops.cast(_ops.sort(_ops.cast(t, 'int8'), axis), 'bool')
    return _ops.sort(t, axis)


def argsort(x, axis=-1):
    """int32 indices that sort ``x`` along ``axis`` (None: the flattened tensor); as Keras 3 on TF, bools go
    through uint8 and a scalar gives [0]."""
    t = tensor(x, 'argsort')
    if t._data.dtype.kind == 'b':
        t = _ops.cast(t, 'uint8')
    if t.ndim == 0:
        return _ops.constant([0], 'int32')
    axis = _sort_axis(axis)
    if axis is None:
        t, axis = _ops.reshape(t, [-1]), 0
    return _ops.argsort(t, axis)


def _sort_axis(axis):
    # Keras hands the axis to tf.sort / tf.argsort, which read a float's constant value as int(axis) (1.5: axis 1)
    return int(axis) if isinstance(axis, (float, np.floating)) else axis


def top_k(x, k, sorted=True):  # noqa: A002  (Keras 3's name)
    """(values, indices) of the ``k`` largest entries along the last axis. Keras 3 on TF hands ``k`` and
    ``sorted`` to tf.math.top_k as they are, so its conversion errors are TF's."""
    return _ops.top_k(tensor(x, 'top_k'), k, sorted)


def slice(inputs, start_indices, shape):  # noqa: A001  (Keras 3's name)
    """The block of ``shape`` starting at ``start_indices`` (one start per axis), as Keras 3 takes it on
    TensorFlow: tf.slice, so a size of -1 runs to the end and a block outside the input is Slice's
    InvalidArgumentError (a Python slice clipped it, or came back empty)."""
    t = tensor(inputs, 'slice')
    starts, sizes = [int(i) for i in start_indices], [int(s) for s in shape]
    return _ops.slice(t, starts, sizes)
