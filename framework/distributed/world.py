"""The process group: which rank this process is, among how many.

mpi4py is imported on the first question asked, never by ``import framework``.
Without a launcher (``python train.py``) the world is one process of rank 0;
MPI's singleton start gives the same answer, and when mpi4py is not installed
a lone process still works, so a distributed script also runs on a laptop.
Under a launcher, a missing mpi4py is an error: every process would otherwise
train alone and silently.
"""
import os

# Variables a launcher sets in each process it starts (MPICH's Hydra, Open MPI, PMIx).
_LAUNCHER_VARIABLES = ('PMI_RANK', 'PMI_SIZE', 'OMPI_COMM_WORLD_SIZE', 'PMIX_RANK')

_world = None      # mpi4py's COMM_WORLD once started; False for a lone process without mpi4py
_node = None       # the ranks sharing this machine (MPI.COMM_TYPE_SHARED), for local_rank()


def init():
    """Start MPI (once; later calls do nothing) and return the world size.

    Raises:
        ImportError: this process was started by mpiexec but mpi4py is not installed.
    """
    global _world
    if _world is None:
        try:
            from mpi4py import MPI
        except ImportError:
            found = [name for name in _LAUNCHER_VARIABLES if name in os.environ]
            if found:
                raise ImportError('framework.distributed: this process was started by an MPI launcher (%s is '
                                  'set) but mpi4py is not installed; pip install "tapeflow[dist]"'
                                  % found[0]) from None
            _world = False
        else:
            _world = MPI.COMM_WORLD
    return size()


def communicator():
    """mpi4py's COMM_WORLD, or None for a lone process without mpi4py."""
    if _world is None:
        init()
    return _world or None


def rank():
    """This process's rank, 0 .. size() - 1."""
    comm = communicator()
    return comm.Get_rank() if comm is not None else 0


def size():
    """The number of processes training together."""
    comm = communicator()
    return comm.Get_size() if comm is not None else 1


def _node_communicator():
    global _node
    if _node is None:
        from mpi4py import MPI
        _node = communicator().Split_type(MPI.COMM_TYPE_SHARED, key=rank())
    return _node


def local_rank():
    """This process's rank among those on the same machine (the GPU it should use)."""
    return _node_communicator().Get_rank() if communicator() is not None else 0


def local_size():
    """The number of processes on this machine."""
    return _node_communicator().Get_size() if communicator() is not None else 1


def barrier():
    """Wait until every rank reaches this point."""
    comm = communicator()
    if comm is not None:
        comm.Barrier()
