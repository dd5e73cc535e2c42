"""``framework.test``: ``tf.test``'s gradient checks, TestCase and build queries."""
import types

from .deprecation import deprecated
from .gradient_check import check_gradients, compute_gradient  # noqa: F401
from .test_case import TestCase, main  # noqa: F401


@deprecated('is_gpu_available', 'tensorflow.python.framework.test_util',
            "Use `tf.config.list_physical_devices('GPU')` instead.")
def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    from .placement import list_physical_devices
    return bool(list_physical_devices('GPU'))


def is_built_with_cuda():
    """True when the GPU backend (cupy built for CUDA) is installed."""
    from . import backend
    cp = backend.cupy_module()
    return cp is not None and not getattr(cp.cuda.runtime, 'is_hip', False)


def is_built_with_rocm():
    """True when the GPU backend is cupy built for ROCm."""
    from . import backend
    cp = backend.cupy_module()
    return cp is not None and bool(getattr(cp.cuda.runtime, 'is_hip', False))


def is_built_with_gpu_support():
    return is_built_with_cuda() or is_built_with_rocm()


def is_built_with_xla():
    """False: tapeflow has no XLA compiler (``jit_compile`` runs the function as written)."""
    return False


def gpu_device_name():
    """'/device:GPU:0' when a GPU is usable, else '' (as ``tf.test.gpu_device_name``). TF lists the
    devices itself, so this logs no deprecation notice (and leaves is_gpu_available's for its own call)."""
    from .placement import list_physical_devices
    return '/device:GPU:0' if list_physical_devices('GPU') else ''


def is_cpu_target_available(cpu_target):
    return True


def _sync_devices():
    """Wait until every device has finished its queued work: cupy's device stream, where a GPU runs
    (numpy's work on the CPU is finished when its call returns)."""
    from . import backend
    cp = backend.cupy_module()
    if cp is not None:
        cp.cuda.Device().synchronize()


experimental = types.SimpleNamespace(sync_devices=_sync_devices)     # tf.test.experimental
