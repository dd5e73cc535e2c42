"""``tf.gather`` and ``tf.gather_nd`` with ``batch_dims``: the leading ``batch_dims`` axes of
params and indices pair up, and each batch element gathers from its own slice of params.

Both are built from the unbatched ops on params with the batch axes folded into the gathered
axis (each batch's indices shifted by its offset there), so their gradients are the ops' own.
The checks and their words are TensorFlow's GatherV2 / GatherNd kernels'.
"""
import numpy as np

from .. import backend
from ..errors import kernel_error
from ..tensor import Tensor
from .shapes import reshape, transpose


def batch_dims_of(batch_dims, indices_rank, kernel):
    """``batch_dims`` as a count (negative counts from the indices' rank)."""
    b = int(batch_dims)
    if b < 0:
        b += indices_rank
    if not 0 <= b <= indices_rank:
        raise kernel_error(kernel, 'Expected batch_dims in the range [%d, %d], but got %d'
                           % (-indices_rank, indices_rank, int(batch_dims)), named=True)
    return b


def check_batch_shapes(params_shape, indices_shape, b, kernel, named=False):
    for d in range(b):
        if params_shape[d] != indices_shape[d]:
            raise kernel_error(kernel, 'params.shape[%d]: %d should be equal to indices.shape[%d]: %d'
                               % (d, params_shape[d], d, indices_shape[d]), named=named)


def batched_gather(x, i, axis, b, gather):
    """``tf.gather(x, i, axis=axis, batch_dims=b)`` (b >= 1, axis >= b) through ``gather`` on axis 0.

    ``i`` is the host/device int array of indices, checked to lie in [0, x.shape[axis])."""
    shape = tuple(x._data.shape)
    check_batch_shapes(shape, i.shape, b, 'GatherV2')
    batch = int(np.prod(shape[:b], dtype=np.int64))
    size = shape[axis]
    rest = shape[b:axis] + shape[axis + 1:]
    # the gathered axis right after the batch axes, then batch and gathered axes folded into one
    moved = transpose(x, tuple(range(b)) + (axis,) + tuple(range(b, axis)) + tuple(range(axis + 1, len(shape))))
    folded = reshape(moved, (batch * size,) + rest)
    xp = backend.array_module(i)
    offsets = (xp.arange(batch, dtype=i.dtype) * size).reshape(shape[:b] + (1,) * (i.ndim - b))
    got = gather(folded, Tensor(i + offsets))                 # shape[:b] + i.shape[b:] + rest
    k, pre = i.ndim - b, axis - b
    order = (tuple(range(b)) + tuple(range(b + k, b + k + pre)) + tuple(range(b, b + k))
             + tuple(range(b + k + pre, got.ndim)))
    return transpose(got, order)


def batched_gather_nd(x, i, b, gather_nd):
    """``tf.gather_nd(x, i, batch_dims=b)`` (b >= 1) through ``gather_nd`` with the batch axes folded."""
    shape = tuple(x._data.shape)
    batch = int(np.prod(shape[:b], dtype=np.int64))
    folded = reshape(x, (batch,) + shape[b:])
    xp = backend.array_module(i)
    # TensorFlow folds the indices' batch axes to the params' count: another count fails in its reshape
    vectors = reshape(Tensor(i), (batch,) + i.shape[b:])._data
    numbers = xp.broadcast_to(xp.arange(batch, dtype=i.dtype).reshape((batch,) + (1,) * (vectors.ndim - 1)),
                              vectors.shape[:-1] + (1,))
    got = gather_nd(folded, Tensor(xp.concatenate([numbers, vectors], axis=-1)))     # (TF's tail: no name)
    return reshape(got, tuple(i.shape[:-1]) + shape[b + i.shape[-1]:])
