"""``framework.config``: which devices exist."""
from .placement import (get_soft_device_placement, list_physical_devices, set_default_device,  # noqa: F401
                        set_soft_device_placement)


def list_logical_devices(device_type=None):
    return list_physical_devices(device_type)


def run_functions_eagerly(run_eagerly):
    """Accepted for ported programs: tapeflow always runs eagerly."""


def set_visible_devices(devices, device_type=None):
    """Accepted for ported programs; use framework.device to choose a device."""
