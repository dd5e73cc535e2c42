"""CropAndResizeGradBoxes: the gradient tf.image.crop_and_resize gives its boxes (TF 2.21's CPU kernel).

TF registers it for both methods (its gradient function passes no method): every sample inside the image
takes the bilinear image gradient at its point (``(1 - x_lerp) * (bottom_left - top_left) + x_lerp *
(bottom_right - top_right)`` down, the same across), times the incoming gradient, and adds it to the box's
[y1, x1, y2, x2] weighted by how the sample moves with each edge. The sums run box by box over rows,
columns, then channels, in float32; a crop of one row (or column) takes the centre, whose weights 0.5 * (size
- 1) the kernel computes in double, adding each term to the float32 sum in double.
"""
import numpy as np

_F = np.float32


def _samples(start, end, size, count):
    """(positions along one axis of a box in float32 as the kernel computes them, ratio)."""
    if count > 1:
        ratio = _F(size - 1) / _F(count - 1)
        scale = (end - start) * ratio
        return start * _F(size - 1) + np.arange(count, dtype=_F) * scale, ratio
    return np.array([_F(np.float64(start + end) * 0.5 * (size - 1))]), None


def _add(total, terms):
    """``total`` plus ``terms`` one by one in float32 (float32 sums are sequential in np.cumsum)."""
    if terms.size == 0:
        return total
    return np.cumsum(np.concatenate([[total], terms.astype(_F)]), dtype=_F)[-1]


def _add_in_double(total, terms):
    for term in terms:
        total = _F(np.float64(total) + term)
    return total


def crop_boxes_gradient(grads, image, boxes, box_index):
    """(num_boxes, 4) float32: the boxes' gradient from ``grads`` (num_boxes, crop_h, crop_w, depth) of
    crops of ``image`` (batch, height, width, depth) at ``boxes`` / ``box_index`` (host arrays)."""
    grads = np.asarray(grads, _F)
    image = np.asarray(image)
    boxes = np.asarray(boxes, _F)
    batch, height, width, _ = image.shape
    crop_h, crop_w = grads.shape[1], grads.shape[2]
    out = np.zeros((len(boxes), 4), _F)
    for b, (y1, x1, y2, x2) in enumerate(boxes):
        if not 0 <= box_index[b] < batch:
            continue
        picture = image[box_index[b]].astype(_F)
        in_y, h_ratio = _samples(y1, y2, height, crop_h)
        in_x, w_ratio = _samples(x1, x2, width, crop_w)
        rows = np.nonzero((in_y >= 0) & (in_y <= height - 1))[0]
        cols = np.nonzero((in_x >= 0) & (in_x <= width - 1))[0]
        if rows.size == 0 or cols.size == 0:
            continue
        ys, xs = in_y[rows], in_x[cols]
        top, bottom = np.floor(ys).astype(int), np.ceil(ys).astype(int)
        left, right = np.floor(xs).astype(int), np.ceil(xs).astype(int)
        y_lerp = (ys - top.astype(_F))[:, None, None]
        x_lerp = (xs - left.astype(_F))[None, :, None]
        top_left, top_right = picture[top][:, left], picture[top][:, right]
        bottom_left, bottom_right = picture[bottom][:, left], picture[bottom][:, right]
        # (rows, cols, depth): the image gradient at each sample, times the incoming gradient
        grad_y = (_F(1) - x_lerp) * (bottom_left - top_left) + x_lerp * (bottom_right - top_right)
        grad_x = (_F(1) - y_lerp) * (top_right - top_left) + y_lerp * (bottom_right - bottom_left)
        incoming = grads[b][rows][:, cols]
        grad_y = grad_y * incoming
        grad_x = grad_x * incoming
        row_index = rows.astype(_F)[:, None, None]
        col_index = cols.astype(_F)[None, :, None]
        _add_to_edges(out[b], 0, 2, grad_y, h_ratio, height, row_index)      # y1, y2
        _add_to_edges(out[b], 1, 3, grad_x, w_ratio, width, col_index)       # x1, x2
    return out


def _add_to_edges(box, low, high, grad, ratio, extent, index):
    """Add one axis's sample gradients ``grad`` to the box's two edges on that axis (``box[low]``,
    ``box[high]``, a row of the output): weighted by the sample's position, or, for a crop one sample
    wide (no ``ratio``), half the extent each, added in double as TF's kernel does."""
    if ratio is not None:
        box[low] = _add(box[low], (grad * (_F(extent - 1) - index * ratio)).reshape(-1))
        box[high] = _add(box[high], (grad * (index * ratio)).reshape(-1))
    else:
        centre = grad.reshape(-1).astype(np.float64) * 0.5 * (extent - 1)
        box[low] = _add_in_double(box[low], centre)
        box[high] = _add_in_double(box[high], centre)
