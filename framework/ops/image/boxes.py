"""Box operations of ``tf.image``: crop_and_resize and draw_bounding_boxes (suppression: nms.py).

Boxes are [y1, x1, y2, x2] in normalised coordinates (0 and 1 are the first and
last pixel centres for crop_and_resize). Box coordinates are read on the host: the
image's gradient is the composition's, the boxes' TF's CropAndResizeGradBoxes kernel
(crop_boxes_gradient.py).
"""
import numpy as np

from ... import backend
from ..indexing import gather
from ..linalg import einsum
from ..operands import as_tensor
from ..selection import where
from ..shapes import cast
from ...tensor import Tensor
from ...tensor import convert_to_tensor
from . import crop_checks
from .kernel_dtypes import refuse_dtype
from .layout import constant_like
from ..operands import ACTIVE, named_errors, record
from .crop_boxes_gradient import crop_boxes_gradient


def _host(x, op, what, kind='f'):
    data = np.asarray(backend.to_host(as_tensor(x, op)._data))
    if data.dtype.kind not in ('fiu' if kind == 'f' else 'iu'):
        raise TypeError('%s: %s must be %s, got dtype %s' % (op, what, 'numeric' if kind == 'f' else 'integer',
                                                             data.dtype.name))
    return data


def _axis_weights(start, end, size, count, method):
    """(boxes, count, size) sampling weights along one axis and the (boxes, count) in-range mask."""
    start, end = start.astype(np.float32), end.astype(np.float32)
    if count > 1:
        step = (end - start) * np.float32(size - 1) / np.float32(count - 1)
        where_ = start[:, None] * np.float32(size - 1) + np.arange(count, dtype=np.float32)[None, :] * step[:, None]
    else:
        where_ = np.broadcast_to((np.float32(0.5) * (start + end) * np.float32(size - 1))[:, None], (len(start), 1))
    inside = (where_ >= 0) & (where_ <= size - 1)
    weights = np.zeros(where_.shape + (size,), np.float32)
    b, i = np.indices(where_.shape)
    if method == 'nearest':
        index = np.clip(np.sign(where_) * np.floor(np.abs(where_) + 0.5), 0, size - 1).astype(int)
        weights[b, i, index] = 1
    else:
        low = np.clip(np.floor(where_), 0, size - 1).astype(int)
        high = np.clip(np.ceil(where_), 0, size - 1).astype(int)
        lerp = (where_ - np.floor(where_)).astype(np.float32)
        np.add.at(weights, (b, i, low), np.float32(1) - lerp)
        np.add.at(weights, (b, i, high), lerp)
    return weights * inside[..., None], inside


@named_errors('image.crop_and_resize')
def crop_and_resize(image, boxes, box_indices, crop_size, method='bilinear', extrapolation_value=0.0, name=None):
    """For each box, the crop of image[box_indices[k]] resampled to ``crop_size`` (float32,
    (num_boxes, crop_height, crop_width, channels)); samples outside the image read ``extrapolation_value``."""
    op = 'image.crop_and_resize'
    x = refuse_dtype(as_tensor(image, op), 'CropAndResize', op, 'images')
    given = boxes
    boxes = convert_to_tensor(boxes, 'float32')     # a tensor of another dtype is TF's conversion ValueError
    b, index, (height, width) = crop_checks.check(x, boxes, box_indices, crop_size, method, op)
    rows, row_in = _axis_weights(b[:, 0], b[:, 2], x.shape[1], height, method)
    cols, col_in = _axis_weights(b[:, 1], b[:, 3], x.shape[2], width, method)
    picked = gather(cast(x, 'float32'), index.astype(np.int32))
    out = einsum('kpw,kowc->kopc', constant_like(cols, x), einsum('koh,khwc->kowc', constant_like(rows, x), picked))
    inside = constant_like((row_in[:, :, None] & col_in[:, None, :])[..., None], x)
    out = where(inside, out, np.float32(extrapolation_value))
    if ACTIVE and isinstance(given, Tensor) and given.dtype == 'float32':
        out = _with_boxes_gradient(out, x, given, index)
    return out


def _with_boxes_gradient(out, image, boxes, index):
    """``out`` passed through a node that also gives ``boxes`` TF's CropAndResizeGradBoxes gradient."""
    def boxes_vjp(g, y, out, boxes):
        value = crop_boxes_gradient(backend.to_host(g._data), backend.to_host(image._data),
                                    backend.to_host(boxes._data), index)
        return Tensor(backend.array_module(g._data).asarray(value))
    passed = Tensor(out._data)
    record('CropAndResize', (out, boxes), passed, (lambda g, y, out, boxes: g, boxes_vjp))
    return passed


@named_errors('image.draw_bounding_boxes')
def draw_bounding_boxes(images, boxes, colors, name=None):
    """Images (batch, height, width, depth) with each box's one-pixel outline drawn in its colour
    (colours cycle over the boxes); boxes are (batch, num_boxes, 4) in [0, 1]."""
    op = 'image.draw_bounding_boxes'
    x = refuse_dtype(as_tensor(images, op), 'DrawBoundingBoxesV2', op, 'images')
    if x.ndim != 4 or x.shape[-1] not in (1, 3, 4):
        raise ValueError('%s: images must be 4-D with 1, 3 or 4 channels, got shape %s' % (op, tuple(x.shape)))
    b = _host(boxes, op, 'boxes').astype(np.float32)
    palette = _host(colors, op, 'colors').astype(np.float32)
    if b.ndim != 3 or b.shape[0] != x.shape[0] or b.shape[2] != 4 or palette.ndim != 2 or len(palette) == 0:
        raise ValueError('%s: boxes must be (batch=%d, num_boxes, 4) and colors (num_colors, channels), got %s and %s'
                         % (op, x.shape[0], b.shape, palette.shape))
    out = np.array(backend.to_host(x._data))
    h, w = out.shape[1], out.shape[2]
    depth = out.shape[3]
    palette = np.pad(palette, [(0, 0), (0, max(0, depth - palette.shape[1]))], constant_values=1)[:, :depth]
    for n in range(b.shape[0]):
        for k, (y1, x1, y2, x2) in enumerate(b[n]):
            colour = palette[k % len(palette)].astype(out.dtype)
            top, bottom = int(y1 * (h - 1)), int(y2 * (h - 1))
            left, right = int(x1 * (w - 1)), int(x2 * (w - 1))
            if top > bottom or left > right or bottom < 0 or right < 0 or top >= h or left >= w:
                continue
            rows = slice(max(top, 0), min(bottom, h - 1) + 1)
            cols = slice(max(left, 0), min(right, w - 1) + 1)
            for r in (top, bottom):
                if 0 <= r < h:
                    out[n, r, cols] = colour
            for c in (left, right):
                if 0 <= c < w:
                    out[n, rows, c] = colour
    return Tensor(backend.array_module(x._data).asarray(out))
