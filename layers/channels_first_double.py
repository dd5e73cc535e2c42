"""channels_first convolutions in float64: TF 2.21's CPU kernels refuse them.

Keras's TF backend hands a channels_first input to tf.nn.convolution / conv_transpose as it is (NCHW, NCW,
NCDHW). oneDNN computes float32 and float16 in that layout, but TF's float64 kernels are Eigen's, which take
NHWC only: Conv1D / Conv2D raise the Conv2D op's UnimplementedError, Conv1DTranspose / Conv2DTranspose and
Conv3DTranspose their backprop kernels' InvalidArgumentError (measured on TF 2.21, notes progs/gradfuzz20/t3.py).
tapeflow's layers move the channels last and computed them. Grouped Conv1D / Conv2D (XLA's kernel in Keras),
Conv3D (XLA too), DepthwiseConv and SeparableConv (Keras transposes those itself) compute in TF as well.
"""
import numpy as np

from framework.errors import UnimplementedError, kernel_error

_REFUSALS = {
    'Conv2D': (UnimplementedError, 'The Conv2D op currently only supports the NHWC tensor format on the CPU. The op '
                                   'was given the format: NCHW'),
    'Conv2DBackpropInput': (None, 'Conv2DCustomBackpropInputOp only supports NHWC.'),
    'Conv3DBackpropInputV2': (None, 'Conv3DBackpropInputOpV2 only supports NDHWC on the CPU.'),
}


def refuse_channels_first_double(layer, op_type, rank):
    """Raise ``op_type``'s refusal where ``layer`` (channels_first, its kernel float64) would reach TF's kernel.
    A 1-D layer's op runs through conv1d's named wrapper (' name: ' tail)."""
    if layer.data_format != 'channels_first' or layer.kernel._data.dtype != np.float64:
        return
    error_class, text = _REFUSALS[op_type]
    raise kernel_error(op_type, text, named=rank == 1, error_class=error_class,
                       note='%s %r: TensorFlow has no float64 %s kernel for channels_first data on the CPU; use '
                            "data_format='channels_last', or float32" % (type(layer).__name__, layer.name, op_type))
