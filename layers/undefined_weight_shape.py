"""Keras 3's error for a weight whose shape holds None: its Variable refuses the shape, naming the first
weight a layer's build makes (BatchNormalization's gamma, Conv2DTranspose's kernel); tapeflow's own
sentence, which says which input axis was unknown, goes in a note. The path is the weight's Keras 3
path, under the layers enclosing ``layer`` ('sequential/batch_normalization/gamma')."""
from .weight_paths import weight_path


def undefined_shape_error(layer, shape, weight, note):
    error = ValueError("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                       "Received: shape=%s for variable path='%s'" % (tuple(shape), weight_path(layer, weight)))
    error.add_note(note)
    return error


def scale_offset_first_weight(with_gamma, with_beta, otherwise=None):
    """The name of the first weight a normalization layer adds: gamma, then beta, then ``otherwise``."""
    return 'gamma' if with_gamma else 'beta' if with_beta else otherwise


def unknown_channels_error(note):
    """Conv1D / Conv2D on an input whose channel axis is None: Keras 3's build computes
    ``channels % groups`` before it makes the kernel, so Python's TypeError is what it raises."""
    error = TypeError("unsupported operand type(s) for %: 'NoneType' and 'int'")
    error.add_note(note)
    return error


def unknown_depth_error(note):
    """DepthwiseConv / SeparableConv on an input whose channel axis is None: Keras 3 computes
    ``depth_multiplier * input_channel`` (the bias / pointwise shape, or compute_output_shape's channels) before
    it makes a weight, so Python's TypeError is what it raises."""
    error = TypeError("unsupported operand type(s) for *: 'int' and 'NoneType'")
    error.add_note(note)
    return error
