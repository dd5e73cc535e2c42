"""Integer inputs to BatchNormalization: Keras 3 passes integer inputs through a layer's call
unchanged (only floats are cast to the compute dtype) and BatchNormalization casts them
itself, so BatchNormalization()(int64 data) gives float32 on TF 2.21 (values pinned in
tests/test_bad_input2_integer_activations.py) where tapeflow refused to subtract its float
moving mean. (LayerNormalization and GroupNormalization compute integer data in integers
there, giving truncated values; tapeflow refuses it, naming the dtype.)"""
from framework.ops import cast

from .failed_build import keep_build


def floating_inputs(inputs, layer):
    """``inputs`` as they are when floating, else cast to ``layer``'s compute dtype."""
    if inputs._data.dtype.kind in 'fc':
        return inputs
    return promoted(inputs, layer.compute_dtype)


def promoted(inputs, dtype):
    """Non-float ``inputs`` cast to the float ``dtype`` of the weights they meet, as Keras 3's type promotion
    makes integers and bools meet a float kernel. Strings have no promotion: Keras's ValueError, which TF 2.21
    raises from Dense / BatchNormalization / the RNN cells on string tensors (tapeflow's Cast raised
    UnimplementedError)."""
    if inputs._data.dtype.kind in 'OSU':
        raise string_refusal()
    return cast(inputs, dtype)


def string_refusal():
    """Keras's type-promotion ValueError for a string tensor, raised from call() after the build (the
    layer stays built, as in Keras)."""
    return keep_build(ValueError("dtype='string' is not a valid dtype for Keras type promotion."))
