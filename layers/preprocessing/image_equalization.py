"""Equalization (Keras 3): histogram equalization of each channel."""
import numpy as np

from framework.errors import InvalidArgumentError
from ..layer import UnknownArgumentError

from .image_color_more import _base_factor, _value_range
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations


def _scaled(values, source, target):
    """``values * scale + offset`` with Keras's Python-float scale and offset (so float64
    values stay float64 and float32 values are scaled in float32)."""
    scale = (target[1] - target[0]) / (source[1] - source[0])
    dtype = values.dtype.type
    return values * dtype(scale) + dtype(target[0] - source[0] * scale)


def equalize_channel(channel, bins, xp):
    """One channel of the whole batch (B, H, W), on the 0..255 scale, equalized over one
    histogram of ``bins`` bins; a channel filling at most one bin is kept. float64, as Keras's
    int32 division makes the lookup table."""
    index = xp.clip((channel * np.float32(bins - 1) / np.float32(255)).astype(np.int32), 0, bins - 1)
    histogram = xp.bincount(index.reshape(-1), minlength=bins).astype(np.int32)
    if int(xp.count_nonzero(histogram)) <= 1:
        return channel.astype(np.float64)
    cdf = xp.cumsum(histogram, dtype=np.int32)
    lowest = cdf[int(xp.flatnonzero(cdf)[0])]
    denominator = cdf[-1] - lowest
    denominator = denominator if denominator != 0 else np.int32(1)
    table = xp.clip(xp.round(((cdf - lowest) * np.int32(255)).astype(np.float64) / np.float64(denominator)), 0, 255)
    index = xp.clip(channel / np.float32(255) * np.float32(bins - 1), 0, bins - 1).astype(np.int32)
    return table[index]


class Equalization(KerasTransformations, AugmentationLayer):
    """Histogram equalization of each channel while training: a channel's values (over the
    whole batch, as Keras 3.15 counts them) mapped through the rounded cumulative histogram
    of ``bins`` bins onto 0..255, in ``value_range``. The identity at inference.

    Args:
        value_range: the images' (low, high), (0, 255) by default.
        bins: the histogram's bin count (256).

    Raises:
        ValueError: a value_range that is not two numbers.
        InvalidArgumentError: an empty batch or NaN pixels when called (as TensorFlow's kernels).
    """

    def __init__(self, value_range=(0, 255), bins=256, data_format=None, **kwargs):
        if 'seed' in kwargs:                  # not random: Keras 3 refuses it
            raise UnknownArgumentError('Unrecognized keyword arguments passed to Equalization: %s'
                                       % ({'seed': kwargs['seed']},))
        factor = kwargs.pop('factor', None)     # Keras's base layer takes and checks one, then ignores it
        super().__init__(data_format=data_format, **kwargs)
        _base_factor(factor or 0.0)
        self.bins = bins
        self.value_range = _value_range(value_range, 'Equalization')

    keeps_masks = True

    def _keras_transformation(self, drawn, shape):
        return None         # (not random: Keras's base get_random_transformation)

    def _drawn_from(self, transformation, batch, height, width):
        return None

    def _transform(self, images, xp):
        if images.size == 0:
            raise InvalidArgumentError('%s: cannot equalize an empty batch (images of shape %s): TensorFlow\'s '
                                       'StridedSlice finds no first non-zero histogram count' % (self._who, images.shape))
        if bool(xp.isnan(images).any()):
            raise InvalidArgumentError('%s: NaN pixels index no histogram bin (TensorFlow\'s GatherV2 refuses '
                                       'them); replace NaNs before equalizing' % (self._who,))
        channels = []
        for c in range(images.shape[-1]):
            channel = _scaled(images[..., c], self.value_range, (0, 255))
            channels.append(_scaled(equalize_channel(channel, self.bins, xp), (0, 255), self.value_range))
        return xp.stack(channels, axis=-1).astype(np.float32)

    def get_config(self):
        config = super().get_config()
        config.update(bins=self.bins, value_range=self.value_range)
        return config
