"""``keras.legacy``: Keras 2's serialization, kept by Keras 3 under ``keras.legacy.saving``."""
from . import saving  # noqa: F401

__all__ = ['saving']
