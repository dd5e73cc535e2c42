"""MPIStrategy: ``fit`` a compiled model data-parallel over the MPI ranks.

Explicit rather than a ``with strategy.scope():`` as in tf.distribute: a scope
would need ``Model`` to read a global strategy, while ``strategy.fit(model,
...)`` needs nothing from the model but its public ``compile``/``fit``
contract. It does, in order, what a Horovod user writes by hand:
1. wraps ``model.optimizer`` in ``DistributedOptimizer`` (one fused gradient
   allreduce per step);
2. builds the model (on one sample) and the optimizer's slots, and broadcasts
   root's weights and optimizer state, so every rank starts alike;
3. shards x, y and sample_weight (``sharding.shard``: disjoint, equal, the
   remainder of fewer than size samples dropped) and gives each rank
   ``batch_size // size`` samples per step: ``batch_size`` is the GLOBAL batch,
   as in tf.distribute, so the learning dynamics do not depend on the rank count;
4. averages the epoch's training metrics over the ranks, and shows progress
   on root only.
"""
from framework import nest
from framework.tensor import Tensor
from . import world
from .optimizer import DistributedOptimizer
from .sharding import shard
from .variables import broadcast_optimizer_state, broadcast_variables


class MPIStrategy:
    """Data-parallel training over all MPI ranks (one model replica per process).

    Args:
        root: the rank whose initial weights and optimizer state every rank starts from.
    """

    def __init__(self, root=0):
        world.init()
        if not 0 <= root < world.size():
            raise ValueError('MPIStrategy: root=%r is not a rank of this world of %d process(es)'
                             % (root, world.size()))
        self.root = root

    @property
    def num_replicas_in_sync(self):
        """The number of ranks training together (tf.distribute's name)."""
        return world.size()

    def prepare(self, model, x_sample=None):
        """Wrap the optimizer, build the model (calling it on ``x_sample`` if it is not built)
        and start every rank from root's weights and optimizer state.

        Raises:
            ValueError: the model is not compiled, or not built and no sample is given.
        """
        if not getattr(model, 'compiled', False):
            raise ValueError('MPIStrategy: compile the model before training it, e.g. '
                             'model.compile(optimizer="adam", loss="mse")')
        model.optimizer = DistributedOptimizer(model.optimizer)
        if not model.built:
            if x_sample is None:
                raise ValueError('MPIStrategy.prepare: the model is not built; build it or pass x_sample')
            from layers.training.array_conversion import to_arrays
            model(nest.map_structure(Tensor, to_arrays(x_sample, 'x')), training=False)
        broadcast_variables(model.variables, self.root)
        broadcast_optimizer_state(model.optimizer, model.trainable_variables, self.root)

    def fit(self, model, x=None, y=None, batch_size=None, epochs=1, verbose='auto', callbacks=None,
            validation_split=0.0, validation_data=None, sample_weight=None, **fit_kwargs):
        """``model.fit`` on this rank's shard; arguments as ``Model.fit`` with ``batch_size`` global.

        x, y and sample_weight are arrays (or lists/dicts of arrays), sharded here; a
        dataset must be split by the caller and passed to ``model.fit`` after ``prepare``.

        Validation data is not sharded: every rank evaluates all of it (and gets the
        same numbers). ``validation_split`` is taken before sharding, as one process would.
        Shuffling mixes samples within each rank's shard.
        Returns:
            the History (identical on every rank for the averaged training metrics).
        Raises:
            ValueError: ``batch_size`` not divisible by the number of ranks; the errors of ``fit``.
        """
        size = world.size()
        batch_size = 32 if batch_size is None else batch_size
        if batch_size % size:
            raise ValueError('MPIStrategy.fit: the global batch_size %d is not divisible by the %d ranks; '
                             'use a multiple of %d' % (batch_size, size, size))
        if validation_split and validation_data is None:
            from layers.training.array_conversion import to_arrays
            from layers.training.data import train_validation_split
            arrays = [to_arrays(x, 'x'), to_arrays(y, 'y'), to_arrays(sample_weight, 'sample_weight')]
            (x, y, sample_weight), validation_data = train_validation_split(arrays, validation_split)
        x, y, sample_weight = shard(x, y, sample_weight)
        self.prepare(model, nest.map_structure(lambda a: a[:1], x))
        from .epoch_logs import AverageEpochLogs
        return model.fit(x, y, batch_size=batch_size // size, epochs=epochs,
                         verbose=verbose if world.rank() == self.root else 0,
                         callbacks=[AverageEpochLogs()] + list(callbacks or []),
                         validation_data=validation_data, sample_weight=sample_weight, **fit_kwargs)
