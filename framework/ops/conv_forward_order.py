"""Conv2D's float32 sums in TensorFlow's order where TensorFlow runs oneDNN (onednn_policy).

oneDNN's forward convolution computes each output value as one fused multiply-add chain over the
window: kernel rows, then kernel columns, then input channels, each step rounded once (measured on
TensorFlow 2.21 with oneDNN on, notes progs/kernels/cf_probe*.py: 12 shapes, 2-600 input channels,
1x1 to 5x5 kernels, strides 1 and 2, SAME and VALID, all bits equal). tapeflow's BLAS product of
the im2col matrix sums in its own blocks: most values differed in the last bit.

Not emulated (the BLAS product stays): one input channel (oneDNN then takes another kernel, whose
order depends on the output channels), other strides, and TensorFlow without oneDNN (Eigen's
contraction, whose blocks depend on the sizes). The fused multiply-add is exact in float64 before
its one rounding; the chain loops over kh * kw * c taps, ~100x BLAS's time, so it follows eigen_math's
exact-math mode (outputs of up to 32 values by default, every size with set_tf_exact_math(True)).
"""
import numpy as np

from .. import onednn_policy
from . import eigen_math


def applies(x, f, geo):
    """Whether the mode computes this convolution in TensorFlow's order."""
    return (type(x) is np.ndarray and x.dtype == np.float32 and f.dtype == np.float32 and f.shape[2] >= 2
            and geo.strides in ((1, 1), (2, 2)) and geo.padding in ('SAME', 'VALID')
            and eigen_math.exact_for_size(geo.shape[0] * geo.oh * geo.ow * f.shape[3]) and onednn_policy.enabled())


def forward(x, f, geo):
    """The (N, OH, OW, O) convolution of ``x`` (N, H, W, C) with ``f`` (KH, KW, C, O)."""
    kh, kw, c, o = f.shape
    padded = geo.pad(x).astype(np.float64)
    wide_f = f.astype(np.float64)
    out = np.zeros((geo.shape[0], geo.oh, geo.ow, o), np.float32)
    for i in range(kh):
        for j in range(kw):
            window = padded[geo.window_slice(i, j)]
            for k in range(c):
                out[...] = out + window[..., k:k + 1] * wide_f[i, j, k]     # float64, then one rounding
    return out
