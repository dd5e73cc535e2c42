"""The error a transposed convolution raises when its output_shape does not convolve back onto its input.

TF 2.21 runs tf.nn.conv1d/2d/3d_transpose (and Keras's ConvNDTranspose with an output_padding that does not fit)
as Conv2DBackpropInput / Conv3DBackpropInputV2 with the input as out_backprop. Where oneDNN runs it
(backprop_input_kernel: float32 with oneDNN on, 16-bit floats too on AVX-512 CPUs) it fails to build its primitive
(an AbortedError naming its source line); otherwise TF's own kernels run, whose shape check names the first
spatial dimension that disagrees, counted in NHWC / NDHWC (a 1-D transpose is a height-1 image, so its length is
dimension 2).
"""
import numpy as np

from ..errors import AbortedError, kernel_error
from .backprop_input_kernel import runs_onednn

_ONEDNN_TEXT = ('Operation received an exception:Status: 2, message: could not create a primitive descriptor for the '
                'convolution forward propagation primitive. Run workload with environment variable ONEDNN_VERBOSE=all '
                'to get additional diagnostic information., in file '
                'tensorflow/core/kernels/mkl/mkl_conv_grad_input_ops.cc:546')


def output_shape_mismatch(dtype, output_spatial, kernel, strides, dilations, computed, actual, note):
    """The error for a transpose whose ``output_shape`` spatial sizes ``output_spatial`` convolve (with ``kernel``,
    ``strides``, ``dilations``) to ``computed`` where the input has ``actual``; ``note`` is tapeflow's explanation."""
    rank = len(output_spatial)
    op = 'Conv3DBackpropInputV2' if rank == 3 else 'Conv2DBackpropInput'
    if runs_onednn(dtype):
        return kernel_error(op, _ONEDNN_TEXT, node='__MklNative' + op, error_class=AbortedError, note=note)
    first = next(i for i in range(rank) if computed[i] != actual[i])
    label = 'Conv3DBackpropInputOp' if rank == 3 else 'Conv2DCustomBackpropInput'
    text = ("%s: Size of out_backprop doesn't match computed: actual = %d, computed = %d spatial_dim: %d input: %d "
            "filter: %d output: %d stride: %d dilation: %d"
            % (label, actual[first], computed[first], first + (2 if rank == 1 else 1), output_spatial[first],
               kernel[first], actual[first], strides[first], dilations[first]))
    return kernel_error(op, text, note=note)
