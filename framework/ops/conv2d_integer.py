"""tf.nn.conv2d of int32 tensors, which TF 2.21's CPU kernel (Eigen's Conv2D) computes: integer sums are exact
in any order, so each output is the int64 sum of its window's products, wrapped to int32 as TF's int32
arithmetic wraps. No gradient (tapes do not differentiate integers)."""
import numpy as np

from .. import backend
from ..tensor import Tensor


def integer_conv2d(x, f, strides, padding, dilations):
    """(N, H, W, C) int32 ``x`` convolved with (KH, KW, C, O) int32 ``f``; ``strides`` / ``dilations`` pairs,
    ``padding`` 'SAME' or 'VALID'."""
    from .convolution import _padding
    a, k = x._data.astype(np.int64), f._data.astype(np.int64)
    xp = backend.array_module(a)
    (kh, kw), (sh, sw), (dh, dw) = k.shape[:2], strides, dilations
    oh, top, bottom = _padding(a.shape[1], (kh - 1) * dh + 1, sh, padding, 'conv2d')
    ow, left, right = _padding(a.shape[2], (kw - 1) * dw + 1, sw, padding, 'conv2d')
    a = xp.pad(a, ((0, 0), (top, bottom), (left, right), (0, 0)))
    out = xp.zeros((a.shape[0], oh, ow, k.shape[3]), np.int64)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
            cols = slice(j * dw, j * dw + (ow - 1) * sw + 1, sw)
            out += a[:, rows, cols, :] @ k[i, j]
    return Tensor(out.astype(np.int32))        # (astype wraps as int32 sums do)
