"""``tf.nn.depthwise_conv2d_backprop_input`` / ``_filter``: the gradients of ``depthwise_conv2d``, as
functions of ``out_backprop``. They are what tapeflow's tape computes for the convolution (the
convolution is linear in each operand, so the other operand's point does not matter), and stay
differentiable under an outer tape. TensorFlow 2.21's CPU kernels ignore ``dilations`` (they give the
undilated convolution's gradient); so do these."""
from ..tape import GradientTape
from .creation import zeros
from .operands import as_tensor, named_errors
from ..tf_python_names import tf_named


def _conv(x, w, strides, padding, data_format, dilations):
    from ..nn import depthwise_conv2d
    return depthwise_conv2d(x, w, strides, padding, data_format=data_format, dilations=dilations)


def _shape(sizes, what, op):
    sizes = [int(v) for v in getattr(sizes, 'numpy', lambda: sizes)()]
    if len(sizes) != 4:
        raise ValueError('%s: %s must hold 4 sizes, got %s' % (op, what, sizes))
    return sizes


@tf_named('depthwise_conv2d_native_backprop_input')
@named_errors('nn.depthwise_conv2d_backprop_input')
def depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides, padding,  # noqa: A002
                                    data_format='NHWC', dilations=(1, 1, 1, 1), name=None):
    """The gradient of ``depthwise_conv2d(input, filter, ...)`` with respect to an input of ``input_sizes``
    ([batch, height, width, channels]) when the output's gradient is ``out_backprop``."""
    op = 'nn.depthwise_conv2d_backprop_input'
    w, g = as_tensor(filter, op), as_tensor(out_backprop, op)
    x = zeros(_shape(input_sizes, 'input_sizes', op), dtype=w.dtype)
    with GradientTape() as tape:
        tape.watch(x)
        y = _conv(x, w, strides, padding, data_format, None)     # dilations ignored, as TF's kernel
    return tape.gradient(y, x, output_gradients=g)


@tf_named('depthwise_conv2d_native_backprop_filter')
@named_errors('nn.depthwise_conv2d_backprop_filter')
def depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding,  # noqa: A002
                                     data_format='NHWC', dilations=(1, 1, 1, 1), name=None):
    """The gradient of ``depthwise_conv2d(input, filter, ...)`` with respect to a filter of ``filter_sizes``
    ([height, width, in_channels, multiplier]) when the output's gradient is ``out_backprop``."""
    op = 'nn.depthwise_conv2d_backprop_filter'
    x, g = as_tensor(input, op), as_tensor(out_backprop, op)
    w = zeros(_shape(filter_sizes, 'filter_sizes', op), dtype=x.dtype)
    with GradientTape() as tape:
        tape.watch(w)
        y = _conv(x, w, strides, padding, data_format, None)     # dilations ignored, as TF's kernel
    return tape.gradient(y, w, output_gradients=g)
