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
