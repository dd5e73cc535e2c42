"""``tf.experimental``: the NumPy-compatible API (``tf.experimental.numpy``), ``Optional``,
``ExtensionType`` (with ``extension_type.as_dict``), ``DynamicRaggedShape`` and API dispatch for user types."""
from . import extension_type, numpy  # noqa: F401
from ..data.optional import Optional  # noqa: F401
from ..extension_type import BatchableExtensionType, ExtensionType, ExtensionTypeSpec  # noqa: F401
from ..ragged.dynamic_shape import DynamicRaggedShape  # noqa: F401
from ..api_dispatch import (dispatch_for_api, dispatch_for_binary_elementwise_apis,  # noqa: F401,E402
                            dispatch_for_unary_elementwise_apis, unregister_dispatch_for)
