"""CutMix (Keras 3): each image of a batch given a box cut from another image of it, and its label
mixed by the area kept.

Keras 3's draws, in its order and float32 arithmetic, from the layer's generator: alpha, the
Beta(alpha, alpha) weights, the boxes' starts along the width then the height, then the partner
order. ``get_random_transformation`` returns them in Keras's structure ({'permutation_order',
'batch_masks', 'mix_weight'}); the call applies it through ``transform_images`` /
``transform_labels``, as Keras's base image layer does, so the masks of a dict input are cut as its
images are (cast to the layer's dtype) and a single image (no partner) is only cast.
"""
import numpy as np

from framework.backend import array_module
from framework.keras import random as keras_random
from framework.tensor import Tensor

from .data_inputs import host_array
from .image_boxes import require_box_format
from .image_color_more import _base_factor
from .image_layer import ImageLayer
from .image_ranks import check_image_rank
from .mix_up import _mixed_labels
from .random_transformation import drawing_from, shape_of
from ..training_flag import training_is_on


class CutMix(ImageLayer):
    """Paste a random box of another image of the batch into each image, and mix the labels
    by the area kept.

    Args:
        factor: a number f in [0, 1] (alpha drawn in [0, f]) or a pair.
    """
    keras_seed_generators = 1
    short_rank_reads = 3      # (Keras 3.15's get_random_transformation reads images.shape[-3] while training)

    def __init__(self, factor=1.0, seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self._keeps_composite_inputs = False

    def call(self, data, training=True):
        training_is_on(training)            # a graph tensor is refused, as Keras's `if training:` refuses it
        check_image_rank(self, data['images'] if isinstance(data, dict) else data, training)
        transformation = self.get_random_transformation(data, training=training)
        if not isinstance(data, dict):
            return self.transform_images(data, transformation, training)
        data['images'] = self.transform_images(data['images'], transformation, training)
        if 'bounding_boxes' in data:
            require_box_format(self)
            error = NotImplementedError()       # (Keras 3.15's transform_bounding_boxes, without a message)
            error.add_note('%s: Keras 3.15 defines no CutMix of bounding boxes' % (self._who,))
            raise error
        if 'labels' in data:
            data['labels'] = self.transform_labels(data['labels'], transformation, training)
        if 'segmentation_masks' in data:
            data['segmentation_masks'] = self.transform_segmentation_masks(data['segmentation_masks'],
                                                                           transformation, training)
        return data

    def get_random_transformation(self, data, training=True, seed=None):
        """Keras's {'permutation_order': int32 (B,), 'batch_masks': bool, the images' shape, 'mix_weight':
        (B, 1, 1, 1) the area kept}; None while not training or for a single image."""
        shape = shape_of(data['images'] if isinstance(data, dict) else data)
        if not training or len(shape) != 4:
            return None
        count, (height, width) = shape[0], (shape[axis] for axis in self._spatial_axes(4))
        dtype = self.compute_dtype     # (Keras draws and computes the boxes in it)
        real = np.dtype(dtype).type
        with drawing_from(self, seed or None):      # (Keras's `seed or` its generator: 0 draws from it too)
            generator = self._draws_from
            alpha = keras_random.uniform((), self.factor[0], self.factor[1], dtype=dtype, seed=generator).numpy()
            alpha = real(alpha + real(1e-6))
            weight = keras_random.beta((count,), alpha, alpha, dtype=dtype, seed=generator).numpy()
            ratio = np.sqrt(real(1.0) - weight)
            x0, x1 = self._crop_bounds(count, width, ratio)
            y0, y1 = self._crop_bounds(count, height, ratio)
            permutation = keras_random.shuffle(np.arange(count, dtype=np.int32), seed=generator)
        x0, x1, y0, y1 = (bound[:, None, None, None] for bound in (x0, x1, y0, y1))
        rows = np.arange(height, dtype=real)[None, :, None, None]
        cols = np.arange(width, dtype=real)[None, None, :, None]
        box = (cols >= x0) & (cols < x1) & (rows >= y0) & (rows < y1)
        channels_first = self.data_format == 'channels_first'
        box = np.repeat(box, shape[1 if channels_first else 3], axis=3)
        kept = real(1.0) - (x1 - x0) * (y1 - y0) / real(width * height)
        return {'permutation_order': permutation, 'batch_masks': Tensor(np.moveaxis(box, 3, 1) if channels_first
                                                                         else box),
                'mix_weight': Tensor(kept)}

    def _crop_bounds(self, count, length, ratio):
        kind = ratio.dtype.type
        crop = (ratio * kind(length)).astype(kind)
        start = keras_random.uniform((count,), 0.0, 1.0, dtype=ratio.dtype.name, seed=self._draws_from).numpy()
        start = start * (kind(length) - crop)
        return start, start + crop

    def transform_images(self, images, transformation=None, training=True):
        """The images with their partners' boxes pasted in while training; cast to the layer's dtype."""
        array, restore = self._images(images)
        if training and transformation is not None:
            masks = host_array(transformation['batch_masks'])
            masks = np.moveaxis(masks, 1, -1) if self.data_format == 'channels_first' else masks
            xp = array_module(array)
            partners = xp.take(array, xp.asarray(host_array(transformation['permutation_order'])), axis=0)
            array = xp.where(xp.asarray(masks), partners, array)
        return restore(array)

    def transform_labels(self, labels, transformation, training=True):
        if not (training and transformation is not None):
            return labels
        return _mixed_labels(labels, host_array(transformation['mix_weight']).reshape(-1),
                             host_array(transformation['permutation_order']))

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        return self.transform_images(segmentation_masks, transformation, training)

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, seed=self.seed)
        return config
