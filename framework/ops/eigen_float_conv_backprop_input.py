"""Conv2DBackpropInput's float32 sums where TensorFlow 2.21 runs its own kernel: conv2d with explicit padding.

oneDNN takes float32 SAME / VALID convolutions (conv_backprop_input_order.py); with
``padding=[[0, 0], [top, bottom], [left, right], [0, 0]]`` TF keeps its Conv2DCustomBackpropInputOp: per image a
column buffer, the output gradient (OH * OW, O) times the filters (KH * KW * C, O) transposed, then col2im, which
adds each output position's (KH, KW, C) block onto the padded image in the positions' order (what falls on the
padding is dropped). How a buffer value sums its O products follows the kernel's split (TF's
use_parallel_contraction): a single image, or a per-thread work unit ((OH * OW + KH * KW * C) * O + OH * OW *
KH * KW * C floats over the intra-op threads) of at least L2's 256 KiB, is one parallel contraction that adds in
order from +0 (one FMA chain); otherwise each image is its own product, which for fewer than 16 output positions
puts product k in lane k mod 16 (an FMA chain per lane) and folds the lanes by halves (0-7 + 8-15, then 0-3 +
4-7, ...), and for more adds in order as well.

Measured on TF 2.21 (notes progs/gradfuzz22/m_cbe2.py with e7.py, gradfuzz21/m_cbe.py): 496 of 496 random shapes
(strides 1-3, 1-3 images, 3-10 pixels a side, kernels up to 4x4, 1-8 channels, 1-40 output channels); the in-order
chain alone explained 376. A one-column buffer (a 1x1 kernel over one channel) and a one-row one (one output
position) follow neither (3 and 1 of 500 shapes) and keep the earlier path; so do sums over more output channels
than measured (up to 300: notes progs/gradfuzz22/m_thr.py, 5 shapes about TF's split, 2 intra-op threads).
"""
import numpy as np

from .. import config_threading
from . import eigen_math

_L2_CACHE_FLOATS = (256 << 10) // 4     # TF's min_thread_work_unit_size for float
_LANES = 16
_MEASURED_DEPTH = 300       # output channels measured (Eigen blocks longer sums: the filter gradient's do past 384)


def applies(g, f, geo):
    """Whether this input gradient (convolution.py's geometry of the explicitly padded input) is computed here."""
    if not (geo.explicit and type(g) is np.ndarray and g.dtype == np.float32 and f.dtype == np.float32):
        return False
    _, oh, ow, depth = g.shape
    kh, kw, c, _ = f.shape
    return oh * ow > 1 and kh * kw * c > 1 and depth <= _MEASURED_DEPTH \
        and eigen_math.exact_for_size(int(np.prod(geo.shape)))


def backprop_input(g, f, geo):
    """The (N, H + pads, W + pads, C) gradient of the padded input of a convolution with filters ``f``
    (KH, KW, C, O) whose output gradient is ``g`` (N, OH, OW, O), summed as TF's float kernel sums it."""
    n, oh, ow, depth = g.shape
    kh, kw, c, _ = f.shape
    rows, columns = oh * ow, kh * kw * c
    wide_g = g.reshape(n, rows, depth).astype(np.float64)
    wide_f = f.reshape(columns, depth).astype(np.float64)
    work_unit = rows * depth + columns * depth + rows * columns
    parallel = n == 1 or work_unit // config_threading.intra_op_pool_size() >= _L2_CACHE_FLOATS
    lanes = _LANES if not parallel and rows < _LANES else 1
    sums = np.zeros((lanes, n, rows, columns), np.float32)
    for k in range(depth):          # a float32 product is exact in float64: one rounding per FMA
        lane = sums[k % lanes]
        lane[...] = lane + wide_g[:, :, k:k + 1] * wide_f[:, k]
    while len(sums) > 1:
        half = len(sums) // 2
        sums = sums[:half] + sums[half:]
    buffer = sums[0].reshape(n, oh, ow, kh, kw, c)
    padded = geo.padded_zeros(g)
    sh, sw = geo.strides
    for i in range(oh):         # col2im: the output positions in order
        for j in range(ow):
            padded[:, i * sh:i * sh + kh, j * sw:j * sw + kw, :] += buffer[:, i, j]
    return geo.unpad(padded)
