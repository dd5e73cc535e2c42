"""Integer inputs to BatchNormalization: Keras 3 passes integer inputs through a layer's call
unchanged (only floats are cast to the compute dtype) and BatchNormalization casts them
itself, so BatchNormalization()(int64 data) gives float32 on TF 2.21 (values pinned in
tests/test_bad_input2_integer_activations.py) where tapeflow refused to subtract its float
moving mean. (LayerNormalization and GroupNormalization compute integer data in integers
there, giving truncated values; tapeflow refuses it, naming the dtype.)"""
from framework.ops import cast


def floating_inputs(inputs, layer):
    """``inputs`` as they are when floating, else cast to ``layer``'s compute dtype."""
    if inputs._data.dtype.kind in 'fc':
        return inputs
    return cast(inputs, layer.compute_dtype)
