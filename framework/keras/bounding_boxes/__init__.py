"""``keras.utils.bounding_boxes``: Keras 3's box helpers (format conversion, clipping, affine
transforms, crops and pads, anchor deltas, IoU and CIoU), each computing in float32 with the
operations, in the order, that Keras 3's TensorFlow backend runs, so the boxes carry its bits."""
from .deltas import decode_deltas_to_boxes, encode_box_to_deltas
from .formats import convert_format
from .geometry import affine_transform, clip_to_image_size, crop, pad
from .iou import compute_ciou, compute_iou

__all__ = ['affine_transform', 'clip_to_image_size', 'compute_ciou', 'compute_iou', 'convert_format', 'crop',
           'decode_deltas_to_boxes', 'encode_box_to_deltas', 'pad']


def __dir__():          # the public names only, as dir(keras.utils.bounding_boxes) lists them
    return list(__all__)
