"""A depthwise convolution's float32 sums in TensorFlow's order where TensorFlow runs oneDNN.

TensorFlow 2.21 (x86-64, oneDNN on: see onednn_policy.py) computes DepthwiseConv2dNative (Keras's
DepthwiseConv1D/2D, SeparableConv's first half, MobileNet/EfficientNet blocks) as one fused
multiply-add chain per output over the window, kernel rows then kernel columns, from +0: output
channel ``c * M + m`` is ``acc = fma(x[.., c], f[i, j, c, m], acc)``. The grouped matmul that
tapeflow uses otherwise rounds each product first, so most values differed in the last bit (an
EfficientNetB0 block1a_dwconv: 15,383 of 32,768), which BatchNormalization over small batches
then magnified. Measured on TF 2.21, eager and tf.function (progs/kerasio11/d11b.py): 14 shapes, 3 to
144 channels, multipliers 1 to 3, 1x3 to 7x7 kernels, strides 1 and 2, dilation 2, SAME and VALID,
all bits equal; one channel with multiplier 1 too (d11c.py: 6 shapes, 1-4 images, strides 1 and 2).

Not emulated: one input channel with a multiplier above 1 (summed over kernel columns first on some
widths and rows first on others, d11c.py: no rule found), Conv2D(groups=C) (TF's grouped Conv2D, not
measured), and TensorFlow without oneDNN. The fused multiply-add is exact in float64 before its one
rounding; like conv_forward_order it follows eigen_math's exact-math mode (outputs of up to 32
values by default, every size with set_tf_exact_math(True)).
"""
import numpy as np

from .. import onednn_policy
from . import eigen_math


def applies(x, f, geo):
    """Whether the mode computes the depthwise convolution of ``x`` (N, *spatial, C) with the grouped
    filters ``f`` (*kernel, 1, C * M) in TensorFlow's order."""
    return (type(x) is np.ndarray and x.dtype == np.float32 and f.dtype == np.float32
            and (x.shape[-1] >= 2 or f.shape[-1] == 1)
            and len(geo.kernel) <= 2 and eigen_math.exact_for_size(int(np.prod(geo.out)) * geo.shape[0] * f.shape[-1])
            and onednn_policy.enabled())


def forward(x, f, geo):
    """The (N, *out, C * M) depthwise convolution, one fused multiply-add chain per output."""
    channels = x.shape[-1]
    multiplier = f.shape[-1] // channels
    padded = geo.pad(x).astype(np.float64)
    wide_f = f.astype(np.float64).reshape(geo.kernel + (f.shape[-1],))
    out = np.zeros((geo.shape[0],) + geo.out + (f.shape[-1],), np.float32)
    for offset in geo.offsets():          # row-major: kernel rows, then kernel columns
        window = padded[geo.window_slice(offset)]
        if multiplier > 1:
            window = np.repeat(window, multiplier, axis=-1)     # output channel c * M + m reads channel c
        out[...] = out + window * wide_f[offset]               # float64, then one rounding
    return out
