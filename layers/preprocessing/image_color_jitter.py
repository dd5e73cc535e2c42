"""RandomColorJitter and RandomPosterization (Keras 3)."""
import numpy as np

from framework.keras import random as keras_random

from .image_color import RandomBrightness, RandomContrast
from .image_color_more import _base_factor, _rescaled, _value_range
from .image_hsv import RandomHue, RandomSaturation
from .image_layer import ColourLayer, ImageLayer
from .image_ranks import check_image_rank
from .random_transformation import OneFactorTransformation
from ..training_flag import training_is_on


def _unchanged(x):
    return x


class RandomColorJitter(ImageLayer):
    """RandomBrightness, RandomContrast, RandomSaturation and RandomHue in that order, each
    made only when its factor is given, all drawing from this layer's generator (as Keras 3:
    the sublayers' own generators are made, and so take their seeds, but are not drawn from).
    """
    keras_seed_generators = 1

    def __init__(self, value_range=(0, 255), brightness_factor=None, contrast_factor=None, saturation_factor=None,
                 hue_factor=None, seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.value_range = value_range
        self.brightness_factor, self.contrast_factor = brightness_factor, contrast_factor
        self.saturation_factor, self.hue_factor = saturation_factor, hue_factor
        # Keras's attributes (None where no factor), which name the layers' groups in saved files
        for attribute, cls, factor in (('random_brightness', RandomBrightness, brightness_factor),
                                       ('random_contrast', RandomContrast, contrast_factor),
                                       ('random_saturation', RandomSaturation, saturation_factor),
                                       ('random_hue', RandomHue, hue_factor)):
            step = None if factor is None else cls(factor=factor, value_range=value_range, seed=seed)
            if step is not None:
                step.draw_from(self)
            setattr(self, attribute, step)

    @property
    def _jitter_steps(self):
        return [step for step in (self.random_brightness, self.random_contrast, self.random_saturation,
                                  self.random_hue) if step is not None]

    def build(self, input_shape):
        # as Keras: the jitter layers are built here, so the layer is not built by running its call
        for step in self._jitter_steps:
            step.build(input_shape)
        super().build(input_shape)

    def call(self, data, training=True):    # ('data', Keras's name: its call errors list the arguments)
        training_is_on(training)            # a graph tensor is refused, as Keras's `if training:` refuses it
        check_image_rank(self, data['images'] if isinstance(data, dict) else data, training)    # in any mode
        if isinstance(data, dict):          # masks and boxes pass unchanged, as Keras's colour layers keep them
            return self._dict_call(data, self._jittered, _unchanged, training=training)
        if not training:
            return data
        return self._jittered(data)

    # Keras 3's augmentation API (random_transformation.py): nothing drawn ahead (None); transform_images draws
    # each step's factors while training, as the call
    def get_random_transformation(self, data, training=True, seed=None):
        return None

    def transform_images(self, images, transformation, training=True):
        return self._jittered(images) if training else images

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        return segmentation_masks

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def _jittered(self, inputs):
        for step in self._jitter_steps:
            inputs = step(inputs, training=True)
        return inputs

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, brightness_factor=self.brightness_factor,
                      contrast_factor=self.contrast_factor, saturation_factor=self.saturation_factor,
                      hue_factor=self.hue_factor, seed=self.seed)
        return config


class RandomPosterization(OneFactorTransformation, ColourLayer):
    """Keep the top ``b`` bits of each 0..255 value, ``b`` drawn per image in ``factor``'s range
    of integers (from 1 to 8 bits, as Keras draws it with randint: the upper end excluded).

    Args:
        factor: a number f in [1, 8] (bits in [1, f)) or a pair.
        value_range: the images' (low, high), (0, 255) by default.
    """
    _MAX_BITS = 8
    draws_at_inference = True       # Keras 3.15 draws the bits before looking at training
    rank_text = 'Expected the input image to be rank 3 or 4. Received: inputs.shape=%s'     # Keras 3's
    rank_text_at_inference = True       # (its get_random_transformation tests the rank in any mode)

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(1, 8))
        self.value_range = _value_range(value_range, 'RandomPosterization')

    transformation_key = 'shift_factor'

    def _draw(self, images, xp):
        """The shifts, 8 - bits (uint8), as Keras's transformation holds them."""
        count = images.shape[0]
        if self.factor[0] != self.factor[1]:
            bits = keras_random.randint((count,), self.factor[0], self.factor[1], dtype='uint8',
                                        seed=self._draws_from).numpy()
        else:
            bits = np.full((count,), self.factor[0], np.uint8)
        return (self._MAX_BITS - bits).astype(np.uint8)

    def _apply(self, images, shifts, xp):
        shift = xp.asarray(shifts.astype(np.uint8))[:, None, None, None]
        values = _rescaled(images, self.value_range, (0, 255)).astype(np.uint8)
        posterized = ((values >> shift) << shift).astype(images.dtype)
        return _rescaled(posterized, (0, 255), self.value_range)
