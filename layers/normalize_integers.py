"""Integer and boolean inputs to LayerNormalization and GroupNormalization, as Keras 3 takes them.

Keras 3 normalizes in at least float32 (``result_type(x.dtype, 'float32')``), casts the result
back to the input's dtype, and only then to the layer's compute dtype. An int32 input therefore
comes out as whole numbers (the float32 result truncated toward zero: TF's Cast) and a boolean
one as 0 / 1 (nonzero is True). tapeflow's float path is unchanged; only inputs that are not
floating go through here. They are normalized in the layer's variable dtype (float32, or float64
for a float64 layer, where Keras stays in float32 and casts gamma / beta down: the two differ only
when a float result falls within float32 rounding of a whole number).
"""
from framework.ops import cast


def normalize_non_float(normalize, inputs, variable_dtype, compute_dtype):
    """``normalize`` (float in, float out) applied to integer / boolean ``inputs`` as Keras does."""
    normalized = normalize(cast(inputs, variable_dtype))
    return cast(cast(normalized, inputs.dtype), compute_dtype)


def is_floating(tensor):
    dtype = tensor.dtype
    return dtype.is_floating or dtype.is_complex
