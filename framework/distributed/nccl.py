"""Collectives on cupy arrays through NCCL, bootstrapped over MPI.

mpich's wheel does not read GPU memory, so GPU buffers go through NCCL:
rank 0 makes NCCL's unique id, MPI broadcasts it, and every rank joins one
communicator on its own GPU (``local_device()``: one GPU per rank). The
communicator is made on first use; the calls run on the current cupy stream,
so the ops that follow are ordered after them without a synchronization.
"""
from framework import backend
from . import world

_communicator = None

# numpy dtype name -> NCCL's data type (the constants of cupy.cuda.nccl).
_NCCL_TYPES = {'int8': 'NCCL_INT8', 'uint8': 'NCCL_UINT8', 'int32': 'NCCL_INT32', 'uint32': 'NCCL_UINT32',
               'int64': 'NCCL_INT64', 'uint64': 'NCCL_UINT64', 'float16': 'NCCL_FLOAT16',
               'float32': 'NCCL_FLOAT32', 'float64': 'NCCL_FLOAT64'}
_NCCL_OPS = {'sum': 'NCCL_SUM', 'max': 'NCCL_MAX', 'min': 'NCCL_MIN'}


def gpu_index():
    """The GPU this rank uses: its local rank, or 0 when each rank sees one GPU
    (a launcher that sets CUDA_VISIBLE_DEVICES per rank).

    Raises:
        RuntimeError: more ranks on this machine than GPUs.
    """
    count = backend.cupy_module().cuda.runtime.getDeviceCount()
    index = world.local_rank() if count > 1 else 0
    if index >= count:
        raise RuntimeError('framework.distributed: local rank %d has no GPU of its own (%d visible); start at '
                           'most one rank per GPU' % (index, count))
    return index


def local_device():
    """The device spelling for this rank's GPU ('/GPU:<n>'), for ``framework.device``;
    '/CPU:0' where cupy finds no GPU."""
    cp = backend.cupy_module()
    try:
        has_gpu = cp is not None and cp.cuda.runtime.getDeviceCount() > 0
    except Exception:           # cupy installed without a usable CUDA driver
        has_gpu = False
    return '/GPU:%d' % gpu_index() if has_gpu else '/CPU:0'


def _nccl():
    try:
        from cupy.cuda import nccl
    except ImportError as err:
        raise RuntimeError('framework.distributed: arrays are on the GPU but cupy has no NCCL (%s); '
                           'install a cupy wheel with NCCL (pip install "tapeflow[gpu]")' % err) from None
    if not getattr(nccl, 'available', True):
        raise RuntimeError('framework.distributed: arrays are on the GPU but cupy cannot load NCCL; install '
                           'it where cupy finds it: python -m cupyx.tools.install_library --library nccl '
                           '--cuda 12.x')
    return nccl


def communicator():
    """This process's NCCL communicator over all ranks, made on first use."""
    global _communicator
    if _communicator is None:
        nccl = _nccl()
        unique_id = nccl.get_unique_id() if world.rank() == 0 else None
        comm = world.communicator()
        if comm is not None:
            unique_id = comm.bcast(unique_id, root=0)
        with backend.cupy_module().cuda.Device(gpu_index()):
            _communicator = nccl.NcclCommunicator(world.size(), unique_id, world.rank())
    return _communicator


def _call(buffer, run):
    """Run ``run(comm, nccl, data type, stream pointer)`` on ``buffer``'s GPU."""
    comm, nccl = communicator(), _nccl()
    if buffer.device.id != comm.device_id():
        raise ValueError('framework.distributed: an array on GPU %d but this rank communicates on GPU %d; '
                         'place the model with framework.device(framework.distributed.local_device())'
                         % (buffer.device.id, comm.device_id()))
    if buffer.dtype.name not in _NCCL_TYPES:
        raise TypeError('framework.distributed: NCCL has no dtype %s; cast to float32 or float64'
                        % buffer.dtype.name)
    cp = backend.cupy_module()
    with cp.cuda.Device(buffer.device.id):
        run(comm, nccl, getattr(nccl, _NCCL_TYPES[buffer.dtype.name]), cp.cuda.get_current_stream().ptr)


def allreduce_in_place(buffer, op):
    """Reduce a contiguous cupy array across ranks ('sum', 'max' or 'min'), in place."""
    _call(buffer, lambda comm, nccl, dtype, stream: comm.allReduce(
        buffer.data.ptr, buffer.data.ptr, buffer.size, dtype, getattr(nccl, _NCCL_OPS[op]), stream))


def broadcast_in_place(buffer, root):
    """Overwrite a contiguous cupy array with ``root``'s."""
    _call(buffer, lambda comm, nccl, dtype, stream: comm.bcast(buffer.data.ptr, buffer.size, dtype, root, stream))


def allgather(send, receive):
    """Every rank's ``send`` (contiguous, equal sizes) into ``receive`` (size() times larger), in rank order."""
    _call(send, lambda comm, nccl, dtype, stream: comm.allGather(
        send.data.ptr, receive.data.ptr, send.size, dtype, stream))
