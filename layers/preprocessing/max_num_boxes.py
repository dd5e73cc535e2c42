"""MaxNumBoundingBoxes (Keras 3.15): each image's boxes cut or padded to ``max_number`` (padding
boxes and labels hold ``fill_value``), so that batches of box lists have one shape. Images, labels
and masks pass unchanged; it applies at inference too, as in Keras."""
import numpy as np

from framework.tensor import Tensor

from .data_inputs import host_array
from .image_layer import ImageLayer


def _identity(x):
    return x


class MaxNumBoundingBoxes(ImageLayer):
    """Cut or pad the 'bounding_boxes' of dict inputs to ``max_number`` boxes per image.

    Args:
        max_number: the number of boxes per image.
        fill_value: the padding boxes' coordinates and labels (an int, -1 by default; Keras 3.15
            leaves it out of the config, so a reloaded layer pads with -1).
        bounding_box_format: required with boxes, as in every Keras image layer.
    """

    def __init__(self, max_number, fill_value=-1, **kwargs):
        super().__init__(**kwargs)
        self.max_number, self.fill_value = int(max_number), int(fill_value)

    def call(self, data, training=True):
        if not isinstance(data, dict):
            return data
        return self._dict_call(data, _identity, _identity)

    # Keras 3's augmentation API (random_transformation.py): nothing drawn; images, labels and masks as given
    def get_random_transformation(self, data, training=True, seed=None):
        return None

    def transform_images(self, images, transformation=None, training=True):
        return images

    def transform_labels(self, labels, transformation=None, training=True):
        return labels

    def transform_segmentation_masks(self, segmentation_masks, transformation=None, training=True):
        return segmentation_masks

    def transform_bounding_boxes(self, bounding_boxes, transformation=None, training=True):
        """The boxes cut or padded to ``max_number`` per image (in any mode, any format, as Keras's)."""
        boxes, labels = self._apply_to_boxes(host_array(bounding_boxes['boxes']), host_array(bounding_boxes['labels']),
                                             None, None, None)
        return dict(bounding_boxes, boxes=Tensor(boxes), labels=Tensor(labels))

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        missing = max(self.max_number - boxes.shape[1], 0)
        boxes = np.pad(boxes[:, :self.max_number], ((0, 0), (0, missing), (0, 0)), constant_values=self.fill_value)
        labels = np.pad(labels[:, :self.max_number], ((0, 0), (0, missing)) + ((0, 0),) * (labels.ndim - 2),
                        constant_values=self.fill_value)
        return boxes, labels

    def compute_output_shape(self, input_shape):
        if isinstance(input_shape, dict) and 'bounding_boxes' in input_shape:
            extra = set(input_shape['bounding_boxes']) - {'boxes', 'labels'}
            if extra:
                raise KeyError('There are unsupported keys in `bounding_boxes`: %s. Only `boxes` and `labels` are '
                               'supported.' % (sorted(extra),))
            for key in ('boxes', 'labels'):
                shape = list(input_shape['bounding_boxes'][key])
                shape[1] = self.max_number
                input_shape['bounding_boxes'][key] = shape
        return input_shape

    def get_config(self):
        config = super().get_config()
        config['max_number'] = self.max_number
        return config
