"""Bounding-box formats and ``convert_format``.

Every conversion goes through 'xyxy' (left, top, right, bottom in pixels), as Keras 3's does, with
its arithmetic: a centre is ``x1 + (x2 - x1) / 2`` and a relative width ``(x2 - x1) / width``, so a
round trip through a relative format gives Keras's last bits (1.9999999 where 2 went in).
"""
import numpy as np

from framework.tensor import Tensor

from .arrays import box_array, columns, float_dtype, joined

SUPPORTED_FORMATS = ('xyxy', 'yxyx', 'xywh', 'center_xywh', 'center_yxhw', 'rel_xyxy', 'rel_yxyx', 'rel_xywh',
                     'rel_center_xywh')


def _to_xyxy(source, boxes, height, width):
    a, b, c, d = columns(boxes)
    if source == 'xyxy':
        return boxes
    if source == 'yxyx':
        return joined(b, a, d, c)
    if source == 'xywh':
        return joined(a, b, a + c, b + d)
    if source in ('center_xywh', 'center_yxhw'):
        cx, cy, w, h = (a, b, c, d) if source == 'center_xywh' else (b, a, d, c)
        half_w, half_h = w / 2.0, h / 2.0
        return joined(cx - half_w, cy - half_h, cx + half_w, cy + half_h)
    if source == 'rel_xyxy':
        return joined(a * width, b * height, c * width, d * height)
    if source == 'rel_yxyx':
        return joined(b * width, a * height, d * width, c * height)
    if source == 'rel_xywh':
        return joined(a * width, b * height, (a + c) * width, (b + d) * height)
    half_w, half_h = c / 2.0, d / 2.0            # rel_center_xywh
    return joined((a - half_w) * width, (b - half_h) * height, (a + half_w) * width, (b + half_h) * height)


def _from_xyxy(target, boxes, height, width):
    x1, y1, x2, y2 = columns(boxes)
    if target == 'xyxy':
        return boxes
    if target == 'yxyx':
        return joined(y1, x1, y2, x2)
    if target == 'xywh':
        return joined(x1, y1, x2 - x1, y2 - y1)
    if target in ('center_xywh', 'center_yxhw'):
        w, h = x2 - x1, y2 - y1
        cx, cy = x1 + w / 2.0, y1 + h / 2.0
        return joined(cx, cy, w, h) if target == 'center_xywh' else joined(cy, cx, h, w)
    if target == 'rel_xyxy':
        return joined(x1 / width, y1 / height, x2 / width, y2 / height)
    if target == 'rel_yxyx':
        return joined(y1 / height, x1 / width, y2 / height, x2 / width)
    if target == 'rel_xywh':
        return joined(x1 / width, y1 / height, (x2 - x1) / width, (y2 - y1) / height)
    return joined((x1 + (x2 - x1) / 2.0) / width, (y1 + (y2 - y1) / 2.0) / height,   # rel_center_xywh
                  (x2 - x1) / width, (y2 - y1) / height)


def convert_array(boxes, source, target, height=None, width=None, dtype='float32'):
    """``convert_format`` on a numpy array of (..., 4) boxes, giving a numpy array."""
    if boxes.ndim == 0 or boxes.shape[-1] != 4:
        raise ValueError('convert_format: `boxes` must be a tensor with the last dimension of 4. '
                         'Received: boxes.shape=%s' % (tuple(boxes.shape),))
    source, target = source.lower(), target.lower()
    if source not in SUPPORTED_FORMATS or target not in SUPPORTED_FORMATS:
        raise ValueError('convert_format: invalid source or target format (source=%r, target=%r). '
                         'Supported formats: %s' % (source, target, SUPPORTED_FORMATS))
    relative = source.startswith('rel_') or target.startswith('rel_')
    if relative and (height is None or width is None):
        raise ValueError('convert_format() must receive `height` and `width` transforming between relative and '
                         'absolute formats. convert_format() received source=`%s`, target=`%s`, but height=%s '
                         'and width=%s.' % (source, target, height, width))
    dtype = float_dtype(dtype, 'convert_format')
    boxes = boxes.astype(dtype)
    if source == target:
        return boxes
    # a size may be an array: the zoom layer converts each image's boxes by its own zoomed size
    height = None if height is None else box_array(height, 'height').astype(dtype)
    width = None if width is None else box_array(width, 'width').astype(dtype)
    if source.startswith('rel_') and target.startswith('rel_'):     # the sizes cancel: convert as absolute
        source, target = source[4:], target[4:]
    return _from_xyxy(target, _to_xyxy(source, boxes, height, width), height, width)


def convert_format(boxes, source, target, height=None, width=None, dtype='float32'):
    """Boxes converted from format ``source`` to ``target`` (Keras 3's formats, case-insensitive).

    Args:
        boxes: (..., 4) boxes, or a dict whose 'boxes' entry is converted (in place, as Keras does).
        source, target: one of SUPPORTED_FORMATS.
        height, width: the image's size; required when either format is relative ('rel_...').
        dtype: the dtype computed and returned (default float32).
    Returns:
        the converted boxes as a tensor of ``dtype`` (or the dict holding them).
    Raises:
        ValueError: a last axis other than 4, an unknown format, or a relative format without a size.
    """
    if isinstance(boxes, dict):
        boxes['boxes'] = convert_format(boxes['boxes'], source, target, height, width, dtype)
        return boxes
    return Tensor(convert_array(box_array(boxes, 'boxes'), source, target, height, width, dtype))
