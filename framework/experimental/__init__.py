"""``tf.experimental``: the NumPy-compatible API (``tf.experimental.numpy``)."""
from . import numpy  # noqa: F401
