"""``tf.distribute.cluster_resolver``: where a distributed job finds its cluster, as TensorFlow 2.21
reads it. Hands-On ML ch. 19 sets TF_CONFIG and prints what ``TFConfigClusterResolver`` makes of it;
tapeflow reads it the same way (its strategies still run one worker: see distribute_more.py).
"""
import abc as _abc
import collections as _collections
import json as _json
import os as _os

from .train.cluster_spec import ClusterSpec as _ClusterSpec


def _tf_config(key, default=None):
    return _json.loads(_os.environ.get('TF_CONFIG', '{}')).get(key, default)


class ClusterResolver(_abc.ABC):
    """The base class: a cluster spec, the master's address, this task, and its accelerators. Abstract,
    as TensorFlow's: ``ClusterResolver()`` is Python's TypeError naming cluster_spec and master."""

    task_type = task_id = rpc_layer = environment = None

    @_abc.abstractmethod
    def cluster_spec(self):
        """The ClusterSpec of the job."""

    @_abc.abstractmethod
    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """The address of the task the session should connect to."""

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        """Accelerators by kind on this machine ({'GPU': n}); empty without any."""
        from .device_config import list_logical_devices
        counts = _collections.defaultdict(int)
        for device in list_logical_devices():
            if device.device_type in ('GPU', 'TPU'):
                counts[device.device_type] += 1
        return counts


class TFConfigClusterResolver(ClusterResolver):
    """The cluster and task that the TF_CONFIG environment variable (JSON) describes, read on each
    use; explicit ``task_type`` / ``task_id`` / ``rpc_layer`` win over it."""

    def __init__(self, task_type=None, task_id=None, rpc_layer=None, environment=None):
        self._task_type, self._task_id, self._rpc_layer = task_type, task_id, rpc_layer
        self._environment = environment

    @property
    def task_type(self):
        if self._task_type is not None:
            return str(self._task_type)
        task = _tf_config('task', {})
        return str(task['type']) if 'type' in task else None

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @property
    def task_id(self):
        if self._task_id is not None:
            return int(self._task_id)
        task = _tf_config('task', {})
        return int(task['index']) if 'index' in task else None

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def environment(self):
        return self._environment

    @property
    def rpc_layer(self):
        return _tf_config('rpc_layer') if self._rpc_layer is None else self._rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer

    def cluster_spec(self):
        return _ClusterSpec(_tf_config('cluster', {}))

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """This task's address ('' for a cluster of one task), 'rpc_layer://' in front when given."""
        session_master = _tf_config('session_master')
        if session_master is not None:
            return session_master
        spec = self.cluster_spec()
        if not spec.jobs or (len(spec.jobs) == 1 and len(spec.job_tasks(spec.jobs[0])) == 1):
            return ''
        address = spec.task_address(self.task_type if task_type is None else task_type,
                                    self.task_id if task_id is None else task_id)
        rpc_layer = self.rpc_layer if rpc_layer is None else rpc_layer
        return '%s://%s' % (rpc_layer, address) if rpc_layer else address


class SimpleClusterResolver(ClusterResolver):
    """A cluster given as a ClusterSpec, with the master's address and this task given too."""

    def __init__(self, cluster_spec, master='', task_type=None, task_id=None, environment='', num_accelerators=None,
                 rpc_layer=None):
        self._cluster_spec, self._master = cluster_spec, master
        self.task_type, self.task_id, self.rpc_layer = task_type, task_id, rpc_layer
        self.environment = environment
        self._num_accelerators = num_accelerators

    def cluster_spec(self):
        return self._cluster_spec

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        if task_type is not None and task_id is not None:
            address = self._cluster_spec.task_address(task_type, task_id)
        else:
            address = self._master
        rpc_layer = self.rpc_layer if rpc_layer is None else rpc_layer
        return '%s://%s' % (rpc_layer, address) if rpc_layer and address else address

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        if self._num_accelerators is None:
            return _collections.defaultdict(int)
        return self._num_accelerators


class TPUClusterResolver(ClusterResolver):
    """A Cloud TPU's cluster: tapeflow runs on no TPU, so naming none fails as on a machine without one.

    Raises:
        ValueError: no ``tpu`` name (TensorFlow's text), or any name (no TPU to connect to).
    """

    def __new__(cls, tpu=None, zone=None, project=None, job_name='worker', coordinator_name=None,
                coordinator_address=None, credentials='default', service=None, discovery_url=None):
        # (refused in __new__: no instance is ever made, so the abstract base's check never runs first)
        if not tpu:
            raise ValueError('Please provide a TPU Name to connect to.')
        raise ValueError('TPUClusterResolver: cannot connect to TPU %r: tapeflow runs on CPUs and NVIDIA GPUs '
                         'only' % (tpu,))
