"""Shared fixtures: the array backends every core test runs on.

``backend`` is 'numpy' always and 'cupy' where cupy imports and a GPU is
visible; elsewhere (CI has no GPU) the cupy cases skip with the reason. A test
taking ``backend`` runs inside ``framework.device(...)`` for it, so every
tensor it makes from Python or numpy values lands on that backend's device.
"""
import numpy as np
import pytest

import framework
from framework import backend as array_backend


def _gpu_missing_reason():
    """None when a GPU is usable through cupy, else why not."""
    cp = array_backend.cupy_module()
    if cp is None:
        return 'cupy is not installed (pip install tapeflow[gpu] on a machine with an NVIDIA GPU)'
    try:
        count = cp.cuda.runtime.getDeviceCount()
    except Exception as err:          # a CUDA runtime without a driver raises here
        return 'cupy is installed but no CUDA device is visible: %s' % err
    return None if count > 0 else 'cupy is installed but no CUDA device is visible'


class Backend:
    """One array backend: its name, its array module and the device it places on."""

    def __init__(self, name, device_spec):
        self.name = name
        self.device_spec = device_spec

    @property
    def xp(self):
        return np if self.name == 'numpy' else array_backend.cupy_module()

    def holds(self, tensor):
        """Whether ``tensor``'s array lives on this backend."""
        return array_backend.is_device_array(tensor._data) == (self.name == 'cupy')

    def __repr__(self):
        return self.name


BACKENDS = [
    pytest.param(Backend('numpy', '/CPU:0'), id='numpy'),
    pytest.param(Backend('cupy', '/GPU:0'), id='cupy'),
]


@pytest.fixture(params=BACKENDS)
def backend(request):
    """Run the test with new tensors placed on each available backend."""
    chosen = request.param
    if chosen.name == 'cupy':
        reason = _gpu_missing_reason()
        if reason is not None:
            pytest.skip(reason)
    with framework.device(chosen.device_spec):
        yield chosen



@pytest.fixture
def exact_math():
    """framework.config.set_tf_exact_math(True) for one test: TensorFlow's kernels on every size
    (by default only arrays of up to 32 elements); the previous mode is restored after."""
    previous = framework.config.tf_exact_math()
    framework.config.set_tf_exact_math(True)
    yield
    framework.config.set_tf_exact_math(previous)
