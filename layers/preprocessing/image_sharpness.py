"""RandomSharpness (Keras 3): each image blended with a blurred copy of itself."""
import numpy as np

from .image_color_more import _base_factor, _value_range
from .image_layer import ColourLayer
from .random_transformation import OneFactorTransformation

_EDGE, _CENTER = np.float32(1.0 / 13.0), np.float32(5.0 / 13.0)
# PIL's smoothing filter, as Keras 3 builds it
_SMOOTH = np.array([[_EDGE, _EDGE, _EDGE], [_EDGE, _CENTER, _EDGE], [_EDGE, _EDGE, _EDGE]], np.float32)


def smoothed(images, xp):
    """``images`` (B, H, W, C) convolved channel by channel with ``_SMOOTH``, zeros outside
    ('same' padding); the nine taps summed in row-major order from zero, in float32, as
    TensorFlow's CPU DepthwiseConv2dNative kernel sums them, so the bits are TF's."""
    height, width = images.shape[1:3]
    padded = xp.pad(images, ((0, 0), (1, 1), (1, 1), (0, 0)))
    total = xp.zeros_like(images)
    for row in range(3):
        for col in range(3):
            total = total + padded[:, row:row + height, col:col + width] * _SMOOTH[row, col]
    return total


class RandomSharpness(OneFactorTransformation, ColourLayer):
    """``x + (1 - 2f) * (smoothed(x) - x)`` per image, f drawn in ``factor``'s range: f = 0
    blurs fully, 0.5 keeps the image, 1 sharpens; clipped to ``value_range``.

    As in Keras 3 the factor is drawn on every call, at inference too (where the images are
    only cast to the layer's dtype).

    Args:
        factor: a number f in [0, 1] (factors in [0, f]) or a pair.
        value_range: the images' (low, high), (0, 255) by default.
        seed: an int for a reproducible stream.

    Raises:
        ValueError: a factor outside [0, 1], a value_range that is not two numbers.
    """
    casts_at_inference = True
    draws_at_inference = True
    rank_text = 'Expected the input image to be rank 3 or 4. Received: inputs.shape=%s'     # Keras 3's
    rank_text_at_inference = True       # (its get_random_transformation tests the rank in any mode)

    def __init__(self, factor, value_range=(0, 255), data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.value_range = _value_range(value_range, 'RandomSharpness')

    def _draw(self, images, xp):
        return self._uniform((images.shape[0],), self.factor[0], self.factor[1], xp)

    def _apply(self, images, factor, xp):
        if self.data_format == 'channels_first':
            # Keras swaps the channel and width axes (H and W trade places), which changes
            # the order the kernel's taps are summed in
            images = images.swapaxes(1, 2)
        sharpness = (factor * np.float32(2)).reshape(-1, 1, 1, 1)
        out = images + (np.float32(1) - sharpness) * (smoothed(images, xp) - images)
        out = xp.clip(out, np.float32(self.value_range[0]), np.float32(self.value_range[1]))
        return out.swapaxes(1, 2) if self.data_format == 'channels_first' else out
