"""``tf.experimental``: the NumPy-compatible API (``tf.experimental.numpy``) and ``Optional``."""
from . import numpy  # noqa: F401
from ..data.optional import Optional  # noqa: F401
