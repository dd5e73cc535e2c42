"""CropAndResize and CropAndResizeGradImage, TF 2.21's CPU kernels for tf.image.crop_and_resize.

Each box samples its crop at float32 positions ``y1 * (height - 1) + y * scale`` with ``scale = (y2 -
y1) * (height - 1) / (crop_height - 1)`` (a crop of one row: the centre, in double). Bilinear crops
interpolate across, then down: ``top = tl + (tr - tl) * x_lerp``, ``bottom`` alike, ``top + (bottom -
top) * y_lerp`` (a weighted sum of the four rounded otherwise: last bits off). Nearest takes
``roundf``'s pixel. Samples outside the image read ``extrapolation_value``.

The image's gradient adds, box by box, row by row, column by column and channel by channel, the four
products ``(1 - x_lerp) * ((1 - y_lerp) * g)``, ... to the four pixels (top-left, top-right, bottom-left,
bottom-right), each cast to the image's dtype and added in it; TF registers no gradient for it.
"""
import numpy as np

_F = np.float32


def positions(start, end, size, count):
    """A box's float32 sample positions along one axis (the forward kernel's arithmetic)."""
    if count > 1:
        scale = (end - start) * _F(size - 1) / _F(count - 1)
        return start * _F(size - 1) + np.arange(count, dtype=_F) * scale
    return np.array([_F(np.float64(start + end) * 0.5 * (size - 1))])


def _rounded(v):
    """roundf: halves away from zero (floor(|v| + 0.5) in float32 rounds 0.49999997 up)."""
    whole = np.trunc(v)
    return (whole + np.sign(v) * (np.abs(v - whole) >= 0.5)).astype(int)


def _box_samples(box, height, width, crop_h, crop_w):
    y1, x1, y2, x2 = box
    in_y, in_x = positions(y1, y2, height, crop_h), positions(x1, x2, width, crop_w)
    rows = np.nonzero((in_y >= 0) & (in_y <= height - 1))[0]
    cols = np.nonzero((in_x >= 0) & (in_x <= width - 1))[0]
    return in_y[rows], in_x[cols], rows, cols


def crops(image, boxes, box_index, crop_h, crop_w, method, extrapolation_value):
    """(num_boxes, crop_h, crop_w, depth) float32 crops of host array ``image``."""
    _, height, width, depth = image.shape
    out = np.full((len(boxes), crop_h, crop_w, depth), _F(extrapolation_value), _F)
    for b, box in enumerate(np.asarray(boxes, _F)):
        ys, xs, rows, cols = _box_samples(box, height, width, crop_h, crop_w)
        if rows.size == 0 or cols.size == 0:
            continue
        picture = image[box_index[b]]
        if method == 'nearest':
            value = picture[_rounded(ys)][:, _rounded(xs)].astype(_F)
        else:
            top, bottom = np.floor(ys).astype(int), np.ceil(ys).astype(int)
            left, right = np.floor(xs).astype(int), np.ceil(xs).astype(int)
            y_lerp = (ys - top.astype(_F))[:, None, None]
            x_lerp = (xs - left.astype(_F))[None, :, None]
            top_left, top_right = picture[top][:, left].astype(_F), picture[top][:, right].astype(_F)
            bottom_left, bottom_right = picture[bottom][:, left].astype(_F), picture[bottom][:, right].astype(_F)
            upper = top_left + (top_right - top_left) * x_lerp
            lower = bottom_left + (bottom_right - bottom_left) * x_lerp
            value = upper + (lower - upper) * y_lerp
        out[b, rows[:, None], cols[None, :]] = value
    return out


def image_gradient(grads, boxes, box_index, image_shape, dtype, method):
    """CropAndResizeGradImage: the image's gradient (``image_shape``, ``dtype``) from the crops' ``grads``."""
    grads = np.asarray(grads, _F)
    batch, height, width, depth = image_shape
    crop_h, crop_w = grads.shape[1], grads.shape[2]
    out = np.zeros(image_shape, dtype)
    flat = out.reshape(-1)
    channel = np.arange(depth)
    for b, box in enumerate(np.asarray(boxes, _F)):
        ys, xs, rows, cols = _box_samples(box, height, width, crop_h, crop_w)
        if rows.size == 0 or cols.size == 0:
            continue
        g = grads[b][rows][:, cols]                          # (rows, cols, depth)
        base = box_index[b] * height

        def pixel(r, c):        # flat indices (rows, cols, depth) of pixels at rows r, columns c
            return ((base + r)[:, None, None] * width + c[None, :, None]) * depth + channel[None, None, :]
        if method == 'nearest':
            targets, values = pixel(_rounded(ys), _rounded(xs)), g
        else:
            top, bottom = np.floor(ys).astype(int), np.ceil(ys).astype(int)
            left, right = np.floor(xs).astype(int), np.ceil(xs).astype(int)
            y_lerp = (ys - top.astype(_F))[:, None, None]
            x_lerp = (xs - left.astype(_F))[None, :, None]
            upper, lower = (_F(1) - y_lerp) * g, y_lerp * g
            values = np.stack([(_F(1) - x_lerp) * upper, x_lerp * upper, (_F(1) - x_lerp) * lower, x_lerp * lower], -1)
            targets = np.stack([pixel(top, left), pixel(top, right), pixel(bottom, left), pixel(bottom, right)], -1)
        np.add.at(flat, targets.reshape(-1), values.reshape(-1).astype(dtype))     # sequential, in the kernel's order
    return out
