"""``tf.as_dtype``: the public name refuses None, as TensorFlow 2.21's ``as_dtype(type_value)``.

The library's own code calls ``framework.dtypes.as_dtype``, which passes None through (no dtype
requested: about 140 callers rely on that). A user's ``tf.as_dtype(None)`` is TF's TypeError
'Cannot convert the argument `type_value`: None to a TensorFlow DType.', so only the public name
binds this check.
"""
from .dtypes import _not_a_dtype, as_dtype as _as_dtype


def as_dtype(type_value):
    """The DType for a DType, a name ('float32'), a numpy type or dtype, or float / bool / object."""
    if type_value is None:
        raise _not_a_dtype(None, "use e.g. framework.float32 or 'float32'")
    return _as_dtype(type_value)
