"""``tf.data.experimental.service`` in one process: a DispatchServer, WorkerServers that register with
it by address, and datasets read through them (``distribute``, ``register_dataset``,
``from_dataset_id``).

TensorFlow runs the dispatcher and the workers as gRPC servers, usually in other processes. Here they
are objects in this process, found by their 'localhost:<port>' address (no socket is opened), and a
read through the service runs the dataset on each registered worker: in 'parallel_epochs' (or
ShardingPolicy.OFF) every worker produces the whole dataset, in 'distributed_epoch' (DYNAMIC) the
workers share one pass, and the static policies (FILE, DATA, FILE_OR_DATA, HINT) give worker i the
elements i, i + n, ... (by element, not by file). The consumer takes the workers' elements in turn,
which is one of the orders TensorFlow's nondeterministic reads may give. A read with no worker raises
UnavailableError where TensorFlow would wait for one.
"""
import collections
import enum
import itertools
import types

from .. import errors
from . import cardinality as card

_DISPATCHERS = {}              # port -> DispatchServer
_PORTS = itertools.count(40000)


class ShardingPolicy(enum.IntEnum):
    OFF = 0
    DYNAMIC = 1
    FILE = 2
    DATA = 3
    FILE_OR_DATA = 4
    HINT = 5


class CrossTrainerCache:
    """Accepted (a cache shared by trainers of one job): every read here is the consumer's own."""

    def __init__(self, trainer_id):
        self.trainer_id = trainer_id


DispatcherConfig = collections.namedtuple('DispatcherConfig', [
    'port', 'protocol', 'work_dir', 'fault_tolerant_mode', 'worker_addresses', 'job_gc_check_interval_ms',
    'job_gc_timeout_ms', 'worker_timeout_ms', 'worker_max_concurrent_snapshots'])
DispatcherConfig.__new__.__defaults__ = (0, 'grpc', None, False, None, 0, 0, None, 0)

WorkerConfig = collections.namedtuple('WorkerConfig', [
    'dispatcher_address', 'worker_address', 'port', 'protocol', 'heartbeat_interval_ms', 'dispatcher_timeout_ms',
    'data_transfer_protocol', 'data_transfer_address'])
WorkerConfig.__new__.__defaults__ = ('localhost:%port%', 0, 'grpc', 0, 0, None, 'localhost:%dts_port%')


class DispatchServer:
    """The service's dispatcher: ``target`` ('grpc://localhost:<port>') is what readers name."""

    def __init__(self, config=None, start=True):
        self._config = config if config is not None else DispatcherConfig()
        self._port = int(self._config.port) or next(_PORTS)
        self._workers, self._datasets, self._ids = [], {}, itertools.count(1000)
        if start:
            self.start()

    def start(self):
        """Start serving (at construction unless ``start=False``)."""
        _DISPATCHERS[self._port] = self

    def _stop(self):
        _DISPATCHERS.pop(self._port, None)

    @property
    def target(self):
        return '%s://localhost:%d' % (self._config.protocol or 'grpc', self._port)

    def _register(self, dataset):
        dataset_id = str(next(self._ids))
        self._datasets[dataset_id] = dataset
        return dataset_id


class WorkerServer:
    """A worker that registers with the dispatcher at ``config.dispatcher_address`` when it starts."""

    def __init__(self, config, start=True):
        self._config = config
        self._port = int(config.port) or next(_PORTS)
        self._address = 'localhost:%d' % self._port
        if start:
            self.start()

    def start(self):
        dispatcher = _dispatcher(self._config.dispatcher_address)
        if self not in dispatcher._workers:
            dispatcher._workers.append(self)

    def _stop(self):
        for dispatcher in _DISPATCHERS.values():
            if self in dispatcher._workers:
                dispatcher._workers.remove(self)


def _dispatcher(service):
    """The DispatchServer that ``service`` ('grpc://localhost:5050', 'localhost:5050' or a
    (protocol, address) pair) names."""
    address = service[1] if isinstance(service, tuple) else service
    address = address.decode() if isinstance(address, bytes) else str(address)
    address = address.split('://', 1)[-1]
    host, _, port = address.rpartition(':')
    dispatcher = _DISPATCHERS.get(int(port)) if port.isdigit() and host in ('localhost', '127.0.0.1', '') else None
    if dispatcher is None:
        raise errors.UnavailableError(None, None, 'tf.data service: no dispatcher serves %r in this process; start '
                                      'a tf.data.experimental.service.DispatchServer first' % (service,))
    return dispatcher


def _policy(processing_mode):
    if isinstance(processing_mode, ShardingPolicy):
        return processing_mode
    if processing_mode in ('parallel_epochs', 'distributed_epoch'):
        return ShardingPolicy.OFF if processing_mode == 'parallel_epochs' else ShardingPolicy.DYNAMIC
    raise ValueError('tf.data service processing mode should be a `tf.data.experimental.service.ShardingPolicy`, '
                     '`"parallel_epochs"`, or `"distributed_epoch"`. Got %r.' % (processing_mode,))


def _read(dataset, policy, dispatcher):
    """A dataset of ``dataset``'s elements as the dispatcher's workers produce them, in turn."""
    from .dataset import Dataset

    def elements():
        workers = len(dispatcher._workers)
        if not workers:
            raise errors.UnavailableError(None, None, 'tf.data service: no worker has registered with the dispatcher '
                                          'at %s; start a WorkerServer with dispatcher_address=%r (TensorFlow would '
                                          'wait for one)' % (dispatcher.target, dispatcher.target.split('://')[1]))
        if policy == ShardingPolicy.DYNAMIC:
            yield from dataset._make_iterator()
            return
        if policy == ShardingPolicy.OFF:
            streams = [iter(dataset._make_iterator()) for _ in range(workers)]
        else:
            streams = [iter(itertools.islice(dataset._make_iterator(), i, None, workers)) for i in range(workers)]
        while streams:
            for stream in list(streams):
                try:
                    yield next(stream)
                except StopIteration:
                    streams.remove(stream)
    return Dataset(elements, card.UNKNOWN_CARDINALITY, lambda: dataset.element_spec)


def distribute(processing_mode, service, job_name=None, consumer_index=None, num_consumers=None,
               max_outstanding_requests=None, data_transfer_protocol=None, compression='AUTO',
               cross_trainer_cache=None, target_workers='AUTO'):
    """A transformation (for ``Dataset.apply``) that reads the dataset through the service."""
    policy = _policy(processing_mode)

    def apply(dataset):
        dispatcher = _dispatcher(service)
        dispatcher._register(dataset)
        return _read(dataset, policy, dispatcher)
    return apply


def register_dataset(service, dataset, compression='AUTO', dataset_id=None):
    """Register ``dataset`` with the dispatcher: its id, a scalar string tensor ('1000', '1001', ...)."""
    dispatcher = _dispatcher(service)
    if dataset_id is not None:
        dispatcher._datasets[str(dataset_id)] = dataset
        return _string(str(dataset_id))
    return _string(dispatcher._register(dataset))


def from_dataset_id(processing_mode, service, dataset_id, element_spec=None, job_name=None, consumer_index=None,
                    num_consumers=None, max_outstanding_requests=None, data_transfer_protocol=None,
                    cross_trainer_cache=None, target_workers='AUTO'):
    """The dataset registered under ``dataset_id``, read through the service."""
    policy = _policy(processing_mode)
    dispatcher = _dispatcher(service)
    key = dataset_id.numpy() if hasattr(dataset_id, 'numpy') else dataset_id
    key = key.decode() if isinstance(key, bytes) else str(key)
    if key not in dispatcher._datasets:
        raise errors.NotFoundError(None, None, 'Dataset id %s not found' % key)
    return _read(dispatcher._datasets[key], policy, dispatcher)


def _string(text):
    from ..io.strings_in import string_tensor
    return string_tensor(text.encode())


# tf.data.experimental.service: the public names only
api = types.SimpleNamespace(CrossTrainerCache=CrossTrainerCache, DispatchServer=DispatchServer,
                            DispatcherConfig=DispatcherConfig, ShardingPolicy=ShardingPolicy, WorkerConfig=WorkerConfig,
                            WorkerServer=WorkerServer, distribute=distribute, from_dataset_id=from_dataset_id,
                            register_dataset=register_dataset)
