"""Boxes as deltas from anchors and back (the regression targets of anchor-based detectors), as Keras 3
encodes them: centre offsets divided by the anchor's size, log size ratios, optionally over a variance."""
import numpy as np

from framework.tensor import Tensor

from .arrays import box_array
from .formats import convert_array

EPSILON = np.float32(1e-7)          # keras.backend.epsilon(), floor of the sizes divided by
CENTRE_FORMATS = ('center_xywh', 'center_yxhw')


def _variance(variance):
    if variance is None:
        return None
    variance = box_array(variance, 'variance').astype(np.float32)
    if variance.ndim == 0 or variance.shape[-1] != 4:
        raise ValueError('`variance` must be length 4, got %s' % (variance,))
    return variance


def _size(image_shape):
    if image_shape is None:
        return None, None
    height, width, _ = image_shape
    return height, width


def _log(x):
    from framework.ops import log          # TF's float32 log bits (framework.ops.eigen_math)
    return log(Tensor(x)).numpy()


def _exp(x):
    from framework.ops import exp
    return exp(Tensor(x)).numpy()


def encode_box_to_deltas(anchors, boxes, anchor_format, box_format, encoding_format='center_yxhw', variance=None,
                         image_shape=None):
    """Deltas taking ``anchors`` (N, 4) to ``boxes`` ((N, 4) or (B, N, 4)), in ``encoding_format``.

    Args:
        anchor_format, box_format: the formats of anchors and boxes.
        encoding_format: 'center_yxhw' (default) or 'center_xywh'.
        variance: four numbers the deltas are divided by (optional).
        image_shape: (height, width, channels), needed for relative formats.
    Raises:
        ValueError: a variance not of length 4, or another encoding_format.
    """
    variance = _variance(variance)
    if encoding_format not in CENTRE_FORMATS:
        raise ValueError("`encoding_format` should be one of 'center_xywh' or 'center_yxhw', got %s"
                         % (encoding_format,))
    height, width = _size(image_shape)
    anchors = convert_array(box_array(anchors, 'anchors'), anchor_format, encoding_format, height, width)
    boxes = convert_array(box_array(boxes, 'boxes'), box_format, encoding_format, height, width)
    anchor_sizes = np.maximum(anchors[..., 2:], EPSILON)
    box_sizes = np.maximum(boxes[..., 2:], EPSILON)
    deltas = np.concatenate([(boxes[..., :2] - anchors[..., :2]) / anchor_sizes, _log(box_sizes / anchor_sizes)], -1)
    if variance is not None:
        deltas = deltas / variance
    return Tensor(deltas)


def decode_deltas_to_boxes(anchors, boxes_delta, anchor_format, box_format, encoded_format='center_yxhw',
                           variance=None, image_shape=None):
    """Boxes in ``box_format`` from deltas on ``anchors`` (the inverse of encode_box_to_deltas).

    ``anchors`` and ``boxes_delta`` may be dicts of levels (same keys): a dict of boxes comes back.
    Raises:
        ValueError: a variance not of length 4, or another encoded_format.
    """
    variance = _variance(variance)
    if encoded_format not in CENTRE_FORMATS:
        raise ValueError("`encoded_format` should be 'center_xywh' or 'center_yxhw', but got '%s'."
                         % (encoded_format,))
    height, width = _size(image_shape)

    def decode(anchor, delta):
        anchor = convert_array(box_array(anchor, 'anchors'), anchor_format, encoded_format, height, width)
        delta = box_array(delta, 'boxes_delta')
        if variance is not None:
            delta = delta * variance
        delta = delta.astype(np.float32, copy=False)
        box = np.concatenate([delta[..., :2] * anchor[..., 2:] + anchor[..., :2],
                              _exp(delta[..., 2:]) * anchor[..., 2:]], -1)
        return Tensor(convert_array(box, encoded_format, box_format, height, width))

    if isinstance(anchors, dict) and isinstance(boxes_delta, dict):
        return {level: decode(anchor, boxes_delta[level]) for level, anchor in anchors.items()}
    return decode(anchors, boxes_delta)
