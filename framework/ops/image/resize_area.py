"""TensorFlow's ResizeArea (``tf.image.resize(method='area')``) in its own float32 arithmetic.

Each output pixel averages the input cells its footprint covers: cells cut by the footprint's
edges count with the covered fraction. TensorFlow sums a row's cells first (the first one
times its fraction, the whole ones as they are, the last one times its fraction), then adds
each row's sum times the row's fraction, and finally multiplies by 1 / (height_scale *
width_scale). A matrix product of the same weights adds in another order (and divides), so
it differed from TensorFlow in the last bits of about half of the pixels; this follows the
kernel's order. TensorFlow registers no gradient for it (LookupError, unregistered_gradient.py).
"""
import numpy as np

from ... import backend
from ...tensor import Tensor
from ..unregistered_gradient import without_gradient

F32 = np.float32


def _fraction(cell, low, high, scale):
    """The part of input cell [cell, cell + 1) inside [low, high), as the kernel computes it."""
    cell = F32(cell)
    if cell < low:
        return scale if cell + F32(1) > high else (cell + F32(1)) - low
    return high - cell if cell + F32(1) > high else F32(1)


def _axis(size_in, size_out, align_corners=False):
    """Per output index: (the input indices it reads, clamped, and their fractions), in order.
    compat.v1's align_corners scales by (in - 1) / (out - 1), as TF's CalculateResizeScale."""
    if align_corners and size_out > 1 and size_in > 1:
        scale = F32(size_in - 1) / F32(size_out - 1)
    else:
        scale = F32(size_in) / F32(size_out)
    taps = []
    for o in range(size_out):
        low, high = F32(o) * scale, F32(o + 1) * scale
        first, end = int(np.floor(low)), int(np.ceil(high))
        cells = list(range(first, end))
        taps.append(([min(max(c, 0), size_in - 1) for c in cells],
                     [_fraction(c, low, high, scale) for c in cells]))
    return scale, taps


def _padded(taps):
    """(indices, fractions, valid) arrays of shape (size_out, most taps), padded past each count."""
    width = max(len(cells) for cells, _ in taps)
    index = np.zeros((len(taps), width), np.int64)
    fraction = np.zeros((len(taps), width), F32)
    valid = np.zeros((len(taps), width), bool)
    for o, (cells, parts) in enumerate(taps):
        index[o, :len(cells)], fraction[o, :len(cells)], valid[o, :len(cells)] = cells, parts, True
    return index, fraction, valid


def _area_values(a, out_h, out_w, align_corners=False):
    xp = backend.array_module(a)
    height_scale, rows = _axis(a.shape[1], out_h, align_corners)
    width_scale, cols = _axis(a.shape[2], out_w, align_corners)
    row_index, row_part, row_valid = _padded(rows)
    col_index, col_part, col_valid = _padded(cols)
    last = np.array([len(cells) - 1 for cells, _ in cols])
    total = xp.zeros((a.shape[0], out_h, out_w, a.shape[3]), F32)
    for r in range(row_index.shape[1]):
        row = xp.take(a, xp.asarray(row_index[:, r]), axis=1)              # (B, out_h, W, C)
        row_sum = None
        for k in range(col_index.shape[1]):
            cell = xp.take(row, xp.asarray(col_index[:, k]), axis=2)       # (B, out_h, out_w, C)
            # the first and last cells are weighed by their fractions; the whole ones in between are added as they are
            weighed = (k == 0) | (k == last)
            term = xp.where(xp.asarray(weighed.reshape(1, 1, -1, 1)),
                            cell * xp.asarray(col_part[:, k].reshape(1, 1, -1, 1)), cell)
            row_sum = term if k == 0 else xp.where(xp.asarray(col_valid[:, k].reshape(1, 1, -1, 1)), row_sum + term,
                                                   row_sum)
        added = total + row_sum * xp.asarray(row_part[:, r].reshape(1, -1, 1, 1))
        total = xp.where(xp.asarray(row_valid[:, r].reshape(1, -1, 1, 1)), added, total)
    scale = F32(1.0 / float(height_scale * width_scale))     # 1.0 / (float product), in double
    return total * scale


def resize_area(x, out_h, out_w, align_corners=False):
    """4-D float32 Tensor ``x`` resized by ResizeArea to (out_h, out_w)."""
    # TensorFlow registers no gradient for ResizeArea: asking for one raises its LookupError
    return without_gradient('ResizeArea', lambda x: Tensor(_area_values(x._data, out_h, out_w, align_corners)), x)
