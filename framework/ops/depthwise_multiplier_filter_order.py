"""A 1-D depthwise convolution's float32 filter gradient with a channel multiplier, in TensorFlow's order.

keras DepthwiseConv1D / SeparableConv1D (depth_multiplier above 1) run tf.nn.depthwise_conv2d on a
height-1 image; TensorFlow 2.21 (oneDNN on) computes its DepthwiseConv2dNativeBackpropFilter with a
multiplier as a grouped convolution (one input channel to M outputs per group), not with the
multiplier-1 depthwise kernel of depthwise_backprop_filter_order. Each filter value is summed per
image over the output positions in blocks of 28, each block a fused multiply-add chain from +0 added
to the running float32 total, images in order. Measured on TF 2.21 with 2 intra-op threads (notes
progs/layers16/sp3.py, hyp6.py, sp4.py): 39 of 40 random height-1 shapes (1-8 images, widths 3-69,
2-39 channels, multipliers 2-4, kernels 1-5, SAME and VALID) equal bit for bit; the one miss, 7
images of 39 channels x 4 with a 4-wide SAME kernel, matches only in its last tap (not known why).
tapeflow's grouped product matched 1 of the 40.

Not emulated: taller images (their sums follow neither this rule nor the multiplier-1 kernel's:
notes progs/layers16/hyp3.py, hyp4.py), strides, dilations, one input channel (TF's Conv2D then:
conv_backprop_filter_order), float16, TensorFlow without oneDNN. Like the other emulated orders it
follows eigen_math's exact-math mode.
"""
import numpy as np

from .. import onednn_policy
from . import eigen_math

_POSITION_BLOCK = 28


def applies(x, g, geo):
    """Whether the mode computes this height-1 depthwise filter gradient with a multiplier in TF's order:
    ``x`` (N, 1, W, C), ``g`` (N, 1, OW, C * M), a (1, K) kernel at strides and dilations 1."""
    return (type(x) is np.ndarray and type(g) is np.ndarray and x.dtype == np.float32 and g.dtype == np.float32
            and len(geo.kernel) == 2 and geo.kernel[0] == 1 and x.shape[1] == 1 and x.shape[0] > 0
            and tuple(geo.strides) == (1, 1) and tuple(geo.dilations) == (1, 1)
            and geo.groups == x.shape[-1] >= 2 and g.shape[-1] > x.shape[-1] and geo.out[1] > 0
            and eigen_math.exact_for_size(geo.kernel[1] * g.shape[-1]) and onednn_policy.enabled())


def filter_grad(x, g, geo):
    """The (1, K, 1, C * M) filter gradient (see the module's docstring)."""
    images, channels, width = x.shape[0], x.shape[-1], geo.out[1]
    multiplier = g.shape[-1] // channels
    wide_x = geo.pad(x).astype(np.float64)[:, 0, :, :, None]               # (N, W_padded, C, 1)
    wide_g = g.astype(np.float64).reshape(images, width, channels, multiplier)
    out = np.empty((geo.kernel[1], channels, multiplier), np.float32)
    for tap in range(geo.kernel[1]):
        total = np.zeros((channels, multiplier), np.float32)
        for b in range(images):
            for start in range(0, width, _POSITION_BLOCK):
                acc = np.zeros((channels, multiplier), np.float32)
                for q in range(start, min(width, start + _POSITION_BLOCK)):
                    acc = (acc + wide_x[b, q + tap] * wide_g[b, q]).astype(np.float32)   # float64, one rounding
                total = total + acc
        out[tap] = total
    return out.reshape(1, geo.kernel[1], 1, channels * multiplier)
