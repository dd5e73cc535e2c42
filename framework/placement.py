"""Device placement: ``with framework.device('/GPU:0'):`` and the process default.

New tensors made from Python or numpy values go to the innermost device scope,
else to the process default (``set_default_device``, or the environment
variable ``TAPEFLOW_DEVICE``). The default is the CPU: the GPU is used only
when asked for, so a program's numbers never depend on what is installed.

``with device('/GPU:0'):`` on a machine without a usable GPU runs on the CPU,
with one warning, as TensorFlow's soft device placement does by default
(``config.set_soft_device_placement(False)`` makes it an error): TensorFlow
guides use such blocks and run anywhere. ``set_default_device`` and
``TAPEFLOW_DEVICE`` always raise instead: they are tapeflow's own explicit choice.
"""
import os
import re
import threading
import warnings

import numpy as np

from . import backend
from .device_strings import parse_device_string

_SPEC = re.compile(r'^/?(?:job:[^/]*/)?(?:replica:\d+/)?(?:task:\d+/)?(?:device:)?(cpu|gpu):?(\d+)?$',
                   re.IGNORECASE)


class _Scopes(threading.local):
    def __init__(self):
        self.stack = []


_scopes = _Scopes()
_default = None
_env_read = False


def parse(spec):
    """('cpu'|'gpu', index) for a spelling such as '/GPU:0', 'gpu', 'CPU:0'."""
    match = _SPEC.match(str(spec).strip())
    if not match:
        raise ValueError("Unknown device %r: use '/CPU:0' or '/GPU:<index>'" % (spec,))
    return match.group(1).lower(), int(match.group(2) or 0)


def _check_gpu(index):
    cp = backend.cupy_module()
    if cp is None:
        raise RuntimeError("GPU requested (/GPU:%d) but cupy is not installed: "
                           "pip install 'tapeflow[gpu]' on a machine with an NVIDIA GPU" % index)
    try:
        count = cp.cuda.runtime.getDeviceCount()
    except Exception as err:
        raise RuntimeError('GPU requested (/GPU:%d) but no CUDA device was found: %s' % (index, err)) from None
    if index >= count:
        raise RuntimeError('GPU requested (/GPU:%d) but only %d GPU(s) are visible' % (index, count))
    return cp


_soft_placement = True
_warned_soft = False


def set_soft_device_placement(enabled):
    """Whether ``device('/GPU:n')`` without that GPU falls back to the CPU (True, TensorFlow's default)."""
    global _soft_placement
    _soft_placement = bool(enabled)


def get_soft_device_placement():
    return _soft_placement


class device:
    """Context manager placing new tensors on a device, as ``tf.device`` does.

    Raises:
        InvalidArgumentError: a GPU or logical CPU that is not there, when soft placement is off
            (TensorFlow's text; a missing GPU's cause is a note).
    """

    def __init__(self, spec):
        if callable(spec):
            raise RuntimeError('tf.device does not support functions.')
        if hasattr(spec, 'to_string'):          # a tf.DeviceSpec
            spec = spec.to_string()
        elif spec is not None and not isinstance(spec, str):
            raise ValueError('Expecting a string device name. Got %s(%s)' % (type(spec), spec))
        device_type, index = parse_device_string(spec)
        if device_type is None:
            # no device named: None clears the scopes (the process default), '/job:localhost' and
            # '' keep the enclosing scope's device, as TF merges such a spec into it
            self.kind, self.index = _process_default() if spec is None else current()
            return
        self.kind, self.index = device_type.lower(), index or 0
        if self.kind not in ('cpu', 'gpu'):
            # a device type tapeflow has no kernels for (TPU, XPU, ...): TF's soft placement uses
            # the CPU, silently
            if not _soft_placement:
                raise _unsatisfiable(device_type, self.index)
            self.kind, self.index = 'cpu', 0
        elif self.kind == 'gpu':
            try:
                _check_gpu(self.index)
            except RuntimeError as err:
                if not _soft_placement:
                    raise _unsatisfiable(device_type, self.index, err) from None
                _warn_soft(err)
                self.kind, self.index = 'cpu', 0
        elif self.index and self.index >= _logical_cpus():
            # a CPU the runtime does not have (tf.config splits CPU:0 into logical CPUs): TF places
            # the op on CPU:0 under soft placement, silently
            if not _soft_placement:
                raise _unsatisfiable(device_type, self.index)
            self.index = 0

    def __enter__(self):
        _scopes.stack.append((self.kind, self.index))
        if self.kind == 'gpu':
            self._cuda = backend.cupy_module().cuda.Device(self.index)
            self._cuda.__enter__()
        return self

    def __exit__(self, *exc):
        _scopes.stack.pop()
        if self.kind == 'gpu':
            self._cuda.__exit__(*exc)
        return False


def _logical_cpus():
    from .device_config import get_logical_device_configuration
    return len(get_logical_device_configuration(PhysicalDevice('/physical_device:CPU:0', 'CPU')) or [None])


def _unsatisfiable(kind, index, reason=None):
    """TensorFlow's error for an op placed on a device the runtime lacks, with soft placement off
    (TF raises it at the scope's first op; tapeflow when the scope is made)."""
    from .errors import InvalidArgumentError
    names = ['CPU:%d' % i for i in range(_logical_cpus())]
    names += [d.name.replace('/physical_device:', '') for d in list_physical_devices('GPU')]
    kinds = [k for k in ('GPU', 'CPU') if any(name.startswith(k) for name in names)]
    prefix = '/job:localhost/replica:0/task:0/device:'
    error = InvalidArgumentError(
        "Could not satisfy device specification '%s%s:%d'. enable_soft_placement=0. Supported device types [%s]. "
        "All available devices [%s]." % (prefix, kind, index, ', '.join(kinds),
                                         ', '.join(prefix + name for name in names)))
    if reason is not None:
        error.add_note('tapeflow: %s' % reason)       # (why the GPU is missing: cupy, CUDA)
    return error


def _warn_soft(err):
    global _warned_soft
    if not _warned_soft:
        _warned_soft = True
        warnings.warn('%s; running on the CPU instead (soft device placement, as TensorFlow does; '
                      'framework.config.set_soft_device_placement(False) makes this an error)' % err,
                      stacklevel=3)


def set_default_device(spec):
    """Set the process default device ('/CPU:0' or '/GPU:<n>'); None resets to the CPU."""
    global _default
    if spec is None:
        _default = None
        return
    kind, index = parse(spec)
    if kind == 'gpu':
        _check_gpu(index)
    _default = (kind, index)


def current():
    """The (kind, index) new tensors go to."""
    if _scopes.stack:
        return _scopes.stack[-1]
    if _default is not None:
        return _default
    if not _env_read:
        return _process_default()
    return ('cpu', 0)


def _process_default():
    """The device outside every scope: ``set_default_device``'s, else ``TAPEFLOW_DEVICE``'s, else the CPU."""
    global _env_read
    if _default is None and not _env_read:            # read once: os.environ is slow on a hot path
        _env_read = True
        env = os.environ.get('TAPEFLOW_DEVICE')
        if env:
            set_default_device(env)
    return _default if _default is not None else ('cpu', 0)


def on_host():
    """Whether new tensors go to the host now (``current()`` is the CPU), in one call: layers
    ask on every call whether a numpy batch can be wrapped as it is."""
    stack = _scopes.stack
    if stack:
        return stack[-1][0] == 'cpu'
    if _default is not None:
        return _default[0] == 'cpu'
    return current()[0] == 'cpu' if not _env_read else True


def current_xp():
    kind, index = current()
    return backend.cupy_module() if kind == 'gpu' else np


def place(array):
    kind, index = current()
    if kind == 'cpu':
        return backend.to_host(array)
    cp = backend.cupy_module()
    if isinstance(array, cp.ndarray) and array.device.id == index:
        return array
    with cp.cuda.Device(index):
        return cp.asarray(backend.to_host(array))


def list_physical_devices(device_type=None):
    """PhysicalDevice-like records, as ``tf.config.list_physical_devices``."""
    found = [PhysicalDevice('/physical_device:CPU:0', 'CPU')]
    cp = backend.cupy_module()
    if cp is not None:
        try:
            count = cp.cuda.runtime.getDeviceCount()
        except Exception:
            count = 0
        found += [PhysicalDevice('/physical_device:GPU:%d' % i, 'GPU') for i in range(count)]
    if device_type is not None:
        found = [d for d in found if d.device_type == str(device_type).upper()]
    return found


class PhysicalDevice(tuple):
    __slots__ = ()

    def __new__(cls, name, device_type):
        return tuple.__new__(cls, (name, device_type))

    name = property(lambda self: self[0])
    device_type = property(lambda self: self[1])

    def __repr__(self):
        return "PhysicalDevice(name='%s', device_type='%s')" % self
