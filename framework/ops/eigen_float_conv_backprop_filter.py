"""Conv2DBackpropFilter's float32 sums where TensorFlow 2.21 runs its own kernel: conv2d with explicit padding.

With ``padding=[[0, 0], [top, bottom], [left, right], [0, 0]]`` TF keeps its Conv2DCustomBackpropFilterOp (oneDNN
takes SAME / VALID, conv_backprop_filter_order.py): the images' patches (N * OH * OW, KH * KW * C) transposed
times the output gradient (N * OH * OW, O), one Eigen contraction whose every value, over up to 384 output
positions, is one FMA chain over them in order (images, rows, columns) from +0. Over more positions Eigen splits
them into blocks (its depth blocking or its sharding over the inner dimension: 400 positions are two blocks of
200, 2880 ten of 288; not emulated), so larger ones keep the earlier path.

Measured on TF 2.21 with 2 intra-op threads (notes progs/gradfuzz22/m_cbf.py, m_cbf2.py, m_cbf3.py, e12.py,
e15.py): 234 of 234 random shapes of 2+ output channels and 2+ patch values over at most 384 positions (strides
1-3, 1-8 images, kernels up to 5x5, 1-16 channels, 2-32 output channels), none of the 35 over more. One output
channel or a 1x1 kernel over one channel (Eigen's matrix-vector products) follow neither and keep the earlier path.
"""
import numpy as np

from . import eigen_math

_ONE_BLOCK = 384        # the most output positions measured to be summed as one chain


def applies(x, g, geo):
    """Whether this kernel gradient (convolution.py's geometry of the explicitly padded input) is computed here."""
    if not (geo.explicit and type(x) is np.ndarray and x.dtype == np.float32 and g.dtype == np.float32):
        return False
    n, oh, ow, depth = g.shape
    patch = geo.kernel[0] * geo.kernel[1] * geo.shape[3]
    return depth > 1 and patch > 1 and n * oh * ow <= _ONE_BLOCK and eigen_math.exact_for_size(patch * depth)


def filter_grad(x, g, geo):
    """The (KH, KW, C, O) kernel gradient of a convolution of the padded input ``x`` whose output gradient is ``g``."""
    depth = g.shape[3]
    patches = geo.columns(x).astype(np.float64)         # (N * OH * OW, KH * KW * C)
    wide_g = g.reshape(-1, depth).astype(np.float64)
    total = np.zeros((patches.shape[1], depth), np.float32)
    for r in range(patches.shape[0]):       # a float32 product is exact in float64: one rounding per FMA
        total[...] = total + patches[r][:, None] * wide_g[r]
    return total.reshape(geo.kernel + (geo.shape[3], depth))
