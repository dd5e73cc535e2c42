"""``tf.experimental``: the NumPy-compatible API (``tf.experimental.numpy``), ``Optional`` and
``ExtensionType``."""
from . import numpy  # noqa: F401
from ..data.optional import Optional  # noqa: F401
from ..extension_type import ExtensionType, ExtensionTypeSpec  # noqa: F401
