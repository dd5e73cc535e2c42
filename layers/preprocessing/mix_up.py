"""MixUp (Keras 3): each image blended with another of its batch, and its label mixed likewise.

The partner order is one ``keras.random.shuffle`` of the batch and the weights are
``keras.random.beta(alpha, alpha)`` draws, both from the layer's generator, as Keras draws
them; ``{'images': ..., 'labels': ...}`` inputs mix both, plain image batches the images.
CutMix (cut_mix.py) mixes its labels with ``_mixed_labels``.
"""
import numpy as np

from framework.backend import array_module
from framework.keras import random as keras_random
from framework.ops import multiply
from framework.tensor import Tensor

from .data_inputs import host_array
from .image_boxes import transformed_boxes
from .image_layer import ImageLayer
from .image_ranks import check_image_rank
from .random_transformation import shape_of
from ..training_flag import training_is_on


def _blend(raw, weight, permutation):
    """``weight * raw + (1 - weight) * raw[permutation]`` in raw's float dtype (float32 for
    integer labels); ``weight`` is already shaped to broadcast against ``raw``."""
    xp = array_module(raw)
    w = xp.asarray(weight, dtype=raw.dtype if raw.dtype.kind == 'f' else np.float32)
    return w * raw + (1.0 - w) * xp.take(raw, xp.asarray(permutation), axis=0)


def _mixed_labels(labels, weight, permutation):
    """The labels mixed as their images were: one weight per row, as a (batch, 1) column (Keras's shape)."""
    raw = labels._data if isinstance(labels, Tensor) else np.asarray(labels)
    weight = np.asarray(weight)
    if raw.dtype != weight.dtype and raw.size:
        # Keras multiplies its weights (MixUp's float32, CutMix's in the compute dtype) by the labels in TF's Mul,
        # which refuses labels of another dtype (TF 2.21: 'cannot compute Mul as input #1(zero-based) was expected
        # to be a float tensor but is a int64 tensor ...')
        multiply(Tensor(np.zeros(1, weight.dtype)), Tensor(raw.reshape(-1)[:1]))
    return Tensor(_blend(raw, weight.reshape(-1, 1), permutation))


def _mixed_masks(masks, weight, permutation):
    """Keras 3.15's mixed masks: its partners are ``take(masks, permutation)`` without an axis, the
    first elements of the flattened masks, broadcast against the last axis (so (B, H, W, 1) masks
    come back (B, H, W, B)); reproduced, as programs print them."""
    raw = masks._data if isinstance(masks, Tensor) else np.asarray(masks)
    xp = array_module(raw)
    partners = xp.take(raw.reshape(-1), xp.asarray(permutation))
    w = xp.asarray(weight.reshape(-1, 1, 1, 1), dtype=raw.dtype if raw.dtype.kind == 'f' else np.float32)
    return Tensor(w * raw + (1.0 - w) * partners)


class MixUp(ImageLayer):
    """``w * x + (1 - w) * x[perm]`` per image (and label), w ~ Beta(alpha, alpha).

    Args:
        alpha: the Beta distribution's two parameters (0.2 by default).
    """
    keras_seed_generators = 1

    def __init__(self, alpha=0.2, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.alpha = alpha
        self._keeps_composite_inputs = False

    def call(self, data, training=True):
        training_is_on(training)            # a graph tensor is refused, as Keras's `if training:` refuses it
        images = data['images'] if isinstance(data, dict) else data
        batched = len(images.shape) == 4
        count = images.shape[0] if batched else 1
        permutation, weight = self._drawn_from(self.get_random_transformation(data))
        check_image_rank(self, images, training)        # in any mode, after the draws, as Keras's base call
        if not training:
            return data
        if not isinstance(data, dict):
            return self._mixed_images(images, permutation, weight)
        data['images'] = self._mixed_images(images, permutation, weight)
        for key, mixed in (('labels', _mixed_labels), ('segmentation_masks', _mixed_masks)):
            if key in data:     # one image's as a batch of one (Keras's transform_single_*: a scalar label is (1,))
                data[key] = (mixed(data[key], weight, permutation) if batched
                             else Tensor(mixed(host_array(data[key])[None], weight, permutation)._data[0]))
        if 'bounding_boxes' in data:
            data['bounding_boxes'] = transformed_boxes(self, data['bounding_boxes'], permutation,
                                                       (count,) + tuple(images.shape[1:3]), not batched, batched)
        return data

    # Keras 3's augmentation API (random_transformation.py): {'mix_weight': (B,), 'permutation_order': int64 (B,)}
    def get_random_transformation(self, data, training=True, seed=None):
        """The batch's partner order and Beta(alpha, alpha) weights, drawn in any mode as Keras draws them."""
        shape = shape_of(data['images'] if isinstance(data, dict) else data)
        # (Keras: one image for rank 3, else shape[0] images, before its base call refuses a rank other than 4)
        count, seed = (1 if len(shape) == 3 else shape[0]), (self.generator if seed is None else seed)
        permutation = keras_random.shuffle(np.arange(count, dtype=np.int64), seed=seed)
        return {'mix_weight': keras_random.beta((count,), self.alpha, self.alpha, seed=seed),
                'permutation_order': permutation}

    @staticmethod
    def _drawn_from(transformation):
        return (host_array(transformation['permutation_order']).astype(np.int64),
                host_array(transformation['mix_weight']))

    def transform_images(self, images, transformation=None, training=True):
        return self._mixed_images(images, *self._drawn_from(transformation)) if training else images

    def transform_labels(self, labels, transformation, training=True):
        permutation, weight = self._drawn_from(transformation)
        return _mixed_labels(labels, weight, permutation) if training else labels

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        permutation, weight = self._drawn_from(transformation)
        return _mixed_masks(segmentation_masks, weight, permutation) if training else segmentation_masks

    def _apply_to_boxes(self, boxes, labels, permutation, height, width):
        # Keras 3.15 appends the partners' boxes to each image's, and the partners' label rows below
        # the labels (along the batch axis: its labels come back twice as many rows)
        return (np.concatenate([boxes, boxes[permutation]], axis=1),
                np.concatenate([labels, labels[permutation]], axis=0))

    def _mixed_images(self, images, permutation, weight):
        array, restore = self._images(images)
        return restore(_blend(array, weight.reshape(-1, 1, 1, 1), permutation))

    def get_config(self):
        config = super().get_config()
        config.update(alpha=self.alpha, seed=self.seed)
        return config
