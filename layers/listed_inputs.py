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


def read_shape(inputs):
    """``inputs.shape``, read where Keras 3's call reads it before anything else (ZeroPadding's, Permute's and the
    2-D / 3-D pooling layers' backend ops): a list, tuple or dict of tensors fails there with Python's
    AttributeError ("'list' object has no attribute 'shape'"), as on TF 2.21, where tapeflow's ops would stack
    the list into one tensor and fail later with their own words."""
    return inputs.shape


def several_shapes(input_shape):
    """Whether a build's ``input_shape`` is the shapes of several inputs, as Keras 3 maps a list, tuple or dict of
    tensors given to a layer of one: a dict, or a sequence holding shapes. Keras's builds index it as one shape
    (``input_shape[-1]`` is then a whole shape, or a dict's missing key) and fail on what they read."""
    return isinstance(input_shape, dict) or any(isinstance(d, (tuple, list)) for d in input_shape)
