"""A list, tuple or dict given to a layer whose call takes one tensor, as Keras 3's ops take it.

Such layers hand their input straight to keras.ops (UpSampling1D to ops.repeat, Flatten to ops.shape and
ops.reshape, Rescaling to a cast, Resizing to backend.shape), and those convert their operand: a list of
tensors stacks into one (``UpSampling1D()([x])`` upsamples ``x`` with a new leading axis of 1), and a dict
is TF's conversion ValueError ('Attempt to convert a value ({...}) with an unsupported type (<class 'dict'>)
to a Tensor.'). tapeflow's calls read ``inputs.shape`` first, which a list lacks (AttributeError).
"""
from framework.tensor import convert_to_tensor


def as_one_tensor(inputs):
    """``inputs`` itself, or the list, tuple or dict it is converted as a keras.ops operand."""
    return convert_to_tensor(inputs) if type(inputs) in (list, tuple, dict) else inputs
