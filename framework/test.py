"""``framework.test``: gradient checking, as ``tf.test.compute_gradient``."""
from .gradient_check import check_gradients, compute_gradient  # noqa: F401


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    from .placement import list_physical_devices
    return bool(list_physical_devices('GPU'))
