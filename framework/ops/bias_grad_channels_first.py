"""The bias gradient of a channels_first layer, summed as TensorFlow's BiasAddGrad sums NCHW.

Keras 3 adds a channels_first layer's bias with ``tf.nn.bias_add(x, b, data_format='NCHW')``
(``keras.ops.add`` of a (1, C, 1, ...) bias), whose gradient TF's CPU kernel computes with
``ReduceMiddleDimensions`` (tensorflow/core/kernels/redux_functor.h) on the gradient viewed as
(batch, channels, spatial): the flat array is cut into ``blocks = min(batch * channels,
ceil(size / ceil(2000 / spatial)), threads)`` equal runs, and Eigen's ``parallelFor`` hands them
out in tasks of whole runs when its cost model finds the work worth several threads (the cost it
is given counts each run's values ``spatial`` times over). Each task sums every (batch, channel)
row it holds (Eigen's 1-D reduction: eigen_sum's order), a row cut by a task's end in two parts,
and adds the sums into its own zeroed buffer, row after row; the buffers are then added in
order. Cheap work stays one task: each channel's row sums added in batch order. With one spatial
value per row it is the channels-last kernel (bias_add_kernel.bias_grad_sum).
"""
import numpy as np

from .. import config_threading
from . import eigen_sum

_MIN_BLOCK_WORK = 2000


def bias_grad_sum_channels_first(g):
    """Sum float array ``g`` (batch, channels, *spatial) over every axis but 1; shape (channels,)."""
    from .bias_add_kernel import bias_grad_sum, task_starts      # (that module imports this one)
    n, c = g.shape[0], g.shape[1]
    inner = int(np.prod(g.shape[2:], dtype=np.int64))
    if type(g) is not np.ndarray or g.dtype.kind != 'f' or g.dtype.itemsize < 4 or g.size == 0:
        return g.sum(axis=(0,) + tuple(range(2, g.ndim)), dtype=g.dtype)
    if inner == 1:
        return bias_grad_sum(g.reshape(n, c))
    rows = np.ascontiguousarray(g).reshape(n * c, inner)
    total = n * c * inner
    threads = config_threading.intra_op_pool_size()
    blocks = min(n * c, -(-total // -(-_MIN_BLOCK_WORK // inner)), threads)
    size = -(-total // blocks)
    starts = [first * size for first in task_starts(blocks, size * inner, threads)]
    whole = eigen_sum.row_sums(rows)          # each row's sum, for the rows no task cuts (at any size)
    out = None
    for start, stop in zip(starts, starts[1:] + [total]):
        buf = _run_sums(rows, whole, start, min(total, stop), c, inner)
        out = buf if out is None else out + buf
    return out


def _run_sums(rows, whole, start, stop, channels, inner):
    """One run's buffer: the sums of its rows (and row parts) added per channel in row order."""
    flat = rows.reshape(-1)
    buf = np.zeros(channels, rows.dtype)
    first, last = -(-start // inner), stop // inner       # the whole rows [first, last)
    if start % inner:
        buf[(first - 1) % channels] += _part_sum(flat[start:first * inner])
    row = first
    while row < last:                                     # a channel's rows add in batch order
        offset = row % channels
        take = min(channels - offset, last - row)
        buf[offset:offset + take] += whole[row:row + take]
        row += take
    if stop % inner:
        buf[last % channels] += _part_sum(flat[last * inner:stop])
    return buf


def _part_sum(values):
    return eigen_sum.row_sums(values.reshape(1, -1))[0] if values.size else values.dtype.type(0)
