"""``framework.config``: which devices exist."""
from .placement import (get_soft_device_placement, list_physical_devices, set_default_device,  # noqa: F401
                        set_soft_device_placement)


def list_logical_devices(device_type=None):
    return list_physical_devices(device_type)


def run_functions_eagerly(run_eagerly):
    """Make every ``tf.function`` call run its Python as a plain call (each ``print`` shows, no
    trace is counted), as TensorFlow's debugging switch does; False restores tracing."""
    from .function import RUN_EAGERLY
    RUN_EAGERLY[0] = bool(run_eagerly)


def functions_run_eagerly():
    """Whether ``run_functions_eagerly(True)`` is in effect."""
    from .function import RUN_EAGERLY
    return RUN_EAGERLY[0]


def set_visible_devices(devices, device_type=None):
    """Accepted for ported programs; use framework.device to choose a device."""


def set_tf_exact_math(enabled):
    """Compute float32 exp, log, log1p, expm1, tanh, erf, sigmoid, softplus and the softmax
    family with TensorFlow's CPU kernels' exact bits (Eigen's polynomials, ops/eigen_math.py)
    instead of numpy's functions, which differ in the last bit about half the time.
    Off by default: the exact kernels cost 25-100x numpy's. The environment variable
    TAPEFLOW_TF_EXACT_MATH=1 turns it on for a whole program."""
    from .ops.eigen_math import ENABLED
    ENABLED[0] = bool(enabled)


def tf_exact_math():
    """Whether ``set_tf_exact_math(True)`` (or TAPEFLOW_TF_EXACT_MATH=1) is in effect."""
    from .ops.eigen_math import ENABLED
    return ENABLED[0]
