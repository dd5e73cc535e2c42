"""A layer's own ``call`` given inputs of a wider float dtype than its kernel, as Keras 3 computes it.

``layer(x)`` casts float inputs to the layer's compute dtype first, so this only happens where code calls
``layer.call`` itself: a wrapper such as TimeDistributed, or a custom layer calling a sublayer's call. Keras's
Dense then runs ``ops.matmul(inputs, kernel)``, which meets the two dtypes on Keras's promotion lattice:
a float32 Dense's call on float64 data computes and returns float64 on TF 2.21, a bfloat16 one's call on
float16 data float32 (tapeflow cast the inputs to the kernel's dtype, returning float32 and bfloat16).
Integer and narrower float inputs still meet the kernel's dtype (integer_inputs.promoted).
"""
from framework.keras.backend import result_type
from framework.ops import cast


def wider_dtype(inputs, kernel):
    """The dtype Keras computes ``inputs @ kernel`` in where float ``inputs`` widen it beyond the kernel's
    dtype, else None (the caller keeps the kernel's dtype)."""
    if not inputs.dtype.is_floating:
        return None
    dtype = result_type(inputs.dtype.name, kernel.dtype.name)
    return None if dtype == kernel.dtype.name else dtype


def cast_all(dtype, *tensors):
    """``tensors`` cast to ``dtype`` (None stays None: a layer without a bias)."""
    return [t if t is None or t.dtype.name == dtype else cast(t, dtype) for t in tensors]
