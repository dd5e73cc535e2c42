"""``tf.distribute``: the strategy API, for one replica in this process.

TensorFlow programs written for ``MirroredStrategy`` create their model in
``strategy.scope()``, step with ``strategy.run`` and combine with
``strategy.reduce``. On a machine with one device TensorFlow's
MirroredStrategy has one replica, and so do these strategies: each runs the
function once, on this process's values, so such programs run unchanged and
give the single-device numbers. Data parallelism over processes (MPI, NCCL)
is ``framework.distributed`` (see docs/distributed.md).
"""
import contextlib
import threading
import types as _types

from . import nest
from .distribute_input_options import InputOptions, InputReplicationMode, check_input_options  # noqa: F401
from .distribute_values import (DistributedDataset, DistributedDatasetsFromFunction, PerReplica,  # noqa: F401
                                local_value)
from .tensor import Tensor, convert_to_tensor
from .tf_logging import FirstN as _FirstN
from .keras_repr import default_repr


class ReduceOp:
    """How ``Strategy.reduce`` and ``ReplicaContext.all_reduce`` combine values."""
    SUM = 'SUM'
    MEAN = 'MEAN'


class InputContext:
    """What ``distribute_datasets_from_function``'s function learns about its input pipeline."""

    def __init__(self, num_input_pipelines=1, input_pipeline_id=0, num_replicas_in_sync=1):
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size):
        if global_batch_size % self.num_replicas_in_sync:
            raise ValueError('InputContext: the global batch size %d is not divisible by num_replicas_in_sync %d'
                             % (global_batch_size, self.num_replicas_in_sync))
        return global_batch_size // self.num_replicas_in_sync


class ValueContext:
    """What ``experimental_distribute_values_from_function``'s function learns: which replica it
    makes a value for (here the one), out of how many."""

    def __init__(self, replica_id_in_sync_group=0, num_replicas_in_sync=1):
        self.replica_id_in_sync_group = replica_id_in_sync_group
        self.num_replicas_in_sync = num_replicas_in_sync


class ReplicaContext:
    """The context of the replica running inside ``Strategy.run``: there is one."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, strategy):
        self.strategy = strategy
        self.num_replicas_in_sync = 1
        self.replica_id_in_sync_group = convert_to_tensor(0)

    def all_reduce(self, reduce_op, value):
        """Over one replica, every reduction returns the value itself."""
        _check_op(reduce_op, 'ReplicaContext.all_reduce')
        return value

    def merge_call(self, merge_fn, args=(), kwargs=None):
        return merge_fn(self.strategy, *args, **(kwargs or {}))


class _DefaultReplicaContext(ReplicaContext):
    """The default strategy's replica context (outside any strategy's scope), as TF names its class."""


class _MirroredReplicaContext(ReplicaContext):
    """The replica context inside MirroredStrategy.run (and CentralStorageStrategy's), as TF names it."""


class _OneDeviceReplicaContext(ReplicaContext):
    """The replica context inside OneDeviceStrategy.run, as TF names it."""


class _Extended:
    def __init__(self, strategy):
        self._strategy = strategy

    def variable_created_in_scope(self, variable):
        """Whether ``variable`` was made in this strategy's ``scope()`` (the default strategy: any)."""
        if self._strategy is _DEFAULT:
            return True
        return getattr(variable, '_strategy', None) is self._strategy

    @property
    def worker_devices(self):
        """The replicas' devices, as TensorFlow spells them: one, this strategy's.

        Raises:
            RuntimeError: on the default strategy (TensorFlow's message).
        """
        return (self._device('worker_devices'),)

    @property
    def parameter_devices(self):
        """Where the variables live: the one replica's device."""
        return (self._device('parameter_devices'),)

    def _device(self, what):
        spec = self._strategy._device_spec()
        if spec is None:
            raise RuntimeError('%s() method unsupported by default tf.distribute.Strategy.' % what)
        kind, index = spec
        return '/job:localhost/replica:0/task:0/device:%s:%d' % (kind.upper(), index)


_state = threading.local()


def _stack():
    if not hasattr(_state, 'stack'):
        _state.stack = []
    return _state.stack


class _ReplicaScope:
    """``with strategy.replica_scope():`` the strategy's replica context is the current one."""
    __slots__ = ('_strategy', '_eager')

    def __init__(self, strategy, eager):
        self._strategy = strategy
        self._eager = eager

    def __enter__(self):
        if self._eager:
            self._strategy._eager_run()
        _stack().append(self._strategy._REPLICA_CONTEXT(self._strategy))

    def __exit__(self, *exc):
        _stack().pop()
        return False


class Strategy:
    """One replica on this process's device (TensorFlow's default strategy when used directly).

    As TensorFlow's, every strategy but the default one hands out its datasets as DistributedDatasets;
    some give their values from a function as PerReplica values and print their variables as
    MirroredVariables (one component each here)."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it
    _PER_REPLICA_VALUES = False
    _MIRRORED_VARIABLES = False
    _REPLICA_CONTEXT = _DefaultReplicaContext

    def __init__(self):
        self.extended = _Extended(self)

    @property
    def num_replicas_in_sync(self):
        return 1

    @property
    def cluster_resolver(self):
        """The cluster resolver of a multi-worker strategy; None for the single-machine ones, as in TF."""
        return None

    def _device_spec(self):
        """(kind, index) of the replica's device: the process default (new tensors' device)."""
        from .placement import current
        return current()

    @contextlib.contextmanager
    def scope(self):
        """Variables and models made inside belong to this strategy (``get_strategy()`` returns it)."""
        _stack().append(self)
        try:
            yield self
        finally:
            _stack().pop()

    def run(self, fn, args=(), kwargs=None, options=None):
        """``fn(*args, **kwargs)`` once per replica (once), with ``get_replica_context()`` set."""
        args, kwargs = nest.map_structure(local_value, (tuple(args), kwargs or {}))
        with self.replica_scope():
            return fn(*args, **kwargs)

    def replica_scope(self, eager=False):
        """The one replica's context, as ``run`` sets it around its function: Keras 3's fit, evaluate,
        predict and the *_on_batch methods run each step through ``model.distribute_strategy.run``, so a
        train_step sees this strategy and its replica context there (tf.distribute.get_replica_context()).
        ``eager``: each entry is an eager ``run`` (run_eagerly=True), which may log (MirroredStrategy).
        Reusable: a loop enters the same one at every step."""
        return _ReplicaScope(self, eager)

    def _eager_run(self):
        """What an eager ``run`` of a plain Python function logs: nothing but for MirroredStrategy."""

    def reduce(self, reduce_op, value, axis):
        """Combine the replicas' values (one here), then, with ``axis``, sum or average along it."""
        from .ops import reduce_mean, reduce_sum
        op = _check_op(reduce_op, 'Strategy.reduce')
        value = local_value(value)
        if axis is None:
            # TF: the default strategy and OneDeviceStrategy hand the value back as it is; the others convert
            # it (MirroredStrategy a tuple item by item, CentralStorageStrategy whole) but leave a list alone
            return _as_reduced(value, self._MIRRORED_VARIABLES) if self._PER_REPLICA_VALUES else value
        return (reduce_sum if op == ReduceOp.SUM else reduce_mean)(value, axis=axis)

    def experimental_distribute_dataset(self, dataset, options=None):
        """The dataset's batches for the replica (one: the batches themselves), as a DistributedDataset."""
        if self is not _DEFAULT:
            check_input_options(options, from_function=False)
        return dataset if self is _DEFAULT else DistributedDataset(dataset)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        if self is not _DEFAULT:
            check_input_options(options, from_function=True)
        dataset = dataset_fn(InputContext())
        return dataset if self is _DEFAULT else DistributedDatasetsFromFunction(dataset)

    def experimental_local_results(self, value):
        return value.values if isinstance(value, PerReplica) else (value,)

    def gather(self, value, axis):
        return local_value(value)

    def experimental_distribute_values_from_function(self, value_fn):
        value = value_fn(ValueContext())
        return PerReplica((value,)) if self._PER_REPLICA_VALUES else value


class MirroredStrategy(Strategy):
    """Synchronous replicas on this machine's devices; one replica here (as TensorFlow has on one device)."""
    _PER_REPLICA_VALUES = True
    _MIRRORED_VARIABLES = True
    _REPLICA_CONTEXT = _MirroredReplicaContext
    # whether the program has made one: checks only a MirroredStrategy needs (optim/merge_call_in_cond.py) skip
    # at no cost per step in every other program
    made = False

    def __init__(self, devices=None, cross_device_ops=None):
        MirroredStrategy.made = True
        if devices is not None and len(list(devices)) > 1:
            raise ValueError('MirroredStrategy: tapeflow runs one replica per process; got devices %r. '
                             'For data parallelism over processes or GPUs use framework.distributed (MPI).'
                             % (list(devices),))
        super().__init__()
        self._devices = None if not devices else list(devices)
        from .tf_logging import logger
        # TF's INFO line, shown once a program sets the 'tensorflow' logger to INFO (its level stays
        # unset here, as TF leaves it)
        logger().info('Using MirroredStrategy with devices %s', self.extended.worker_devices)

    def run(self, fn, args=(), kwargs=None, options=None):
        """As ``Strategy.run``; called eagerly with a plain Python function it logs TensorFlow's
        overhead warning (the first 5 times a program does so, as its ``log_first_n``)."""
        from .eager_graph_names import inside_function
        from .function import Function
        if not isinstance(fn, Function) and not inside_function():
            self._eager_run()
        return super().run(fn, args, kwargs, options)

    def _eager_run(self):
        _EAGER_RUN_WARNING.warning(
            'Using %s eagerly has significant overhead currently. We will be working on improving this in '
            'the future, but for now please wrap `call_for_each_replica` or `experimental_run` or `run` '
            'inside a tf.function to get the best performance.' % type(self).__name__)

    def _device_spec(self):
        from .placement import parse
        return parse(self._devices[0]) if self._devices else super()._device_spec()


_EAGER_RUN_WARNING = _FirstN(5)


class OneDeviceStrategy(Strategy):
    """Everything on one device (``device``, e.g. '/cpu:0' or '/gpu:0')."""
    _REPLICA_CONTEXT = _OneDeviceReplicaContext

    def __init__(self, device):
        super().__init__()
        self.device = device

    def _device_spec(self):
        from .placement import parse
        return parse(self.device)

    @contextlib.contextmanager
    def scope(self):
        from .placement import device as on_device
        with on_device(self.device), super().scope() as strategy:
            yield strategy


class _DefaultDistributionStrategy(Strategy):
    """What ``get_strategy()`` returns outside any scope (TensorFlow's class name); it has no devices
    of its own."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def _device_spec(self):
        return None


_DEFAULT = _DefaultDistributionStrategy()


def scope_strategy():
    """The strategy whose ``scope()`` is open on this thread, or None (new variables record it)."""
    stack = getattr(_state, 'stack', None)
    if stack:
        strategy = get_strategy()
        return None if strategy is _DEFAULT else strategy
    return None


def get_strategy():
    """The strategy whose ``scope()`` is open on this thread, else the default one."""
    for entry in reversed(_stack()):
        if isinstance(entry, Strategy):
            return entry
        if isinstance(entry, ReplicaContext):
            return entry.strategy
    return _DEFAULT


def has_strategy():
    """Whether a strategy other than the default is in scope."""
    return get_strategy() is not _DEFAULT


def get_replica_context():
    """The ReplicaContext inside ``Strategy.run`` (or the default strategy's one outside any scope);
    None in a strategy's cross-replica scope."""
    stack = _stack()
    if stack and isinstance(stack[-1], ReplicaContext):
        return stack[-1]
    return None if has_strategy() else _DefaultReplicaContext(_DEFAULT)


def in_cross_replica_context():
    return get_replica_context() is None


def _as_reduced(value, itemwise):
    if isinstance(value, (Tensor, list)):
        return value
    if itemwise and isinstance(value, tuple):
        items = [_as_reduced(v, itemwise) for v in value]
        return type(value)(*items) if hasattr(value, '_fields') else tuple(items)
    if itemwise and isinstance(value, dict):
        return type(value)((k, _as_reduced(v, itemwise)) for k, v in value.items())
    return convert_to_tensor(value)


def _check_op(reduce_op, what):
    op = getattr(reduce_op, 'value', reduce_op)
    op = op.upper() if isinstance(op, str) else op
    if op not in (ReduceOp.SUM, ReduceOp.MEAN):
        raise ValueError("%s: reduce_op must be tf.distribute.ReduceOp.SUM or MEAN (or 'SUM' / 'MEAN'), got %r"
                         % (what, reduce_op))
    return op


# The other strategies and the all-reduce choices (distribute_more.py builds on the classes above).
from .distribute_more import (CentralStorageStrategy, CrossDeviceOps, HierarchicalCopyAllReduce,  # noqa: E402,F401
                              MultiWorkerMirroredStrategy, NcclAllReduce, ReductionToOneDevice)
from . import distribute_more as _more  # noqa: E402
from . import cluster_resolver  # noqa: E402,F401  (tf.distribute.cluster_resolver)

from . import distribute_communication as _communication  # noqa: E402

experimental = _types.SimpleNamespace(      # tf.distribute.experimental: the strategies TF still lists there
    CentralStorageStrategy=CentralStorageStrategy,
    CollectiveCommunication=_communication.CollectiveCommunication,
    CommunicationImplementation=_communication.CommunicationImplementation,
    CommunicationOptions=_communication.CommunicationOptions,
    MultiWorkerMirroredStrategy=_more._ExperimentalMultiWorkerMirroredStrategy,
    ValueContext=ValueContext)
