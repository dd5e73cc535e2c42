"""``tf.distribute.experimental.CommunicationOptions`` and ``CommunicationImplementation``: how
MultiWorkerMirroredStrategy's collectives talk (the distributed-training guide builds one for NCCL).

tapeflow runs one worker, so nothing is communicated; the options are kept and checked as
TensorFlow 2.21 checks them (collective_util.Options), and NCCL without a GPU logs TF's warning.
"""
import enum

from .tf_logging import logger


class CommunicationImplementation(enum.Enum):
    """Which collective implementation to use: AUTO (TensorFlow picks), RING (RPC, CPU and GPU), NCCL (GPU)."""
    AUTO = 'AUTO'
    RING = 'RING'
    NCCL = 'NCCL'


CollectiveCommunication = CommunicationImplementation      # TF's older name: the same class


class Options:
    """Collective communication options (TensorFlow's class name; exported as CommunicationOptions).

    Raises:
        ValueError: a negative ``bytes_per_pack``; an ``implementation`` that is no
            CommunicationImplementation (a string is read as a member name, any case).
    """

    def __init__(self, bytes_per_pack=0, timeout_seconds=None, implementation=CommunicationImplementation.AUTO):
        if bytes_per_pack < 0:
            raise ValueError('Argument `bytes_per_pack` must be >=0, Received %s.' % (bytes_per_pack,))
        if isinstance(implementation, str):
            implementation = CommunicationImplementation(implementation.upper())
        if not isinstance(implementation, CommunicationImplementation):
            raise ValueError('Argument `implementation` must be instance of '
                             '`tf.distribute.experimental.CommunicationImplementation`.')
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation

    def merge(self, options):
        """These options with the non-default values of ``options`` (Options or None) taking over."""
        merged = Options(self.bytes_per_pack, self.timeout_seconds, self.implementation)
        if options is None:
            return merged
        if options.bytes_per_pack != 0:
            merged.bytes_per_pack = options.bytes_per_pack
        if options.timeout_seconds is not None:
            merged.timeout_seconds = options.timeout_seconds
        if options.implementation != CommunicationImplementation.AUTO:
            merged.implementation = options.implementation
        return merged


CommunicationOptions = Options


def checked_options(communication_options):
    """The strategy's options (defaults for None); NCCL on a machine without GPUs logs TF's warning.

    Raises:
        ValueError: anything but CommunicationOptions (TF's text).
    """
    if communication_options is None:
        communication_options = Options()
    if not isinstance(communication_options, Options):
        raise ValueError('communication_options must be an instance of '
                         'tf.distribute.experimental.CommunicationOptions')
    if communication_options.implementation is CommunicationImplementation.NCCL:
        from .placement import list_physical_devices
        if not list_physical_devices('GPU'):
            logger().warning('Enabled NCCL communication but no GPUs detected/specified.')
    return communication_options
