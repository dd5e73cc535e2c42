"""Conv2DBackpropInput's float64 sums in TensorFlow 2.21's order (Eigen's Conv2DCustomBackpropInputOp).

oneDNN runs float32 only; a double convolution's input gradient (tf.nn.conv2d's tape gradient, conv2d_transpose,
keras Conv2D / Conv1D in float64) is TensorFlow's own kernel: per image, one matrix product of the output gradient
(OH * OW, O) by the filters (KH * KW * C, O) transposed into a column buffer, then col2im, which adds each output
position's (KH, KW, C) block onto the padded image in the positions' order. Eigen's product sums each buffer
value over the O output channels in order from +0, except in its remainder blocks, rows of the first
OH * OW // 4 * 4 and columns past the first KH * KW * C // 8 * 8: there pairs of columns take a 2-lane chain over the
first O // 8 * 8 products, a last odd column a 4-lane chain over the first O // 4 * 4 (lanes added (0 + 1) +
(2 + 3)), each folded and then the rest added in order; products with OH * OW + KH * KW * C + O < 20 are Eigen's
coefficient-based ones (packets of 4), and one of a single column (a 1x1 kernel over one channel) Eigen's gemv. Measured on TF 2.21 (notes progs/gradfuzz21/m_cbd64.py, m_dot64*.py,
c_dot64*.py, v_cbi64*.py): 212 of 213 random SAME / VALID shapes (two seeds; strides 1-2, kernels up to 4x4, 1-9
channels), 16 of 17 1x1 kernels, 148 of 150 with explicit padding, 138 of 140 with taps that never overlap; numpy's
BLAS had 4 of 138. Float32 (oneDNN, conv_backprop_input_order.py) and sizes past eigen_math's mode keep
their paths.
"""
import numpy as np

from . import eigen_math
from .eigen_double_matvec import PACKET
from .eigen_gemv import row_major_gemv
from .eigen_double_product import _COEFFICIENT_BASED, _packet_sums


def applies(g, f, geo):
    """Whether this float64 input gradient (convolution.py's geometry) is computed here."""
    return (type(g) is np.ndarray and g.dtype == np.float64 and f.dtype == np.float64
            and geo.padding in ('SAME', 'VALID') and eigen_math.exact_for_size(int(np.prod(geo.shape))))


def backprop_input(g, f, geo):
    """The (N, H, W, C) input gradient of a convolution with filters ``f`` (KH, KW, C, O) whose output gradient
    is ``g`` (N, OH, OW, O), summed as TF's double kernel sums it."""
    n, oh, ow, depth = g.shape
    kh, kw, c, _ = f.shape
    rows, columns = oh * ow, kh * kw * c
    with np.errstate(all='ignore'):
        products = g.reshape(n, rows, 1, depth) * f.reshape(1, 1, columns, depth)
    if columns == 1 and rows + columns + depth >= _COEFFICIENT_BASED:     # one filter column: Eigen's gemv
        buffer = np.stack([row_major_gemv(image, f.reshape(depth), PACKET)
                           for image in g.reshape(n, rows, depth)])[..., None]
    elif rows + columns + depth < _COEFFICIENT_BASED and depth >= 4:
        buffer = _packet_sums(products.reshape(-1, columns, depth)).reshape(n, rows, columns)
    else:
        buffer = _in_order(products)
        lead_rows, lead_columns = rows // 4 * 4, columns // 8 * 8
        pairs_end = lead_columns + (columns - lead_columns) // 2 * 2
        if lead_rows and lead_columns < pairs_end:
            buffer[:, :lead_rows, lead_columns:pairs_end] = _lane_chain(products[:, :lead_rows, lead_columns:pairs_end],
                                                                        lanes=2, block=8)
        if lead_rows and pairs_end < columns:
            buffer[:, :lead_rows, pairs_end:] = _lane_chain(products[:, :lead_rows, pairs_end:], lanes=4, block=4)
    buffer = buffer.reshape(n, oh, ow, kh, kw, c)
    padded = geo.padded_zeros(g)        # (N, H + pads, W + pads, C), float64
    sh, sw = geo.strides
    for i in range(oh):         # col2im: the output positions in order
        for j in range(ow):
            padded[:, i * sh:i * sh + kh, j * sw:j * sw + kw, :] += buffer[:, i, j]
    return np.ascontiguousarray(geo.unpad(padded))


def _in_order(products):
    total = np.zeros(products.shape[:-1])
    for k in range(products.shape[-1]):
        total = total + products[..., k]
    return total


def _lane_chain(products, lanes, block):
    """A chain of ``lanes``-wide packets over the first depth // block * block products, its lanes added pairwise
    ((0 + 1) + (2 + 3)), then the rest in order."""
    depth = products.shape[-1]
    whole = depth // block * block
    if whole:
        acc = products[..., 0:lanes]
        for k in range(lanes, whole, lanes):
            acc = acc + products[..., k:k + lanes]
        while acc.shape[-1] > 1:
            acc = acc[..., 0::2] + acc[..., 1::2]
        total = acc[..., 0]
    else:
        total = np.zeros(products.shape[:-1])
    for k in range(whole, depth):
        total = total + products[..., k]
    return total
