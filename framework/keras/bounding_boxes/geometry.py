"""Boxes clipped to an image, moved by an affine transform, cropped and padded (Keras 3's
``keras.utils.bounding_boxes`` helpers; all but clipping take 'xyxy' boxes only, as there)."""
import math

import numpy as np

from framework import ops
from framework.tensor import Tensor

from .arrays import box_array, columns, joined


def _xyxy_only(op, bounding_box_format, formats=('xyxy',)):
    if bounding_box_format not in formats:
        raise NotImplementedError('bounding_boxes.%s: only bounding_box_format in %s is implemented (as in '
                                  'Keras 3); received %r. Convert the boxes first with convert_format.'
                                  % (op, formats, bounding_box_format))


def clip_array(boxes, labels, height, width, relative=False):
    """(boxes clipped to [0, width] x [0, height] (to [0, 1] if ``relative``), labels with -1 where a
    clipped box has no area); ``labels`` may be None."""
    x_high, y_high = (1.0, 1.0) if relative else (boxes.dtype.type(width), boxes.dtype.type(height))
    x1, y1, x2, y2 = columns(boxes)
    boxes = joined(np.clip(x1, 0, x_high), np.clip(y1, 0, y_high), np.clip(x2, 0, x_high), np.clip(y2, 0, y_high))
    if labels is not None:
        x1, y1, x2, y2 = columns(boxes)
        areas = ((x2 - x1) * (y2 - y1))[..., 0]
        labels = np.where(areas > 0, labels, np.asarray(-1, labels.dtype))
    return boxes, labels


def clip_to_image_size(bounding_boxes, height=None, width=None, bounding_box_format='xyxy'):
    """``bounding_boxes`` ({'boxes': (..., N, 4), 'labels': (..., N)}) clipped to the image.

    A box left without area gets label -1. Returns a new dict (boxes and labels as tensors).
    Raises:
        NotImplementedError: a format other than 'xyxy' or 'rel_xyxy'.
        ValueError: 'xyxy' without height and width.
    """
    _xyxy_only('clip_to_image_size', bounding_box_format, ('xyxy', 'rel_xyxy'))
    if bounding_box_format == 'xyxy' and (height is None or width is None):
        raise ValueError("clip_to_image_size: `height` and `width` must be set if `format='xyxy'`.")
    boxes = box_array(bounding_boxes['boxes'], "bounding_boxes['boxes']")
    labels = bounding_boxes.get('labels', None)
    labels = None if labels is None else box_array(labels, "bounding_boxes['labels']")
    boxes, labels = clip_array(boxes, labels, height, width, relative=bounding_box_format == 'rel_xyxy')
    result = dict(bounding_boxes)
    result['boxes'] = Tensor(boxes)
    if labels is not None:
        result['labels'] = Tensor(labels)
    return result


def sin(a):
    """float32 sine with TF's bits (Eigen's polynomial, framework.ops) where tapeflow computes them."""
    return ops.sin(Tensor(a)).numpy()


def cos(a):
    return ops.cos(Tensor(a)).numpy()


def inverse_affine_matrices(center_x, center_y, angle, translate_x, translate_y, scale, shear_x, shear_y,
                            height, width):
    """(B, 3, 3) matrices mapping points of the input image to the transformed one: the inverse of the
    transform the image layers sample with (angle and shears in degrees, translations as fractions)."""
    dtype = angle.dtype
    radians = dtype.type(1.0 / 180.0 * math.pi)
    rot, sx, sy = -angle * radians, -shear_x * radians, -shear_y * radians
    cx, cy = center_x * dtype.type(width - 1), center_y * dtype.type(height - 1)
    tx, ty = -translate_x * dtype.type(width - 1), -translate_y * dtype.type(height - 1)
    cos_sy, tan_sx = cos(sy), np.tan(sx)
    a = cos(rot - sy) / cos_sy
    b = a * tan_sx + sin(rot)
    c = -sin(rot - sy) / cos_sy
    d = cos(rot) - c * tan_sx
    # [[a, b], [c, d]] has determinant 1, so its inverse is [[d, -b], [-c, a]], scaled
    a0, a1, b0, b1 = d * scale, -b * scale, -c * scale, a * scale
    a2 = cx - a0 * (cx + tx) - a1 * (cy + ty)
    b2 = cy - b0 * (cx + tx) - b1 * (cy + ty)
    zeros, ones = np.zeros_like(a0), np.ones_like(a0)
    return np.stack([a0, a1, a2, b0, b1, b2, zeros, zeros, ones], -1).reshape(-1, 3, 3).astype(dtype)


def affine_array(boxes, matrices):
    """(B, N, 4) xyxy boxes -> the (B, N, 4) boxes bounding their four corners mapped by ``matrices``."""
    boxes = boxes.astype(matrices.dtype)
    x1, y1, x2, y2 = (boxes[..., i] for i in range(4))
    corners = np.stack([np.stack(c, -1) for c in ((x1, y1), (x2, y1), (x2, y2), (x1, y2))], 2)   # (B, N, 4, 2)
    corners = np.concatenate([corners, np.ones(corners.shape[:-1] + (1,), corners.dtype)], -1)
    mapped = np.einsum('bnkj,bij->bnki', corners, matrices[:, :2, :])
    return np.concatenate([mapped.min(axis=2), mapped.max(axis=2)], -1)


def affine_transform(boxes, angle, translate_x, translate_y, scale, shear_x, shear_y, height, width,
                     center_x=None, center_y=None, bounding_box_format='xyxy'):
    """(batch, N, 4) xyxy boxes moved by one affine transform per image: each becomes the box around
    its four transformed corners.

    Args:
        angle, shear_x, shear_y: (batch,) degrees; translate_x, translate_y: (batch,) fractions of the
            size; scale: (batch,) factors; center_x, center_y: fractions (default 0.5).
        height, width: the image's size.
    Raises:
        NotImplementedError: a format other than 'xyxy'.
        ValueError: boxes that are not (batch, N, 4).
    """
    _xyxy_only('affine_transform', bounding_box_format)
    boxes = box_array(boxes, 'boxes')
    if boxes.ndim != 3 or boxes.shape[-1] != 4:
        raise ValueError('bounding_boxes.affine_transform: boxes must have shape (batch, num_boxes, 4); '
                         'received shape %s' % (tuple(boxes.shape),))
    parts = [box_array(p, name) for p, name in ((angle, 'angle'), (translate_x, 'translate_x'),
                                               (translate_y, 'translate_y'), (scale, 'scale'),
                                               (shear_x, 'shear_x'), (shear_y, 'shear_y'))]
    if parts[0].dtype.kind != 'f':
        parts[0] = parts[0].astype(np.float32)
    dtype = parts[0].dtype
    parts = [p.astype(dtype) for p in parts]
    center_x = dtype.type(0.5 if center_x is None else center_x)
    center_y = dtype.type(0.5 if center_y is None else center_y)
    matrices = inverse_affine_matrices(center_x, center_y, *parts, height=height, width=width)
    return Tensor(affine_array(boxes, matrices))


def crop(boxes, top, left, height, width, bounding_box_format='xyxy'):
    """xyxy ``boxes`` in the frame of the crop (top, left, height, width), clipped to it.

    Raises:
        NotImplementedError: a format other than 'xyxy'.
    """
    _xyxy_only('crop', bounding_box_format)
    x1, y1, x2, y2 = columns(box_array(boxes, 'boxes'))
    return Tensor(joined(np.clip(x1 - left, 0, width), np.clip(y1 - top, 0, height),
                         np.clip(x2 - left, 0, width), np.clip(y2 - top, 0, height)))


def pad(boxes, top, left, height=None, width=None, bounding_box_format='xyxy'):
    """xyxy ``boxes`` moved by a padding of ``top`` rows and ``left`` columns (height, width unused).

    Raises:
        NotImplementedError: a format other than 'xyxy'.
    """
    _xyxy_only('pad', bounding_box_format)
    x1, y1, x2, y2 = columns(box_array(boxes, 'boxes'))
    return Tensor(joined(x1 + left, y1 + top, x2 + left, y2 + top))
