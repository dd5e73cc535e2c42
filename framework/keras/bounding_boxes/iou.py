"""Pairwise IoU and elementwise complete IoU (CIoU) of boxes, in Keras 3's arithmetic."""
import math

import numpy as np

from framework.tensor import Tensor

from .arrays import box_array, columns
from .formats import convert_array

EPSILON = np.float32(1e-7)          # keras.backend.epsilon()


def _size(image_shape):
    if image_shape is None:
        return None, None
    height, width, _ = image_shape
    return height, width


def compute_iou(boxes1, boxes2, bounding_box_format, use_masking=False, mask_val=-1, image_shape=None):
    """The IoU of every box in ``boxes1`` with every box in ``boxes2``.

    Args:
        boxes1: (M, 4) or (batch, M, 4); boxes2: (N, 4) or (batch, N, 4).
        bounding_box_format: their format; a relative one needs ``image_shape`` (height, width, channels).
        use_masking: give ``mask_val`` to the pairs where either box is all negative (padding).
    Returns:
        (M, N) or (batch, M, N) float32 IoUs.
    Raises:
        ValueError: boxes of rank other than 2 or 3, or a relative format without image_shape.
    """
    boxes1, boxes2 = box_array(boxes1, 'boxes1'), box_array(boxes2, 'boxes2')
    for name, boxes in (('boxes1', boxes1), ('boxes2', boxes2)):
        if boxes.ndim not in (2, 3):
            raise ValueError('compute_iou() expects %s to be batched, or to be unbatched. Received '
                             'len(boxes1.shape)=%d, len(boxes2.shape)=%d. Expected either len(%s.shape)=2 '
                             'AND or len(%s.shape)=3.' % (name, boxes1.ndim, boxes2.ndim, name, name))
    if 'rel' in bounding_box_format and image_shape is None:
        raise ValueError('When using relative bounding box formats (e.g. `rel_yxyx`) the `image_shape` argument '
                         'must be provided.Received `image_shape`: None')
    height, width = _size(image_shape)
    boxes1 = convert_array(boxes1, bounding_box_format, 'yxyx', height, width)
    boxes2 = convert_array(boxes2, bounding_box_format, 'yxyx', height, width)
    top1, left1, bottom1, right1 = columns(boxes1)
    top2, left2, bottom2, right2 = (np.swapaxes(c, -1, -2) for c in columns(boxes2))     # (..., 1, N)
    zero = np.float32(0)
    heights = np.maximum(zero, np.minimum(bottom1, bottom2) - np.maximum(top1, top2))
    widths = np.maximum(zero, np.minimum(right1, right2) - np.maximum(left1, left2))
    intersection = heights * widths
    areas1 = (bottom1 - top1) * (right1 - left1)                        # (..., M, 1)
    areas2 = (bottom2 - top2) * (right2 - left2)                        # (..., 1, N)
    iou = intersection / ((areas1 + areas2 - intersection) + EPSILON)
    if not use_masking:
        return Tensor(iou)
    padding1 = boxes1.max(axis=-1, keepdims=True) < 0
    padding2 = np.swapaxes(boxes2.max(axis=-1, keepdims=True) < 0, -1, -2)
    return Tensor(np.where(padding1 | padding2, np.float32(mask_val), iou))


def compute_ciou(boxes1, boxes2, bounding_box_format, image_shape=None):
    """Complete IoU of box pairs (..., 4) and (..., 4): IoU less the normalised centre distance and an
    aspect-ratio term. Relative formats are refused (as in Keras 3.15, image_shape or not).

    Returns:
        (...) float32 CIoUs.
    Raises:
        ValueError: a relative format.
    """
    if 'rel' in bounding_box_format:
        raise ValueError('When using relative bounding box formats (e.g. `rel_yxyx`) the `image_shape` argument '
                         'must be provided.Received `image_shape`: %s' % (image_shape,))
    height, width = _size(image_shape)
    x_min1, y_min1, x_max1, y_max1 = columns(convert_array(box_array(boxes1, 'boxes1'), bounding_box_format, 'xyxy',
                                                           height, width))
    x_min2, y_min2, x_max2, y_max2 = columns(convert_array(box_array(boxes2, 'boxes2'), bounding_box_format, 'xyxy',
                                                           height, width))
    width1, height1 = x_max1 - x_min1, y_max1 - y_min1 + EPSILON
    width2, height2 = x_max2 - x_min2, y_max2 - y_min2 + EPSILON
    zero = np.float32(0)
    intersection = (np.maximum(np.minimum(x_max1, x_max2) - np.maximum(x_min1, x_min2), zero)
                    * np.maximum(np.minimum(y_max1, y_max2) - np.maximum(y_min1, y_min2), zero))
    union = width1 * height1 + width2 * height2 - intersection + EPSILON
    iou = (intersection / (union + EPSILON))[..., 0]
    hull_width = np.maximum(x_max1, x_max2) - np.minimum(x_min1, x_min2)
    hull_height = np.maximum(y_max1, y_max2) - np.minimum(y_min1, y_min2)
    hull_diagonal = (hull_width ** 2 + hull_height ** 2 + EPSILON)[..., 0]
    centre_distance = (((x_min1 + x_max1) / 2 - (x_min2 + x_max2) / 2) ** 2
                       + ((y_min1 + y_max1) / 2 - (y_min2 + y_max2) / 2) ** 2)[..., 0]
    v = (np.float32(4 / math.pi ** 2) * (np.arctan(width2 / height2) - np.arctan(width1 / height1)) ** 2)[..., 0]
    alpha = v / (v - iou + np.float32(1 + EPSILON))
    return Tensor(iou - (centre_distance / hull_diagonal + v * alpha))
