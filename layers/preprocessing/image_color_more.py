"""Keras 3's colour augmentations: RandomGrayscale, RandomInvert, Solarization,
RandomColorDegeneration and AutoContrast.

Each draws from one seeded generator in Keras's order (so a program seeded with
``keras.utils.set_random_seed`` gets Keras's choices), works on images in
``value_range`` (mapped to 0..255 where Keras maps them), and is the identity at
inference except AutoContrast, which is not random and always applies.
"""
import numpy as np

from framework.backend import array_module
from framework.keras.ops_image_colour import rgb_to_grayscale
from framework.tensor import Tensor

from .data_inputs import host_array
from .image_layer import DRAW, AugmentationLayer, ColourLayer, ImageLayer
from .random_transformation import KerasTransformations, OneFactorTransformation


def _value_range(value_range, who):
    if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
        raise ValueError('The `value_range` argument should be a list of two numbers. Received: value_range=%s'
                         % (value_range,))
    return sorted(value_range)


def _rescaled(images, source, target):
    """Images mapped linearly from the ``source`` value range to ``target`` (Keras's formula)."""
    if source[0] == target[0] and source[1] == target[1]:
        return images
    dtype = images.dtype.type
    unit = (images - dtype(source[0])) / (dtype(source[1]) - dtype(source[0]))
    return unit * (dtype(target[1]) - dtype(target[0])) + dtype(target[0])


def _grey(images):
    return rgb_to_grayscale(Tensor(images), data_format='channels_last')._data


class RandomGrayscale(KerasTransformations, AugmentationLayer):
    """Each image turned grey (its three channels the luma 0.2989 R + 0.5870 G + 0.1140 B)
    with probability ``factor`` while training.

    Raises:
        ValueError: factor outside [0, 1].
    """
    keras_seed_generators = 1
    draws_at_inference = True       # Keras 3.15 draws its coins before looking at training
    keeps_masks = True

    def __init__(self, factor=0.5, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        if factor < 0 or factor > 1:
            raise ValueError('`factor` should be between 0 and 1. Received: factor=%s' % (factor,))
        self.factor = factor

    def _draw(self, images, xp):
        return (self._uniform((images.shape[0],), 0.0, 1.0, xp) < self.factor)[:, None, None, None]

    def _keras_transformation(self, apply, shape):
        return Tensor(apply)        # (Keras's bare (B, 1, 1, 1) bools, (1, 1, 1, 1) for a single image)

    def _drawn_from(self, transformation, batch, height, width):
        # Keras draws where it is given None
        return DRAW if transformation is None else host_array(transformation).reshape(-1, 1, 1, 1)

    def _apply(self, images, apply, xp):
        return xp.where(apply, _grey(images), images)

    def get_config(self):
        config = super().get_config()
        config['factor'] = self.factor
        return config


class RandomInvert(OneFactorTransformation, ColourLayer):
    """``high - x`` for each image whose uniform draw falls under its own inversion probability,
    itself drawn in ``factor``'s range.

    Args:
        factor: a number f in [0, 1] (the probability drawn in [0, f]) or a pair.
        value_range: the images' (low, high), (0, 255) by default.
    """
    falsy_seed_is_none = True       # (Keras 3: `seed = seed or` its generator)
    rank_text = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'     # Keras 3's

    def __init__(self, factor=1.0, value_range=(0, 255), seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.value_range = value_range

    transformation_key = 'apply_inversion'

    def _draw(self, images, xp):
        count = images.shape[0]
        probability = self._uniform((count,), self.factor[0], self.factor[1], xp)
        return self._uniform((count,), 0.0, 1.0, xp) < probability

    def _apply(self, images, invert, xp):
        return xp.where(invert[:, None, None, None], images.dtype.type(self.value_range[1]) - images, images)


def _base_factor(factor, bounds=(-1, 1)):
    """Keras's BaseImagePreprocessingLayer factor: a number f gives (max(-f, low), f), a pair is sorted."""
    message = ('The `factor` argument should be a number (or a list of two numbers) in the range [%s, %s]. '
               'Received: factor=%s' % (bounds[0], bounds[1], factor))
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or factor[0] > bounds[1] or factor[1] < bounds[0]:
            raise ValueError(message)
        return tuple(sorted(factor))
    if isinstance(factor, (int, float)) and not isinstance(factor, bool):
        if factor < bounds[0] or factor > bounds[1]:
            raise ValueError(message)
        factor = abs(factor)
        return (max(-factor, bounds[0]), factor)
    raise ValueError(message)


class Solarization(KerasTransformations, AugmentationLayer):
    """Add a random amount to each image, then invert the values at or above a random threshold
    (on the 0..255 scale, as Keras computes it).

    Args:
        addition_factor: a number f (additions in [0, 255 f]) or a pair in [0, 1].
        threshold_factor: likewise for the threshold.
        value_range: the images' (low, high), (0, 255) by default.
    """
    keras_seed_generators = 1
    casts_at_inference = True
    keeps_masks = True

    def __init__(self, addition_factor=0.0, threshold_factor=0.0, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(seed=seed, **kwargs)
        self.addition_factor = self._factor(addition_factor, 'addition_factor')
        self.threshold_factor = self._factor(threshold_factor, 'threshold_factor')
        self.value_range = _value_range(value_range, 'Solarization')

    @staticmethod
    def _factor(factor, name):
        message = ('The `addition_factor` and `threshold_factor` arguments should be a number (or a list of two '
                   'numbers) in the range [0, 1]. Received: ')
        values = list(factor) if isinstance(factor, (tuple, list)) else [factor]
        if len(values) not in (1, 2) or not all(isinstance(v, (int, float)) for v in values):
            raise ValueError(message + '%s=%s' % (name, factor))
        for value in values:            # Keras names the offending number, not the argument
            if not 0 <= value <= 1:
                raise ValueError(message + 'input_number=%s' % (value,))
        return tuple(sorted(values)) if len(values) == 2 else (0, values[0])

    def _draw(self, images, xp):
        shape = (images.shape[0], 1, 1, 1)
        # (in the compute dtype, as Keras draws them)
        additions = self._uniform(shape, self.addition_factor[0], self.addition_factor[1] * 255, xp, self.compute_dtype)
        return additions, self._uniform(shape, self.threshold_factor[0], self.threshold_factor[1] * 255, xp,
                                        self.compute_dtype)

    def _keras_transformation(self, drawn, shape):
        return {key: Tensor(values if len(shape) == 4 else values[0]) for key, values in zip(self._keys, drawn)}

    def _drawn_from(self, transformation, batch, height, width):
        return tuple(host_array(transformation[key]).reshape(-1, 1, 1, 1) for key in self._keys)

    _keys = ('additions', 'thresholds')

    def _apply(self, images, drawn, xp):
        additions, thresholds = drawn
        scaled = _rescaled(images, self.value_range, (0, 255))
        results = xp.clip(scaled + additions, 0, 255)
        results = xp.where(results < thresholds, results, np.float32(255) - results)
        return _rescaled(results, (0, 255), self.value_range).astype(images.dtype)

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, addition_factor=self.addition_factor,
                      threshold_factor=self.threshold_factor, seed=self.seed)
        return config


class RandomColorDegeneration(OneFactorTransformation, ColourLayer):
    """Blend each image toward its grey version by a random amount drawn in ``factor``,
    ``x + f * (grey - x)``, clipped to ``value_range``."""
    draws_at_inference = True       # Keras 3.15 draws the amounts before looking at training
    rank_text = 'Expected the input image to be rank 3 or 4. Received: inputs.shape=%s'     # Keras 3's
    rank_text_at_inference = True       # (its get_random_transformation tests the rank in any mode)
    keras_factor_shape = drawn_factor_shape = (-1, 1, 1, 1)

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor)
        self.value_range = _value_range(value_range, 'RandomColorDegeneration')

    def _draw(self, images, xp):
        return self._uniform((images.shape[0], 1, 1, 1), self.factor[0], self.factor[1], xp)

    def _apply(self, images, factor, xp):
        out = images + factor * (_grey(images) - images)
        return xp.clip(out, self.value_range[0], self.value_range[1]).astype(images.dtype)


class AutoContrast(ImageLayer):
    """Stretch each image's channels to the full ``value_range`` (its per-channel min to low,
    max to high); not random, so it applies at inference too."""

    def __init__(self, value_range=(0, 255), **kwargs):
        super().__init__(**kwargs)
        self.value_range = _value_range(value_range, 'AutoContrast')

    def call(self, data, training=True):    # ('data', Keras's name: its call errors list the arguments)
        if isinstance(data, dict):        # stretched at inference too; masks and boxes kept, as in Keras
            return self._dict_call(data, self.call, lambda masks: masks)
        images, restore = self._images(data)
        return restore(self._apply(images, None, array_module(images)))

    # Keras 3's augmentation API (random_transformation.py): nothing drawn; stretched in any mode, masks as given
    def get_random_transformation(self, data, training=True, seed=None):
        return None

    def transform_images(self, images, transformation=None, training=True):
        return self.call(images)

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        return segmentation_masks

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def _apply(self, images, drawn, xp):
        """The stretched images (also a step of RandAugment)."""
        scaled = _rescaled(images, self.value_range, (0, 255))
        low = scaled.min(axis=(1, 2), keepdims=True)
        high = scaled.max(axis=(1, 2), keepdims=True)
        with np.errstate(divide='ignore', invalid='ignore'):
            scale = np.float32(255.0) / (high - low)
            results = xp.clip(scaled * scale + (-low * scale), 0.0, 255.0)
        results = _rescaled(results, (0, 255), self.value_range)
        return xp.where(xp.isnan(results), images, results).astype(images.dtype)

    def get_config(self):
        config = super().get_config()
        config['value_range'] = self.value_range
        return config
