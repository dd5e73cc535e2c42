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
    """Whether the mode computes this 2-D depthwise filter gradient with a multiplier in TF's order:
    ``x`` (N, H, W, C), ``g`` (N, OH, OW, C * M), at strides and dilations 1."""
    return (type(x) is np.ndarray and type(g) is np.ndarray and x.dtype == np.float32 and g.dtype == np.float32
            and len(geo.kernel) == 2 and x.shape[0] > 0 and tuple(geo.strides) == (1, 1)
            and tuple(geo.dilations) == (1, 1) and geo.groups == x.shape[-1] >= 2 and g.shape[-1] > x.shape[-1]
            and min(geo.out) > 0 and eigen_math.exact_for_size(int(np.prod(geo.kernel)) * g.shape[-1])
            and onednn_policy.enabled())


def filter_grad(x, g, geo):
    """The (KH, KW, 1, C * M) filter gradient (see the module's docstring)."""
    images, channels = x.shape[0], x.shape[-1]
    rows, width = geo.out
    multiplier = g.shape[-1] // channels
    padded = geo.pad(x).astype(np.float64)
    wide_g = g.astype(np.float64).reshape(images, rows, width, channels, multiplier)
    out = np.empty(tuple(geo.kernel) + (channels, multiplier), np.float32)
    for offset in geo.offsets():
        taps = padded[geo.window_slice(offset)][..., None]         # (N, OH, OW, C, 1)
        total = np.zeros((channels, multiplier), np.float32)
        for b in range(images):
            for r in range(rows):
                for start in range(0, width, _POSITION_BLOCK):
                    acc = np.zeros((channels, multiplier), np.float32)
                    for q in range(start, min(width, start + _POSITION_BLOCK)):
                        acc = (acc + taps[b, r, q] * wide_g[b, r, q]).astype(np.float32)  # float64, one rounding
                    total = total + acc
        out[offset] = total
    return out.reshape(tuple(geo.kernel) + (1, channels * multiplier))
