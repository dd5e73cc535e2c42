"""tf.distribute.InputOptions and InputReplicationMode: how a strategy places and copies its input.

tapeflow runs one replica on the host, so placement and prefetch buffers change nothing; the options
are still TensorFlow's (a namedtuple that prints as TF's) and the strategies refuse the combinations
TensorFlow 2.21 refuses (see ``check_input_options``). The distributed input tutorial passes
``InputOptions(experimental_fetch_to_device=False)`` to ``distribute_datasets_from_function``.
"""
import collections
import enum


class InputReplicationMode(enum.Enum):
    """PER_WORKER: one input pipeline per worker; PER_REPLICA: one per replica (dataset functions only)."""
    PER_WORKER = 'PER_WORKER'
    PER_REPLICA = 'PER_REPLICA'


_FIELDS = ('experimental_fetch_to_device', 'experimental_replication_mode',
           'experimental_place_dataset_on_device', 'experimental_per_replica_buffer_size')


class InputOptions(collections.namedtuple('InputOptions', _FIELDS)):
    """Options of ``experimental_distribute_dataset`` / ``distribute_datasets_from_function``.
    ``experimental_fetch_to_device`` None means True, as in TensorFlow."""

    def __new__(cls, experimental_fetch_to_device=None,
                experimental_replication_mode=InputReplicationMode.PER_WORKER,
                experimental_place_dataset_on_device=False, experimental_per_replica_buffer_size=1):
        fetch = True if experimental_fetch_to_device is None else experimental_fetch_to_device
        return super().__new__(cls, fetch, experimental_replication_mode, experimental_place_dataset_on_device,
                               experimental_per_replica_buffer_size)


def check_input_options(options, from_function):
    """TensorFlow 2.21's refusals (MirroredStrategy and the strategies built on it)."""
    if not options:
        return
    per_replica = options.experimental_replication_mode == InputReplicationMode.PER_REPLICA
    if not from_function:
        if per_replica:
            raise NotImplementedError('InputReplicationMode.PER_REPLICA is only supported in '
                                      '`distribute_datasets_from_function`.')
        return
    if options.experimental_place_dataset_on_device and not per_replica:
        raise ValueError('When `experimental_place_dataset_on_device` is set for dataset placement, you must also '
                         'specify `PER_REPLICA` for the replication mode')
    if per_replica and options.experimental_fetch_to_device and options.experimental_place_dataset_on_device:
        raise ValueError('`experimental_place_dataset_on_device` can not be set to True when '
                         'experimental_fetch_to_device is True and replication mode is set to `PER_REPLICA`')
