"""``tf.image.sample_distorted_bounding_box`` and its stateless form: a random crop window with an
aspect ratio and an area in given ranges that covers enough of one of the given object boxes
(Inception-style augmentation). The search is TensorFlow's (integer sizes, up to max_attempts,
the whole image as the fallback); the random numbers are tapeflow's, not TensorFlow's."""
import numpy as np

from ... import random as _random
from ...tensor import Tensor
from ..operands import named_errors
from ..stateless_random import _generator
from .boxes import _host


def _crop(rng, width, height, aspect, min_area, max_area):
    """One TensorFlow-style crop attempt: (x, y, w, h) or None."""
    crop_h = int(np.rint(np.sqrt(min_area / aspect)))
    max_h = int(np.rint(np.sqrt(max_area / aspect)))
    if int(np.rint(max_h * aspect)) > width:
        max_h = int((width + 0.5 - 1e-7) / aspect)
    max_h = min(max_h, height)
    crop_h = min(crop_h, max_h)
    if crop_h < max_h:
        crop_h += int(rng.integers(max_h - crop_h + 1))
    crop_w = int(np.rint(crop_h * aspect))
    if crop_w * crop_h < min_area:
        crop_h += 1
        crop_w = int(np.rint(crop_h * aspect))
    if crop_w * crop_h > max_area:
        crop_h -= 1
        crop_w = int(np.rint(crop_h * aspect))
    area = crop_w * crop_h
    if area < min_area or area > max_area or not 0 < crop_w <= width or not 0 < crop_h <= height:
        return None
    return int(rng.integers(width - crop_w + 1)), int(rng.integers(height - crop_h + 1)), crop_w, crop_h


def _covers(x, y, w, h, boxes, min_covered):
    """Whether the crop covers at least ``min_covered`` of one box's area (boxes in pixels)."""
    for y1, x1, y2, x2 in boxes:
        area = (y2 - y1) * (x2 - x1)
        inter = max(0.0, min(y2, y + h) - max(y1, y)) * max(0.0, min(x2, x + w) - max(x1, x))
        if area > 0 and inter / area >= min_covered:
            return True
    return False


def _sample(rng, image_size, bounding_boxes, min_object_covered, aspect_ratio_range, area_range, max_attempts,
            use_image_if_no_bounding_boxes, op):
    size = _host(image_size, op, 'image_size', 'i').reshape(-1)
    if size.shape != (3,) or (size[:2] < 1).any():
        raise ValueError('%s: image_size must be [height, width, channels] with positive sides, got %s'
                         % (op, size.tolist()))
    height, width = int(size[0]), int(size[1])
    boxes = _host(bounding_boxes, op, 'bounding_boxes').astype(np.float64)
    if boxes.size % 4 or (boxes.size and boxes.shape[-1] != 4):
        raise ValueError('%s: bounding_boxes must be (..., 4) [y1, x1, y2, x2] boxes, got shape %s' % (op, boxes.shape))
    boxes = boxes.reshape(-1, 4)
    if len(boxes) == 0:
        if not use_image_if_no_bounding_boxes:
            raise ValueError('%s: no bounding boxes given; pass some or use_image_if_no_bounding_boxes=True' % op)
        boxes = np.array([[0.0, 0.0, 1.0, 1.0]])
    low_ratio, high_ratio = (float(v) for v in aspect_ratio_range)
    low_area, high_area = (float(v) for v in area_range)
    if not 0 < low_ratio <= high_ratio or not 0 < low_area <= high_area <= 1:
        raise ValueError('%s: need 0 < aspect_ratio_range[0] <= [1] and 0 < area_range[0] <= [1] <= 1, got %r and %r'
                         % (op, aspect_ratio_range, area_range))
    pixels = boxes * [height, width, height, width]
    found = None
    for _ in range(int(max_attempts)):
        aspect = rng.uniform(low_ratio, high_ratio)
        crop = _crop(rng, width, height, aspect, low_area * width * height, high_area * width * height)
        if crop is not None and _covers(*crop, pixels, float(min_object_covered)):
            found = crop
            break
    x, y, w, h = found if found is not None else (0, 0, width, height)
    box = np.array([[[y / height, x / width, (y + h) / height, (x + w) / width]]], np.float32)
    return (Tensor(np.array([y, x, 0], size.dtype)), Tensor(np.array([h, w, -1], size.dtype)), Tensor(box))


@named_errors('image.sample_distorted_bounding_box')
def sample_distorted_bounding_box(image_size, bounding_boxes, seed=0, min_object_covered=0.1,
                                  aspect_ratio_range=None, area_range=None, max_attempts=None,
                                  use_image_if_no_bounding_boxes=None, name=None):
    """(begin, size, bboxes) of a random crop for tf.slice: begin [y, x, 0], size [h, w, -1] and the
    crop as a normalised box (1, 1, 4). Defaults: aspect ratios [0.75, 1.33], areas [0.05, 1], 100 attempts."""
    # One draw from tapeflow's (seeded) stream keys this call's generator.
    rng = np.random.default_rng(_random.draw_seed(seed or None))
    return _sample(rng, image_size, bounding_boxes, min_object_covered, aspect_ratio_range or (0.75, 1.33),
                   area_range or (0.05, 1.0), max_attempts or 100, use_image_if_no_bounding_boxes,
                   'image.sample_distorted_bounding_box')


@named_errors('image.stateless_sample_distorted_bounding_box')
def stateless_sample_distorted_bounding_box(image_size, bounding_boxes, seed, min_object_covered=0.1,
                                            aspect_ratio_range=None, area_range=None, max_attempts=None,
                                            use_image_if_no_bounding_boxes=None, name=None):
    """sample_distorted_bounding_box decided by ``seed`` (two integers)."""
    op = 'image.stateless_sample_distorted_bounding_box'
    return _sample(_generator(seed, op), image_size, bounding_boxes, min_object_covered,
                   aspect_ratio_range or (0.75, 1.33), area_range or (0.05, 1.0), max_attempts or 100,
                   use_image_if_no_bounding_boxes, op)
