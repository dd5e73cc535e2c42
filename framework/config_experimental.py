"""``tf.config.experimental``: the device settings TensorFlow programs set up first.

Most programs open with ``for gpu in tf.config.experimental.list_physical_devices('GPU'):
tf.config.experimental.set_memory_growth(gpu, True)``. tapeflow's GPU memory comes from cupy's
pool, which already grows on demand, so memory growth is recorded and reported back; the memory
figures are the pool's. Determinism, TF32 and the synchronous-execution switches have nothing to
change here (tapeflow's ops are deterministic and run eagerly) and keep the values they are given.
"""
from . import backend
from .device_config import (LogicalDeviceConfiguration, get_logical_device_configuration,  # noqa: F401
                            get_visible_devices, list_logical_devices, list_physical_devices,
                            set_logical_device_configuration, set_visible_devices)
from .placement import PhysicalDevice

# TensorFlow 1's names for the logical device settings.
VirtualDeviceConfiguration = LogicalDeviceConfiguration
set_virtual_device_configuration = set_logical_device_configuration
get_virtual_device_configuration = get_logical_device_configuration

_state = {'memory_growth': {}, 'tf32': True, 'synchronous': True, 'device_policy': 'silent',
          'peak': {}, 'deterministic': False}


def set_memory_growth(device, enable):
    """Let a GPU's memory grow as needed (cupy's pool does); a CPU raises ValueError, as in TensorFlow."""
    if not isinstance(device, PhysicalDevice):
        raise ValueError('set_memory_growth: unrecognized device %r; pass one of '
                         "tf.config.list_physical_devices('GPU')" % (device,))
    if device.device_type != 'GPU':
        raise ValueError('Cannot set memory growth on non-GPU and non-Pluggable devices')
    _state['memory_growth'][device.name] = bool(enable)


def get_memory_growth(device):
    """The memory-growth flag set for a GPU (False until set); other devices raise KeyError, as in TensorFlow."""
    if not isinstance(device, PhysicalDevice) or device.device_type != 'GPU':
        raise KeyError(device)
    return _state['memory_growth'].get(device.name, False)


def _gpu_pool(device, what):
    """cupy's memory pool of the GPU named by ``device`` ('GPU:0', '/device:GPU:0'), else ValueError."""
    name = str(device)
    index = name.rsplit(':', 1)[-1]
    if 'GPU' not in name.upper() or not index.isdigit():
        raise ValueError("%s for device '%s'" % (what, name))
    cp = backend.cupy_module()
    count = 0
    if cp is not None:
        try:
            count = cp.cuda.runtime.getDeviceCount()
        except Exception:
            count = 0
    if int(index) >= count:
        raise ValueError("No matching devices found for '%s'" % name)
    with cp.cuda.Device(int(index)):
        return cp.get_default_memory_pool(), int(index)


def get_memory_info(device):
    """{'current': bytes in use, 'peak': the most in use since the last reset} of a GPU's memory pool."""
    pool, index = _gpu_pool(device, 'Allocator stats not available')
    current = pool.used_bytes()
    peak = _state['peak'][index] = max(_state['peak'].get(index, 0), current)
    return {'current': current, 'peak': peak}


def get_memory_usage(device):
    """Bytes in use on a GPU (TensorFlow's deprecated spelling of get_memory_info()['current'])."""
    return get_memory_info(device)['current']


def reset_memory_stats(device):
    """Start a GPU's peak memory figure again from what is in use now."""
    pool, index = _gpu_pool(device, 'Cannot reset memory stats')
    _state['peak'][index] = pool.used_bytes()


def get_device_details(device):
    """{} for a CPU; a GPU's name and compute capability, as TensorFlow reports them."""
    if not isinstance(device, PhysicalDevice):
        raise ValueError('get_device_details: unrecognized device %r' % (device,))
    if device.device_type != 'GPU':
        return {}
    cp = backend.cupy_module()
    index = int(device.name.rsplit(':', 1)[-1])
    props = cp.cuda.runtime.getDeviceProperties(index)
    name = props['name'].decode() if isinstance(props['name'], bytes) else props['name']
    return {'compute_capability': (props['major'], props['minor']), 'device_name': name}


def enable_op_determinism():
    """Accepted: tapeflow's ops already give the same results run after run."""
    _state['deterministic'] = True


def enable_tensor_float_32_execution(enabled):
    _state['tf32'] = bool(enabled)


def tensor_float_32_execution_enabled():
    return _state['tf32']


def set_synchronous_execution(enable):
    _state['synchronous'] = bool(enable)


def get_synchronous_execution():
    return _state['synchronous']


def set_device_policy(device_policy):
    """'silent' (the default), 'warn', 'explicit' or None ('silent'), as TensorFlow takes them."""
    if device_policy not in (None, 'silent', 'warn', 'explicit', 'silent_for_int32'):
        raise ValueError('Not a valid device policy: %r' % (device_policy,))
    _state['device_policy'] = device_policy or 'silent'


def get_device_policy():
    return _state['device_policy']


def enable_mlir_bridge():
    """Accepted: tapeflow compiles nothing."""


def disable_mlir_bridge():
    """Accepted: tapeflow compiles nothing."""
