"""``tf.experimental``: the NumPy-compatible API (``tf.experimental.numpy``), ``Optional``,
``ExtensionType`` (with ``extension_type.as_dict``) and ``DynamicRaggedShape``."""
from . import extension_type, numpy  # noqa: F401
from ..data.optional import Optional  # noqa: F401
from ..extension_type import ExtensionType, ExtensionTypeSpec  # noqa: F401
from ..ragged.dynamic_shape import DynamicRaggedShape  # noqa: F401
