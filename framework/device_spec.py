"""``tf.DeviceSpec``: a device name's parts (job, replica, task, device type, index), as TF's DeviceSpecV2.

Strings are read by TF's parser (device_strings.py); known device types (CPU, GPU, TPU, ...) are kept in
upper case, others as given; ``to_string`` writes '/job:../replica:../task:../device:TYPE:INDEX', '*' for
no index. ``tf.device`` takes a spec as its string.
"""
from .device_strings import KNOWN_TYPES, parse_device_string, parse_location


def _device_type(device_type):
    if device_type is None:
        return None
    device_type = str(device_type)
    return device_type.upper() if device_type.upper() in KNOWN_TYPES else device_type


def _int_or_none(value):
    return None if value is None else int(value)


class DeviceSpec:
    """An immutable device specification (TF's DeviceSpecV2)."""

    __slots__ = ('_job', '_replica', '_task', '_device_type', '_device_index')

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self._job = None if job is None else str(job)
        self._replica = _int_or_none(replica)
        self._task = _int_or_none(task)
        self._device_type = _device_type(device_type)
        self._device_index = _int_or_none(device_index)

    @classmethod
    def from_string(cls, spec):
        """The spec of a device string ('/job:worker/task:1/device:GPU:0', 'cpu', '/cpu:*', ...)."""
        job, replica, task = parse_location(spec)
        device_type, index = parse_device_string(spec)
        return cls(job, replica, task, device_type, index)

    def parse_from_string(self, spec):
        """A new spec of ``spec`` alone (this one is unchanged), as TF's V2 method."""
        return self.from_string(spec)

    def make_merged_spec(self, dev):
        """This spec with the parts ``dev`` sets taking over."""
        return DeviceSpec(*[mine if theirs is None else theirs for mine, theirs in zip(self._parts(), dev._parts())])

    def replace(self, **kwargs):
        """A copy with the given parts replaced (job=, replica=, task=, device_type=, device_index=)."""
        parts = dict(zip(('job', 'replica', 'task', 'device_type', 'device_index'), self._parts()))
        parts.update(kwargs)
        return DeviceSpec(**parts)

    def _parts(self):
        return (self._job, self._replica, self._task, self._device_type, self._device_index)

    job = property(lambda self: self._job)
    replica = property(lambda self: self._replica)
    task = property(lambda self: self._task)
    device_type = property(lambda self: self._device_type)
    device_index = property(lambda self: self._device_index)

    def to_string(self):
        out = []
        if self._job is not None:
            out.append('/job:' + self._job)
        if self._replica is not None:
            out.append('/replica:%d' % self._replica)
        if self._task is not None:
            out.append('/task:%d' % self._task)
        if self._device_type is not None:
            out.append('/device:%s:%s' % (self._device_type, '*' if self._device_index is None else self._device_index))
        return ''.join(out)

    def __eq__(self, other):
        return isinstance(other, DeviceSpec) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())


DeviceSpec.__name__ = DeviceSpec.__qualname__ = 'DeviceSpecV2'     # TF's class name, as type() shows it
