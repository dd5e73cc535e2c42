"""``tf.types``: the abstract types TensorFlow programs name in type hints (``tf.types.experimental``)."""
from . import experimental  # noqa: F401

__all__ = ['experimental']
