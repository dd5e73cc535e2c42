"""Collectives over all ranks: allreduce, broadcast, allgather (arrays and tensors) and
their ``_object`` forms for picklable Python values.

Host arrays go through MPI, GPU (cupy) arrays through NCCL. In a world of one
process every collective returns its input's value, so a script runs unchanged
without a launcher.
"""
import numpy as np

from framework import backend
from framework.tensor import Tensor
from . import nccl, world

OPS = ('sum', 'mean', 'max', 'min')


def _mpi_op(op):
    from mpi4py import MPI
    return {'sum': MPI.SUM, 'mean': MPI.SUM, 'max': MPI.MAX, 'min': MPI.MIN}[op]


def _check_op(op, dtype, what):
    if op not in OPS:
        raise ValueError('%s: op=%r is not one of %s' % (what, op, ', '.join(map(repr, OPS))))
    if dtype.kind not in 'iufc':
        raise TypeError('%s: cannot reduce a %s array; use numbers' % (what, dtype.name))
    if op == 'mean' and dtype.kind not in 'fc':
        raise TypeError("%s: op='mean' of a %s array would not be exact; cast it to a floating dtype first"
                        % (what, dtype.name))


def allreduce_in_place(buffer, op='sum'):
    """Reduce a contiguous array across ranks, in place ('mean' divides the sum by size())."""
    _check_op(op, buffer.dtype, 'allreduce')
    count = world.size()
    if count == 1:
        return buffer
    if backend.is_device_array(buffer):
        nccl.allreduce_in_place(buffer, 'sum' if op == 'mean' else op)
    else:
        from mpi4py import MPI
        world.communicator().Allreduce(MPI.IN_PLACE, buffer, op=_mpi_op(op))
    if op == 'mean':
        buffer /= buffer.dtype.type(count)
    return buffer


def broadcast_in_place(buffer, root=0):
    """Overwrite a contiguous array, of the same shape on every rank, with ``root``'s."""
    check_root(root, 'broadcast')
    if world.size() == 1:
        return buffer
    if backend.is_device_array(buffer):
        nccl.broadcast_in_place(buffer, root)
    else:
        world.communicator().Bcast(buffer, root=root)
    return buffer


def check_root(root, what):
    if not isinstance(root, (int, np.integer)) or not 0 <= root < world.size():
        raise ValueError('%s: root=%r is not a rank of this world of %d process(es)' % (what, root, world.size()))


def _unwrap(value, what):
    """(a contiguous copy of the raw array, a function giving the result the caller's type)."""
    if isinstance(value, Tensor):
        return _contiguous_copy(value._data), Tensor
    if isinstance(value, (np.ndarray, np.generic)) or backend.is_device_array(value):
        return _contiguous_copy(value), lambda data: data
    try:
        data = np.asarray(value)
    except Exception:
        data = None
    if data is None or data.dtype.kind not in 'iufc':
        raise TypeError('%s: expected a Tensor, an array or numbers, got %s; for other Python values use '
                        'broadcast_object or allgather_object' % (what, type(value).__name__))
    return np.array(data, copy=True), lambda data: data


def _contiguous_copy(data):
    return backend.array_module(data).array(data, copy=True, order='C')


def allreduce(value, op='sum'):
    """``op`` ('sum', 'mean', 'max' or 'min') of ``value`` over all ranks, elementwise.

    Args:
        value: a Tensor, a numpy or cupy array, or numbers; same shape and dtype on every rank.
    Returns:
        a Tensor for a Tensor, else an array (the input is not changed).
    Raises:
        ValueError: an unknown op.  TypeError: 'mean' of integers, or a non-numeric value.
    """
    data, wrap = _unwrap(value, 'allreduce')
    return wrap(allreduce_in_place(data, op))


def broadcast(value, root=0):
    """``root``'s ``value`` on every rank (other ranks' values only need to be of the same kind).

    Returns:
        a Tensor for a Tensor, else an array.
    """
    data, wrap = _unwrap(value, 'broadcast')
    check_root(root, 'broadcast')
    if world.size() == 1:
        return wrap(data)
    shape, dtype = broadcast_object((tuple(data.shape), data.dtype.str), root)
    if tuple(data.shape) != shape or data.dtype.str != dtype:
        data = backend.array_module(data).empty(shape, dtype=np.dtype(dtype))
    return wrap(broadcast_in_place(data, root))


def allgather(value):
    """Every rank's ``value`` concatenated along the first axis, in rank order.

    The first dimension may differ between ranks; the others and the dtype may
    not. A scalar counts as a vector of one element (so the result has size()).
    Raises:
        ValueError: ranks with different trailing shapes or dtypes (every rank raises).
    """
    data, wrap = _unwrap(value, 'allgather')
    data = data.reshape((1,) if data.ndim == 0 else data.shape)
    shapes = allgather_object((tuple(data.shape), data.dtype.str))
    if any(shape[1:] != data.shape[1:] or dtype != data.dtype.str for shape, dtype in shapes):
        raise ValueError('allgather: ranks must agree on every dimension but the first, and on the dtype; got '
                         + ', '.join('rank %d: %s %s' % (r, s, np.dtype(d).name) for r, (s, d) in enumerate(shapes)))
    if world.size() == 1:
        return wrap(data)
    xp = backend.array_module(data)
    counts = [int(np.prod(shape)) for shape, _ in shapes]
    rows = sum(shape[0] for shape, _ in shapes)
    if backend.is_device_array(data):
        # NCCL gathers equal sizes: pad each rank's part to the largest.
        longest = max(counts)
        send = xp.zeros(longest, dtype=data.dtype)
        send[:data.size] = data.reshape(-1)
        receive = xp.empty(longest * len(counts), dtype=data.dtype)
        nccl.allgather(send, receive)
        parts = [receive[r * longest:r * longest + n] for r, n in enumerate(counts)]
        return wrap(xp.concatenate(parts).reshape((rows,) + tuple(data.shape[1:])))
    receive = np.empty(sum(counts), dtype=data.dtype)
    world.communicator().Allgatherv(data, [receive, counts])
    return wrap(receive.reshape((rows,) + tuple(data.shape[1:])))


def broadcast_object(value, root=0):
    """``root``'s picklable ``value`` on every rank."""
    check_root(root, 'broadcast_object')
    comm = world.communicator()
    return value if comm is None else comm.bcast(value, root=root)


def allgather_object(value):
    """A list of every rank's picklable ``value``, in rank order."""
    comm = world.communicator()
    return [value] if comm is None else comm.allgather(value)
