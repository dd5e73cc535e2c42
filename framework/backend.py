"""The one place that knows which array library holds a tensor's data.

Every op reaches numpy or cupy through ``array_module(data)``, so one op body
serves the CPU and the GPU alike (the DeZero ``get_array_module`` shape).
cupy is imported lazily: a CPU-only install never pays for it.
"""
import numpy as np
# numpy's module defines __getattr__, which keeps CPython 3.11 from caching attribute loads on it:
# each np.ndarray on a hot path is a dictionary search (about 50 ns). Hot modules import the names.
from numpy import generic, ndarray

_cupy = None          # the cupy module once imported, False when unavailable


def cupy_module():
    """Return the cupy module, or None when cupy is not installed."""
    global _cupy
    if _cupy is None:
        try:
            import cupy
            _cupy = cupy
        except Exception:   # ImportError, or a CUDA runtime that fails to load
            _cupy = False
    return _cupy or None


def array_module(data):
    """numpy for host arrays and scalars, cupy for device arrays."""
    if type(data) is ndarray or isinstance(data, (generic, float, int, bool)):
        return np
    cp = cupy_module()
    if cp is not None and isinstance(data, cp.ndarray):
        return cp
    return np


def broadcast_copy(data, shape):
    """``data`` broadcast to ``shape`` as an array of its own (contiguous, writable), on its own device."""
    module = array_module(data)
    return module.ascontiguousarray(module.broadcast_to(data, shape))


def array_module_of(*values):
    """cupy if any of ``values`` lives on a GPU, else numpy."""
    for v in values:
        if is_device_array(v):
            return _cupy
    return np


def is_device_array(data):
    cp = _cupy or None
    return cp is not None and isinstance(data, cp.ndarray)


def to_host(data):
    """A numpy array (or numpy scalar) holding the same values as ``data``."""
    if is_device_array(data):
        return data.get()
    return data


def device_name(data):
    """TensorFlow's spelling of where ``data`` lives."""
    if is_device_array(data):
        return '/job:localhost/replica:0/task:0/device:GPU:%d' % data.device.id
    return '/job:localhost/replica:0/task:0/device:CPU:0'


def place(array):
    """Put a freshly converted array on the current default device.

    ``framework.device`` scopes set that device; with none set, arrays stay
    where they are (numpy on the host).
    """
    return _placement().place(array)


def _placement():
    # placement imports this module; look it up once it exists rather than at import.
    global _placement_module
    if _placement_module is None:
        from . import placement
        _placement_module = placement
    return _placement_module


_placement_module = None
