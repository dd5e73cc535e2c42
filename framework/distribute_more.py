"""More ``tf.distribute`` strategies and their all-reduce choices, as TensorFlow 2.21 builds them on
one machine with one device (Hands-On ML ch. 19 lists them all): each has one replica, so a
program written for them runs unchanged with the single-device numbers.

- ``MirroredStrategy(cross_device_ops=HierarchicalCopyAllReduce())``: the all-reduce algorithms
  (nothing to reduce over one replica).
- ``experimental.CentralStorageStrategy()``: variables on the CPU, compute on the device.
- ``MultiWorkerMirroredStrategy()``: without a TF_CONFIG cluster, one worker (TensorFlow's class
  is CollectiveAllReduceStrategy, and it logs that collective ops were not configured at startup).
"""
import json
import os

from .cluster_resolver import TFConfigClusterResolver
from .deprecation import deprecated
from .distribute_communication import CommunicationImplementation, Options, checked_options
from .distribute import MirroredStrategy, Strategy, _Extended, _MirroredReplicaContext
from .tf_logging import logger


class CrossDeviceOps:
    """How MirroredStrategy combines the replicas' values (one replica: nothing to combine)."""


class ReductionToOneDevice(CrossDeviceOps):
    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn


class _AllReduceCrossDeviceOps(CrossDeviceOps):
    def __init__(self, all_reduce_alg, num_packs=1):
        self._all_reduce_alg = all_reduce_alg
        self._num_packs = num_packs


class NcclAllReduce(_AllReduceCrossDeviceOps):
    def __init__(self, num_packs=1):
        super().__init__('nccl', num_packs)


class HierarchicalCopyAllReduce(_AllReduceCrossDeviceOps):
    def __init__(self, num_packs=1):
        super().__init__('hierarchical_copy', num_packs)


class _CentralExtended(_Extended):
    @property
    def worker_devices(self):
        """The compute devices, as a list (TensorFlow's CentralStorageStrategy returns one)."""
        return list(super().worker_devices)


class CentralStorageStrategy(Strategy):
    """Variables on one device (the CPU), computation on the local device: one replica here."""
    _PER_REPLICA_VALUES = True       # its variables print plain, as TensorFlow's (on the parameter device)
    _REPLICA_CONTEXT = _MirroredReplicaContext

    def __init__(self, compute_devices=None, parameter_device=None):
        super().__init__()
        self.extended = _CentralExtended(self)
        self._compute_devices = list(compute_devices) if compute_devices else None
        if self._compute_devices and len(self._compute_devices) > 1:
            raise ValueError('CentralStorageStrategy: tapeflow runs one replica per process; got compute devices '
                             '%r' % (self._compute_devices,))

    def _device_spec(self):
        from .placement import parse
        return parse(self._compute_devices[0]) if self._compute_devices else super()._device_spec()


def _workers_in_tf_config():
    config = json.loads(os.environ.get('TF_CONFIG') or '{}')
    cluster = config.get('cluster') or {}
    return sum(len(cluster.get(kind) or ()) for kind in ('chief', 'worker'))


class CollectiveAllReduceStrategy(MirroredStrategy):
    """``tf.distribute.MultiWorkerMirroredStrategy``: synchronous replicas over workers. tapeflow runs
    one worker (a TF_CONFIG naming several is refused; framework.distributed spans processes).

    Raises:
        ValueError: a TF_CONFIG cluster of more than one worker.
    """

    def __init__(self, cluster_resolver=None, communication_options=None):
        if _workers_in_tf_config() > 1:
            raise ValueError('MultiWorkerMirroredStrategy: TF_CONFIG describes %d workers; tapeflow runs one '
                             'worker per strategy. For data parallelism over processes use framework.distributed '
                             '(MPI).' % _workers_in_tf_config())
        super().__init__()
        # TensorFlow logs this unless collective ops were configured before the first op ran
        logger().warning('Collective ops is not configured at program startup. Some performance features may '
                         'not be enabled.')
        self.extended._communication_options = checked_options(communication_options)
        self._cluster_resolver = cluster_resolver or TFConfigClusterResolver()

    @property
    def cluster_resolver(self):
        """The resolver of the worker's cluster (a TFConfigClusterResolver reading TF_CONFIG by default)."""
        return self._cluster_resolver


MultiWorkerMirroredStrategy = CollectiveAllReduceStrategy


class _ExperimentalMultiWorkerMirroredStrategy(CollectiveAllReduceStrategy):
    """``tf.distribute.experimental.MultiWorkerMirroredStrategy``, deprecated in TensorFlow."""

    @deprecated('_CollectiveAllReduceStrategyExperimental.__init__',
                'tensorflow.python.distribute.collective_all_reduce_strategy',
                'use distribute.MultiWorkerMirroredStrategy instead')
    def __init__(self, communication=CommunicationImplementation.AUTO, cluster_resolver=None):
        super().__init__(cluster_resolver, Options(implementation=communication))


_ExperimentalMultiWorkerMirroredStrategy.__name__ = 'CollectiveAllReduceStrategy'    # TF's type name, as the other
