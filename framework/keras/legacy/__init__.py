"""``keras.legacy``: Keras 2's serialization, kept by Keras 3 under ``keras.legacy.saving``."""
from . import saving  # noqa: F401

__all__ = ['saving']


# A missing name reads as Keras prints it ("module 'keras.legacy' has no attribute ..."), not with tapeflow's path
from .._forward import missing_names as _missing_names  # noqa: E402
__getattr__ = _missing_names('keras.legacy')
