"""A depthwise convolution's float32 input gradient in TensorFlow's order where TensorFlow runs oneDNN.

TensorFlow 2.21 (x86-64, oneDNN on: see onednn_policy.py) computes DepthwiseConv2dNativeBackpropInput
(the tape's input gradient of tf.nn.depthwise_conv2d, DepthwiseConv2D, MobileNet blocks) as one fused
multiply-add chain per input element over the kernel taps that reach it, kernel rows then kernel
columns, from +0. tapeflow rounded each product before adding: 391-1383 values of four probe shapes
differed, and a MobileNetV2 fine-tuning step's gradients behind its first depthwise layer then did.
Measured on TF 2.21 (progs/tutorials46/t46_dwi_cmp.py): 4 shapes (1-4 images, 16-192 channels,
strides 1 and 2, SAME and VALID, 3x3 kernels, multiplier 1), all bits equal. Each input element's sum
belongs to one thread, so the thread count does not matter.

A channel multiplier M above 1 chains each tap's M products in turn (taps row-major, then the
multiplier), measured on TF 2.21 (notes progs/gradfuzz21/m_dw.py, c_dw*.py: 95 of 95 random shapes with 2-19
channels, multipliers 2-4, 1x1 to 4x4 kernels, strides 1-2; one input channel runs as Conv2D, see
convolution_nd._input_grad).

Not emulated: dilations, more than 2-D, float16 (summed in float32 and rounded
once by convolution_nd), TensorFlow without oneDNN. Like depthwise_forward_order it follows eigen_math's
exact-math mode; the fused multiply-add is exact in float64 before its one rounding.
"""
import numpy as np

from .. import onednn_policy
from . import eigen_math


def applies(g, f, geo):
    """Whether the mode computes the input gradient for the output gradient ``g`` (N, *out, C) and the
    grouped multiplier-1 filters ``f`` (*kernel, 1, C) in TensorFlow's order."""
    return (type(g) is np.ndarray and type(f) is np.ndarray and g.dtype == np.float32 and f.dtype == np.float32
            and len(geo.kernel) == 2 and tuple(geo.dilations) == (1, 1) and f.shape[-2] == 1
            and geo.shape[-1] > 1 and f.shape[-1] % geo.shape[-1] == 0 and geo.groups == geo.shape[-1]
            and eigen_math.exact_for_size(int(np.prod(geo.shape))) and onednn_policy.enabled())


def backprop_input(g, f, geo):
    """The (N, *spatial, C) input gradient: each tap's contributions fused into the running sum, taps row-major,
    then the multiplier's outputs (channel c * M + m)."""
    padded = geo.padded_zeros(g)
    channels = geo.shape[-1]
    multiplier = f.shape[-1] // channels
    wide_g = g.astype(np.float64).reshape(g.shape[:-1] + (channels, multiplier))
    wide_f = f.astype(np.float64).reshape(geo.kernel + (channels, multiplier))
    for offset in geo.offsets():
        window = geo.window_slice(offset)
        for m in range(multiplier):
            padded[window] = padded[window] + wide_g[..., m] * wide_f[offset][:, m]    # float64, then one rounding
    return geo.unpad(padded)
