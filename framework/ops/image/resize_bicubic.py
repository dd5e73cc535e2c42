"""TensorFlow's ResizeBicubic (``tf.image.resize(method='bicubic')``, half-pixel centres) in its own
float32 arithmetic.

Each output reads a 4 x 4 patch. TensorFlow tabulates Keys' cubic (a = -0.5) at 1/1024 steps in
double and stores float32 entries; an output's four weights along an axis come from the table
(taps outside the image weigh 0) and are scaled by the reciprocal of their float sum. It then
interpolates each of the patch's four columns down the rows, ``((v0 w0 + v1 w1) + v2 w2) + v3 w3``,
and the four results across. A matrix product (with a float32 table and a division) differed in
the last bits of most pixels. The gradient scatters as ResizeBicubicGrad (``_scatter_grad``).
"""
import functools

import numpy as np

from ... import backend
from ...tensor import Tensor
from ..operands import ACTIVE, record
from ..unregistered_gradient import without_gradient

F32 = np.float32
_TABLE = 1024


@functools.lru_cache(maxsize=None)
def _coefficients(a=-0.5):
    """(near, far) float32 tables: Keys' kernel at x and at x + 1 for x = i / 1024, computed in double
    (a = -0.5; compat.v1's legacy grid tabulates the cubic with a = -0.75)."""
    x = (np.arange(_TABLE + 1) * 1.0 / _TABLE).astype(F32).astype(np.float64)
    near = (((a + 2) * x - (a + 3)) * x * x + 1).astype(F32)
    x = (x + 1.0).astype(F32).astype(np.float64)       # the C++ adds 1.0 to its float x
    far = (((a * x - 5 * a) * x + 8 * a) * x - 4 * a).astype(F32)
    return near, far


def _taps(size_in, size_out):
    """(indices (size_out, 4), weights (size_out, 4) float32) along one axis."""
    near, far = _coefficients()
    scale = F32(size_in) / F32(size_out)
    source = (np.arange(size_out).astype(F32) + F32(0.5)) * scale - F32(0.5)
    low = np.floor(source)
    offset = np.rint((source - low) * F32(_TABLE)).astype(np.int64)      # lrintf: halves to even
    low = low.astype(np.int64)
    wanted = np.stack([low - 1, low, low + 1, low + 2], axis=1)
    index = np.clip(wanted, 0, size_in - 1)
    weights = np.stack([far[offset], near[offset], near[_TABLE - offset], far[_TABLE - offset]], axis=1)
    weights = np.where(index == wanted, weights, F32(0))
    total = ((weights[:, 0] + weights[:, 1]) + weights[:, 2]) + weights[:, 3]
    usable = np.abs(total) >= 1000 * np.finfo(F32).tiny
    scaled = weights * (F32(1) / np.where(usable, total, F32(1)))[:, None]
    return index, np.where(usable[:, None], scaled, weights).astype(F32)


def _interpolate(a, index, weights, axis):
    """``((v0 w0 + v1 w1) + v2 w2) + v3 w3`` along ``axis`` for every output position."""
    xp = backend.array_module(a)
    view = [1] * a.ndim
    view[axis] = index.shape[0]
    out = None
    for tap in range(4):
        term = xp.take(a, xp.asarray(index[:, tap]), axis=axis) * xp.asarray(weights[:, tap].reshape(view))
        out = term if out is None else out + term
    return out


def resize_bicubic(x, out_h, out_w, taps=_taps):
    """4-D float Tensor ``x`` resized by ResizeBicubic (half-pixel centres) to (out_h, out_w): float32
    values, computed from x's values as float32 (a float64 ``x`` too, as TF's kernel reads it).
    ``taps(size_in, size_out)`` gives each output's four sources and weights (compat.v1's grids differ)."""
    rows, cols = taps(x.shape[1], out_h), taps(x.shape[2], out_w)
    out = Tensor(_interpolate(_interpolate(x._data.astype(F32, copy=False), *rows, 1), *cols, 2))
    if ACTIVE:
        def backprop(g, x):
            return Tensor(_scatter_grad(g._data, x._data.shape, x._data.dtype, rows, cols))

        def vjp(g, y, x):      # TF's ResizeBicubicGrad, which has no gradient (LookupError past it)
            return without_gradient('ResizeBicubicGrad', backprop, g, x)
        record('resize_bicubic', (x,), out, (vjp,))
    return out


def _scatter_grad(g, shape, dtype, rows, cols):
    """TF's ResizeBicubicGrad in the image's dtype: output by output (rows, then columns), the gradient
    value times its row weight, times its column weight, added to its 16 source pixels (row tap by row
    tap, column tap by column tap). Where taps share a source (compat.v1's clamped legacy taps, all with
    weights), the sums follow that order: np.add.at adds one output row's terms in it."""
    xp = backend.array_module(g)
    batch, height, width, channels = shape
    out = xp.zeros((batch, height * width, channels), dtype)
    (row_index, row_weights), (col_index, col_weights) = rows, cols
    out_w = col_index.shape[0]
    col_w = xp.asarray(col_weights.astype(dtype).reshape(1, out_w, 1, 4, 1))
    g = g.astype(dtype, copy=False)
    for y in range(row_index.shape[0]):
        # (batch, out_w, row tap, column tap, channels), and the flat source pixel of each term
        terms = g[:, y, :, None, None, :] * xp.asarray(row_weights[y].astype(dtype).reshape(1, 1, 4, 1, 1)) * col_w
        targets = (row_index[y].reshape(1, 4, 1) * width + col_index.reshape(out_w, 1, 4)).reshape(-1)
        np.add.at(out, (slice(None), xp.asarray(targets)), terms.reshape(batch, targets.size, channels))  # (batch 0)
    return out.reshape(shape)
