"""tf.nn.depthwise_conv2d's float32 values where TF 2.21 runs its own kernel: wherever oneDNN is off (its default on
CPUs without AVX-512 VNNI / AMX, such as an AMD EPYC).

TF's DepthwiseConv2dNative CPU kernel (depthwise_conv_op.cc) sums each output channel c * M + m over the kernel's taps
row-major from +0, a vector of output channels at a time; TF's x86 build has no FMA there, so each product is rounded,
then added (depthwise_explicit_padding.forward, the same kernel's sums for explicitly padded input). tapeflow's BLAS
product of the grouped patches summed otherwise: 68 of 101 random shapes differed in the last bits, and TF's SSIM
(tf.image.ssim's Gaussian blurs are depthwise convolutions) by some 1e-4 where its numerator cancels.
Measured on TF 2.21 on an AMD EPYC (notes progs/kerasexamples10/dw_tf.py, dw_model.py): 111 of 111 random shapes equal
(1-2 images, 1-5 channels, multipliers 1-3, kernels 1x1 to 4x4, strides 1-2, dilations 1-3 through space_to_batch,
SAME and VALID). Costing one pass over the output per tap, it is cheaper than the patches' product, so it takes every
size (but set_tf_exact_math(False)).

Its gradient kernels (DepthwiseConv2dNativeBackpropInput / Filter) sum as depthwise_explicit_padding's emulations of
them, with SAME and VALID padding too: 60 of 60 random 2-D shapes each (1-3 images, strides 1-2; notes dwg_tf.py,
dwg_model.py; tapeflow's other paths had 19 and 5). Kernel gradients of more images keep their path (TF shards the
images over its threads; not measured).
"""
import numpy as np

from . import eigen_math
from .. import onednn_policy
from .depthwise_explicit_padding import _MEASURED_IMAGES, backprop_input, filter_grad, forward  # noqa: F401


def applies(x, f, geo):
    """Whether the depthwise convolution of ``x`` (N, *spatial, C) with the grouped filters ``f`` (*kernel, 1, C * M)
    (convolution_nd's WindowGeometry ``geo``) takes TF's own kernel's order here."""
    return (type(x) is np.ndarray and type(f) is np.ndarray and x.dtype == np.float32 and f.dtype == np.float32
            and len(geo.kernel) <= 2 and eigen_math.ENABLED[0] is not False and not onednn_policy.enabled())


def applies_input(g, f, geo):
    """Whether this depthwise input gradient (output gradient ``g``, grouped filters ``f``) takes TF's own kernel's
    order here: float32, 2-D and undilated (a dilated one runs undilated inside space_to_batch), oneDNN off."""
    return applies(g, f, geo) and len(geo.kernel) == 2 and tuple(geo.dilations) == (1, 1)


def applies_filter(x, g, geo):
    """Whether this depthwise kernel gradient takes TF's own kernel's order here (up to the images measured)."""
    return applies_input(x, g, geo) and geo.shape[0] <= _MEASURED_IMAGES
