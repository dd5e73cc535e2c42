"""channels_first convolutions where oneDNN does not run them: TF 2.21's own CPU kernels refuse them.

Keras's TF backend hands a channels_first input to tf.nn.convolution / conv_transpose as it is (NCHW, NCW,
NCDHW). oneDNN computes float32 in that layout where TF turns it on (16-bit floats too on AVX-512 CPUs,
framework/ops/backprop_input_kernel.py), but TF's own kernels (float64 always; every dtype where oneDNN is
off, as on CPUs without VNNI / BF16 / AMX: progs/layers17/cf.py) take NHWC only: Conv1D / Conv2D raise the Conv2D op's UnimplementedError, Conv1DTranspose / Conv2DTranspose and
Conv3DTranspose their backprop kernels' InvalidArgumentError (measured on TF 2.21, notes progs/gradfuzz20/t3.py).
tapeflow's layers move the channels last and computed them. Grouped Conv1D / Conv2D (XLA's kernel in Keras),
Conv3D (XLA too), DepthwiseConv and SeparableConv (Keras transposes those itself) compute in TF as well.
"""
from framework.errors import UnimplementedError, kernel_error
from framework.ops.backprop_input_kernel import runs_onednn, why_not_onednn

_REFUSALS = {
    'Conv2D': (UnimplementedError, 'The Conv2D op currently only supports the NHWC tensor format on the CPU. The op '
                                   'was given the format: NCHW'),
    'Conv2DBackpropInput': (None, 'Conv2DCustomBackpropInputOp only supports NHWC.'),
    'Conv3DBackpropInputV2': (None, 'Conv3DBackpropInputOpV2 only supports NDHWC on the CPU.'),
}


def refuse_channels_first_double(layer, op_type, rank):
    """Raise ``op_type``'s refusal where ``layer`` (channels_first, its kernel of a dtype oneDNN does not run
    here) would reach TF's own kernel. A 1-D layer's op runs through conv1d's named wrapper (' name: ' tail),
    a dilated one through tf.nn.convolution's space to batch (no tail)."""
    if layer.data_format != 'channels_first':      # (first: a channels_last call reads no kernel here)
        return
    dtype = layer.kernel._data.dtype
    if runs_onednn(dtype):
        return
    error_class, text = _REFUSALS[op_type]
    dilated = any(rate != 1 for rate in getattr(layer, 'dilation_rate', (1,)))
    raise kernel_error(op_type, text, named=rank == 1 and not dilated, error_class=error_class,
                       note="%s %r: TensorFlow's own %s kernel takes no channels_first data on the CPU, and %s; use "
                            "data_format='channels_last'" % (type(layer).__name__, layer.name, op_type,
                                                             why_not_onednn(dtype)))
