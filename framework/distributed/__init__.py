"""Data-parallel training over MPI ranks (mpi4py; NCCL through cupy for GPU arrays).

Launch ``mpiexec -n 2 python -m mpi4py train.py``; without a launcher the
world is one process of rank 0 and everything below still works. mpi4py is
imported on first use, so importing this package costs nothing.

    import framework.distributed as dist
    strategy = dist.MPIStrategy()
    model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')
    strategy.fit(model, x, y, batch_size=64, epochs=5)     # global batch of 64

or, in a custom loop::

    optimizer = dist.DistributedOptimizer(keras.optimizers.Adam())
    x, y = dist.shard(x, y)
    dist.broadcast_variables(model.variables)           # after the model is built
    dist.broadcast_optimizer_state(optimizer, model.trainable_variables)
"""
from .collectives import allgather, allgather_object, allreduce, broadcast, broadcast_object
from .launcher import launch, mpiexec_command, mpiexec_path
from .nccl import local_device
from .optimizer import DistributedOptimizer
from .sharding import shard, shard_indices
from .strategy import MPIStrategy
from .variables import broadcast_optimizer_state, broadcast_variables
from .world import barrier, init, local_rank, local_size, rank, size

__all__ = ['DistributedOptimizer', 'MPIStrategy', 'allgather', 'allgather_object', 'allreduce', 'barrier',
           'broadcast', 'broadcast_object', 'broadcast_optimizer_state', 'broadcast_variables', 'init',
           'launch', 'local_device', 'local_rank', 'local_size', 'mpiexec_command', 'mpiexec_path', 'rank',
           'shard', 'shard_indices', 'size']
