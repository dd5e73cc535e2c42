"""``tf.config``'s device listing and its settings: visible devices and logical device
configurations. TensorFlow splits a physical device into logical ones (a CPU into CPU:0, CPU:1, ...,
as distribution tutorials do to test MirroredStrategy on one machine); tapeflow lists them the same
way. Its ops run on the CPU or the GPU asked for, so the split only names devices.

As in TensorFlow, neither setting may change once the logical devices have been listed."""
import collections

from .placement import PhysicalDevice, list_physical_devices  # noqa: F401  (tf.config.PhysicalDevice)


class LogicalDevice(collections.namedtuple('LogicalDevice', ['name', 'device_type'])):
    """A device as the runtime names it: ``LogicalDevice(name='/device:CPU:0', device_type='CPU')``."""
    __slots__ = ()


class LogicalDeviceConfiguration(collections.namedtuple(
        'LogicalDeviceConfiguration', ['memory_limit', 'experimental_priority', 'experimental_device_ordinal'])):
    """One logical device to make from a physical one (``memory_limit`` in MB applies to GPUs)."""
    __slots__ = ()

    def __new__(cls, memory_limit=None, experimental_priority=None, experimental_device_ordinal=None):
        return super().__new__(cls, memory_limit, experimental_priority, experimental_device_ordinal)


_settings = {'visible': None, 'logical': {}, 'initialized': False}


def _physical_name(device):
    if not isinstance(device, PhysicalDevice):
        raise ValueError('Unrecognized device: %r; pass one of tf.config.list_physical_devices()' % (device,))
    return device.name


def get_visible_devices(device_type=None):
    """The physical devices the runtime may use (all, unless ``set_visible_devices`` chose)."""
    devices = list_physical_devices(device_type)
    visible = _settings['visible']
    return devices if visible is None else [d for d in devices if d.name in visible]


def set_visible_devices(devices, device_type=None):
    """Choose the visible devices of ``device_type`` (all types when None); the CPU stays visible.

    Raises:
        RuntimeError: a change after the logical devices have been listed, in TensorFlow's words.
    """
    if isinstance(devices, PhysicalDevice):
        devices = [devices]
    chosen = {_physical_name(d) for d in devices}
    kind = None if device_type is None else str(device_type).upper()
    others = {d.name for d in get_visible_devices() if kind is not None and d.device_type != kind}
    visible = others | chosen | {'/physical_device:CPU:0'}
    if _settings['initialized'] and visible != {d.name for d in get_visible_devices()}:
        raise RuntimeError('Visible devices cannot be modified after being initialized')
    _settings['visible'] = visible


def get_logical_device_configuration(device):
    """The configurations set on ``device``, or None when none were."""
    return _settings['logical'].get(_physical_name(device))


def set_logical_device_configuration(device, logical_devices):
    """Split ``device`` into one logical device per ``LogicalDeviceConfiguration``.

    Raises:
        RuntimeError: a change after the logical devices have been listed (TensorFlow's message).
    """
    name = _physical_name(device)
    configs = list(logical_devices) if logical_devices is not None else None
    if configs is not None and not all(isinstance(c, LogicalDeviceConfiguration) for c in configs):
        raise ValueError('set_logical_device_configuration: expected a list of tf.config.LogicalDeviceConfiguration')
    if _settings['initialized'] and configs != _settings['logical'].get(name):
        raise RuntimeError('Virtual devices cannot be modified after being initialized')
    _settings['logical'][name] = configs


def list_logical_devices(device_type=None):
    """The logical devices: each visible physical device, split as configured, numbered per type."""
    _settings['initialized'] = True
    out, counts = [], collections.Counter()
    for device in get_visible_devices():
        for _ in range(len(_settings['logical'].get(device.name) or [None])):
            out.append(LogicalDevice('/device:%s:%d' % (device.device_type, counts[device.device_type]),
                                     device.device_type))
            counts[device.device_type] += 1
    kind = None if device_type is None else str(device_type).upper()
    return [d for d in out if kind is None or d.device_type == kind]
