"""RandomHue and RandomSaturation (Keras 3): colour shifts made in HSV space, with
``keras.ops.image``'s rgb_to_hsv / hsv_to_rgb (TensorFlow's formulas)."""
import numpy as np

from framework.keras.ops_image_colour import hsv_to_rgb, rgb_to_hsv
from framework.tensor import Tensor

from .image_color_more import _base_factor, _rescaled, _value_range
from .image_layer import ColourLayer
from .random_transformation import OneFactorTransformation

_EPSILON = 1e-7       # keras.config.epsilon()


def _hsv(images):
    return rgb_to_hsv(Tensor(images))._data


def _rgb(images):
    return hsv_to_rgb(Tensor(images))._data


class RandomHue(OneFactorTransformation, ColourLayer):
    """Turn each image's hue by a random amount: ±f/2 of a full turn, f drawn in ``factor``'s
    range and the sign by a coin (one uniform draw each, as Keras draws them).

    Args:
        factor: a number f in [0, 1] (amounts in [0, f]) or a pair.
        value_range: the images' (low, high), (0, 255) by default.
    """

    draws_at_inference = True       # Keras 3.15 draws the shifts before looking at training
    rank_text = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'     # Keras 3's
    rank_text_at_inference = True       # (its get_random_transformation tests the rank in any mode)
    drawn_factor_shape = (-1, 1, 1)     # (Keras's transformation: {'factor': the shifts, (B,)})

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.value_range = value_range

    def _draw(self, images, xp):
        count = images.shape[0]
        coin = self._uniform((count,), 0.0, 1.0, xp)
        sign = xp.where(coin > 0.5, np.float32(-1), np.float32(1))
        return (sign * self._uniform((count,), self.factor[0], self.factor[1], xp) * np.float32(0.5))[:, None, None]

    def _apply(self, images, shift, xp):
        hsv = _hsv(_rescaled(images, self.value_range, (0, 1)))
        hue = hsv[..., 0] + shift
        hue = xp.where(hue > 1.0, hue - np.float32(1), hue)
        hue = xp.where(hue < 0.0, hue + np.float32(1), hue)
        rgb = xp.clip(_rgb(xp.stack([hue, hsv[..., 1], hsv[..., 2]], axis=-1)), 0, 1)
        return _rescaled(rgb, (0, 1), self.value_range).astype(images.dtype)


class RandomSaturation(OneFactorTransformation, ColourLayer):
    """Scale each image's saturation by f / (1 - f), f drawn in ``factor``'s range (0.5 keeps it,
    0 or less makes grey, 1 saturates fully), as Keras computes it on the images' own values.

    Args:
        factor: a number f in [-1, 1] (f drawn in [-f, f]) or a pair.
        value_range: the images' (low, high), (0, 255) by default.
    """

    draws_at_inference = True       # Keras 3.15 draws the factors before looking at training
    rank_text = 'Expected the input image to be rank 3 or 4. Received: inputs.shape=%s'     # Keras 3's
    rank_text_at_inference = True       # (its get_random_transformation tests the rank in any mode)
    drawn_factor_shape = (-1, 1, 1)     # (Keras's transformation: {'factor': f / (1 - f + eps), (B,)})

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor)          # Keras's base bounds: a number f gives (-f, f)
        self.value_range = _value_range(value_range, 'RandomSaturation')

    def _draw(self, images, xp):
        factor = self._uniform((images.shape[0],), self.factor[0], self.factor[1], xp)
        return (factor / (np.float32(1) - factor + np.float32(_EPSILON)))[:, None, None]

    def _apply(self, images, factor, xp):
        hsv = _hsv(images)
        saturation = xp.clip(hsv[..., 1] * factor, self.value_range[0], self.value_range[1])
        return _rgb(xp.stack([hsv[..., 0], saturation, hsv[..., 2]], axis=-1)).astype(images.dtype)
