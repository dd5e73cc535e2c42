"""Bounding boxes in the image layers' dict inputs, ``{'images': ..., 'bounding_boxes': {'boxes':
(batch, N, 4) or (N, 4), 'labels': (batch, N) or (N,)}}``, as Keras 3's image layers take them.

The boxes are made float32 arrays (Keras's densify step), given to the layer's ``_apply_to_boxes``
batched (a single image's boxes get a batch axis of one and lose it after), and come back as
tensors in the dict, with any other keys of the box dict kept.
"""
import numpy as np

from framework.tensor import Tensor

from .data_inputs import host_array


def _checked(bounding_boxes, who):
    if not isinstance(bounding_boxes, dict) or 'labels' not in bounding_boxes or 'boxes' not in bounding_boxes:
        raise ValueError("%s: expected `bounding_boxes` to be a dict with keys 'boxes' and 'labels'. Received: "
                         "bounding_boxes=%r" % (who, bounding_boxes))
    boxes = host_array(bounding_boxes['boxes']).astype(np.float32)
    labels = host_array(bounding_boxes['labels'])
    if boxes.ndim not in (2, 3):
        raise ValueError("%s: expected `bounding_boxes['boxes']` to have rank 2 or 3, with shape (num_boxes, 4) "
                         "or (batch_size, num_boxes, 4). Received: bounding_boxes['boxes'].shape=%s"
                         % (who, boxes.shape))
    if labels.ndim not in (boxes.ndim - 1, boxes.ndim):
        raise ValueError("%s: found bounding_boxes['boxes'].shape=%s and expected bounding_boxes['labels'] to have "
                         "rank %d or %d, but received: bounding_boxes['labels'].shape=%s"
                         % (who, boxes.shape, boxes.ndim - 1, boxes.ndim, labels.shape))
    return boxes, labels


def require_box_format(layer):
    """Keras 3's refusal of a dict input with 'bounding_boxes' to a layer made without bounding_box_format."""
    if not layer.bounding_box_format:
        raise ValueError("You passed an input with a 'bounding_boxes' key, but you didn't specify a bounding box "
                         "format. Pass a `bounding_box_format` argument to your %s layer, e.g. "
                         "`bounding_box_format='xyxy'`." % (type(layer).__name__,))


def transformed_boxes(layer, bounding_boxes, drawn, image_shape, single, training):
    """``bounding_boxes`` after ``layer``'s transform ``drawn`` of images of channels-last ``image_shape``
    (while training; at inference they come back densified only)."""
    require_box_format(layer)
    boxes, labels = _checked(bounding_boxes, layer._who)
    if training:
        if single:
            boxes, labels = boxes[None], labels[None]
        boxes, labels = layer._apply_to_boxes(boxes, labels, drawn, image_shape[1], image_shape[2])
        if single:
            boxes, labels = boxes[0], labels[0]
    result = dict(bounding_boxes)
    result['boxes'], result['labels'] = Tensor(np.ascontiguousarray(boxes)), Tensor(np.ascontiguousarray(labels))
    return result
