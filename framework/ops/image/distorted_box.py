"""``tf.image.sample_distorted_bounding_box`` and its stateless form: a random crop window with an
aspect ratio and an area in given ranges that covers enough of one of the given object boxes
(Inception-style augmentation).

The search is TensorFlow's SampleDistortedBoundingBox kernel: boxes truncated to whole pixels, float32
areas and ratios, a height drawn in [min, max] and the corner at Uniform(image - crop) (so a crop
smaller than the image never touches its far edge), up to max_attempts, the whole image as the
fallback. The stateless op draws TensorFlow's own bits (Philox from the seed, one word at a time,
rejection-sampled integers), so it gives TF 2.21's windows; the stateful one draws from tapeflow's
seeded stream.
"""
import numpy as np

from ... import philox as _philox, random as _random
from ...tensor import Tensor
from ..operands import named_errors
from ..op_results import SampleDistortedBoundingBoxV2, StatelessSampleDistortedBoundingBox
from ..stateless_random import _seed_values
from .boxes import _host
from ...tf_python_names import tf_named

_F32 = np.float32
_EPS = float(np.float32(1e-7))       # the kernel's `const float kEps`, used in double arithmetic


class _PhiloxBits:
    """TensorFlow's SimplePhilox over the stateless Philox stream of a seed pair."""

    def __init__(self, seed, op):
        key, counter = _philox.key_counter_from_seed(*_seed_values(seed, op))
        self._words = _philox.word_stream(key, counter)

    def rand_float(self):
        return _philox._unit_float32(np.array([next(self._words)], np.uint64))[0]

    def uniform(self, n):
        """ExactUniformInt: a power of two masks the low bits, else words below (2**32 - 1) % n + 1
        are rejected."""
        if n & (n - 1) == 0:
            return next(self._words) & (n - 1)
        low = (0xFFFFFFFF % n) + 1
        word = next(self._words)
        while word < low:
            word = next(self._words)
        return word % n


class _StreamBits:
    """The same interface over a numpy Generator keyed from tapeflow's seeded stream."""

    def __init__(self, rng):
        self._rng = rng

    def rand_float(self):
        return _F32(self._rng.random(dtype=np.float32))

    def uniform(self, n):
        return int(self._rng.integers(n))


def _rint(value):
    return int(np.rint(value))         # lrintf: to nearest, ties to even


def _crop(bits, width, height, min_relative, max_relative, aspect):
    """One TensorFlow GenerateRandomCrop attempt: (x, y, w, h) or None."""
    if max_relative <= 0 or aspect <= 0 or width <= 0 or height <= 0 or min_relative > max_relative:
        return None
    min_area = _F32(min_relative) * _F32(width) * _F32(height)
    max_area = _F32(max_relative) * _F32(width) * _F32(height)
    crop_h = _rint(np.sqrt(min_area / aspect))
    max_h = _rint(np.sqrt(max_area / aspect))
    if _rint(_F32(max_h) * aspect) > width:
        max_h = int((width + 0.5 - _EPS) / float(aspect))
        if _rint(_F32(max_h) * aspect) > width:
            max_h -= 1
    max_h = min(max_h, height)
    crop_h = min(crop_h, max_h)
    if crop_h < max_h:
        crop_h += bits.uniform(max_h - crop_h + 1)
    crop_w = _rint(_F32(crop_h) * aspect)
    area = _F32(crop_w * crop_h)
    if area < min_area:
        crop_h += 1
        crop_w = _rint(_F32(crop_h) * aspect)
        area = _F32(crop_w * crop_h)
    if area > max_area:
        crop_h -= 1
        crop_w = _rint(_F32(crop_h) * aspect)
        area = _F32(crop_w * crop_h)
    if area < min_area or area > max_area or crop_w > width or crop_h > height or crop_w <= 0 or crop_h <= 0:
        return None
    y = bits.uniform(height - crop_h) if crop_h < height else 0
    x = bits.uniform(width - crop_w) if crop_w < width else 0
    return x, y, crop_w, crop_h


def _area(x0, y0, x1, y1):
    return _F32((x1 - x0) * (y1 - y0))


def _covers(x, y, w, h, boxes, min_covered):
    """Whether the crop covers at least ``min_covered`` of one box (pixel rectangles x0, y0, x1, y1)."""
    if _area(x, y, x + w, y + h) < 1:
        return False
    for x0, y0, x1, y1 in boxes:
        box_area = _area(x0, y0, x1, y1)
        if box_area < 1:
            continue
        ix0, iy0, ix1, iy1 = max(x, x0), max(y, y0), min(x + w, x1), min(y + h, y1)
        inter = _F32(0) if ix0 > ix1 or iy0 > iy1 else _area(ix0, iy0, ix1, iy1)
        if inter / box_area >= min_covered:
            return True
    return False


def _sample(bits, image_size, bounding_boxes, min_object_covered, aspect_ratio_range, area_range, max_attempts,
            use_image_if_no_bounding_boxes, op):
    size = _host(image_size, op, 'image_size', 'i').reshape(-1)
    if size.shape != (3,) or (size[:2] < 1).any():
        raise ValueError('%s: image_size must be [height, width, channels] with positive sides, got %s'
                         % (op, size.tolist()))
    height, width = int(size[0]), int(size[1])
    boxes = _host(bounding_boxes, op, 'bounding_boxes').astype(np.float32)
    if boxes.size % 4 or (boxes.size and boxes.shape[-1] != 4):
        raise ValueError('%s: bounding_boxes must be (..., 4) [y1, x1, y2, x2] boxes, got shape %s' % (op, boxes.shape))
    boxes = boxes.reshape(-1, 4)
    if ((boxes < 0) | (boxes > 1)).any():
        raise ValueError('%s: all bounding box coordinates must be in [0.0, 1.0], got %s' % (op, boxes.tolist()))
    if len(boxes) == 0 and not use_image_if_no_bounding_boxes:
        raise ValueError('%s: no bounding boxes given; pass some or use_image_if_no_bounding_boxes=True' % op)
    low_ratio, high_ratio = (_F32(v) for v in aspect_ratio_range)
    low_area, high_area = (_F32(v) for v in area_range)
    if not (0 < low_ratio and 0 < high_ratio) or not 0 < low_area <= 1 or not 0 < high_area <= 1:
        raise ValueError('%s: need positive aspect_ratio_range and area_range within (0, 1], got %r and %r'
                         % (op, aspect_ratio_range, area_range))
    # pixel rectangles (x0, y0, x1, y1), truncated as the kernel's static_cast<int32>(coordinate * side)
    pixels = [(int(b[1] * _F32(width)), int(b[0] * _F32(height)), int(b[3] * _F32(width)), int(b[2] * _F32(height)))
              for b in boxes] or [(0, 0, width, height)]
    found = None
    for _ in range(int(max_attempts)):
        aspect = bits.rand_float() * (high_ratio - low_ratio) + low_ratio
        crop = _crop(bits, width, height, low_area, high_area, aspect)
        if crop is not None and _covers(*crop, pixels, _F32(min_object_covered)):
            found = crop
            break
    x, y, w, h = found if found is not None else (0, 0, width, height)
    box = np.array([[[_F32(y) / _F32(height), _F32(x) / _F32(width), _F32(y + h) / _F32(height),
                      _F32(x + w) / _F32(width)]]], np.float32)
    return (Tensor(np.array([y, x, 0], size.dtype)), Tensor(np.array([h, w, -1], size.dtype)), Tensor(box))


@tf_named('sample_distorted_bounding_box_v2')
@named_errors('image.sample_distorted_bounding_box')
def sample_distorted_bounding_box(image_size, bounding_boxes, seed=0, min_object_covered=0.1,
                                  aspect_ratio_range=None, area_range=None, max_attempts=None,
                                  use_image_if_no_bounding_boxes=None, name=None):
    """(begin, size, bboxes) of a random crop for tf.slice: begin [y, x, 0], size [h, w, -1] and the
    crop as a normalised box (1, 1, 4). Defaults: aspect ratios [0.75, 1.33], areas [0.05, 1], 100 attempts."""
    # One draw from tapeflow's (seeded) stream keys this call's generator.
    bits = _StreamBits(np.random.default_rng(_random.draw_seed(seed or None)))
    return SampleDistortedBoundingBoxV2(*_sample(bits, image_size, bounding_boxes, min_object_covered, aspect_ratio_range or (0.75, 1.33),
                   area_range or (0.05, 1.0), max_attempts or 100, use_image_if_no_bounding_boxes,
                   'image.sample_distorted_bounding_box'))


@named_errors('image.stateless_sample_distorted_bounding_box')
def stateless_sample_distorted_bounding_box(image_size, bounding_boxes, seed, min_object_covered=0.1,
                                            aspect_ratio_range=None, area_range=None, max_attempts=None,
                                            use_image_if_no_bounding_boxes=None, name=None):
    """sample_distorted_bounding_box decided by ``seed`` (two integers)."""
    op = 'image.stateless_sample_distorted_bounding_box'
    return StatelessSampleDistortedBoundingBox(*_sample(
        _PhiloxBits(seed, op), image_size, bounding_boxes, min_object_covered, aspect_ratio_range or (0.75, 1.33),
        area_range or (0.05, 1.0), max_attempts or 100, use_image_if_no_bounding_boxes, op))
