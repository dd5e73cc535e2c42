"""The dtype LayerNormalization and GroupNormalization normalize in, as Keras 3 chooses it.

Both layers are ``autocast=False`` in Keras 3: ``__call__`` leaves a floating input in its own
dtype (a float64 numpy array stays float64 in a float32 layer, a float16 tensor stays float16).
The layer then normalizes in ``result_type(x.dtype, 'float32')`` (float16 and bfloat16 in
float32, float64 in float64) with gamma and beta cast to that dtype, casts the result back to the
input's dtype, and only then to the layer's compute dtype. So a float16 layer normalizes in
float32, a float32 layer given float64 values normalizes them in float64, and an int32 input
comes out as whole numbers (the float result truncated toward zero: TF's Cast), a boolean one
as 0 / 1 (nonzero is True). Integer and boolean inputs are normalized in the layer's variable
dtype (float32, or float64 for a float64 layer, where Keras stays in float32 and casts gamma /
beta down: the two differ only when a float result falls within float32 rounding of a whole
number).
"""
import numpy as np

from framework.ops import cast


def normalizing_dtype(inputs, variable_dtype):
    """The numpy dtype to normalize ``inputs`` in, or None when that is the layer's own path
    (inputs of the variables' dtype, float32 or float64, or complex ones)."""
    dtype = inputs._data.dtype
    if dtype is variable_dtype and dtype.itemsize >= 4 or dtype.kind == 'c':
        return None
    if dtype.kind == 'f' and dtype.itemsize == 8:
        return dtype
    if dtype.kind == 'f' or dtype.name == 'bfloat16':
        return np.dtype(np.float32)
    if dtype.kind in 'OSU':        # Keras's type promotion refuses strings (TF 2.21's ValueError)
        from .integer_inputs import string_refusal
        raise string_refusal()
    return variable_dtype          # integers and booleans (see above)


def normalized(layer, inputs):
    """``layer._normalize(inputs)`` (which casts gamma / beta to its input's dtype) in the dtype
    Keras 3 normalizes in, then in the layer's compute dtype. An input of another dtype is
    normalized in at least float32 and cast back to its own dtype first."""
    dtype = normalizing_dtype(inputs, layer._dtype)
    if dtype is None:
        outputs = layer._normalize(inputs)
        return outputs if layer._compute is None else cast(outputs, layer._compute)
    outputs = layer._normalize(cast(inputs, dtype))
    return cast(cast(outputs, inputs.dtype), layer.compute_dtype)


def weight_in(weight, dtype):
    """gamma or beta in the dtype being normalized in."""
    return weight if weight is None or weight._data.dtype == dtype else cast(weight, dtype)
