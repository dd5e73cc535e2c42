"""ContrastLimitedAdaptiveHistogramEqualization (Keras 3.15): histogram equalization per tile of a
grid, each tile's histogram clipped at ``clip_limit`` times its mean height (the excess spread over
all bins), and each pixel's value interpolated bilinearly between its four nearest tiles' mappings.

Computed in float32 as Keras computes it: images not divisible into tiles are padded by mirroring
(numpy's 'symmetric'), pixels are truncated to ints in 0..255 to pick their bin, the mapping is
255 (cdf - min cdf) / (tile size - min cdf), and the tile grid is extended by one edge tile on
every side so that border pixels interpolate against themselves. Not random: it applies at
inference too. Integer images come back in their dtype (truncated).
"""
import numpy as np

from framework.backend import array_module
from framework.errors import InvalidArgumentError
from framework.ops import reduce_sum
from framework.tensor import Tensor

from .image_color_more import _rescaled, _value_range
from .image_layer import ImageLayer

BINS = 256


def _tile_mappings(tiles, tile_pixels, clip_limit, xp):
    """(..., pixels) int tiles -> (..., 256) float32 value mappings, contrast-limited."""
    counts = xp.zeros(tiles.shape[:-1] + (BINS,), np.float32)
    flat = counts.reshape(-1, BINS)
    np.add.at(flat, (np.arange(flat.shape[0])[:, None], tiles.reshape(flat.shape[0], -1)), 1.0)
    hists = flat.reshape(counts.shape)
    if clip_limit > 0:
        clipped = xp.clip(hists, 0, np.float32(clip_limit * tile_pixels / 256.0))
        excess = reduce_sum(Tensor(hists - clipped), axis=-1, keepdims=True)._data     # TF's summation order
        hists = clipped + excess / np.float32(256.0)
    cdf = xp.cumsum(hists, axis=-1, dtype=np.float32)
    cdf_min = cdf.min(axis=-1, keepdims=True)
    denominator = np.float32(tile_pixels) - cdf_min
    denominator = xp.where(denominator == 0, np.float32(1), denominator)
    return xp.clip((cdf - cdf_min) * np.float32(255.0) / denominator, 0, 255)


def _grid_weights(size, tile, tiles):
    """For each of ``size`` rows (or columns): the (edge-extended) tile before it, the one after it,
    and the weight of the one after, as Keras's float32 grid gives them."""
    position = (np.arange(size, dtype=np.float32) - np.float32(tile / 2.0)) / np.float32(tile) + np.float32(1.0)
    before = np.floor(position)
    weight = position - before
    return (np.clip(before, 0, tiles + 1).astype(np.int64), np.clip(before + 1, 0, tiles + 1).astype(np.int64),
            weight)


def equalize(images, clip_limit, grid):
    """(B, H, W, C) images in 0..255 (float or int) -> the float32 CLAHE of each channel."""
    xp = array_module(images)
    batch, height, width, channels = images.shape
    grid_h, grid_w = grid
    tile_h, tile_w = -(-height // grid_h), -(-width // grid_w)
    pad_h, pad_w = tile_h * grid_h - height, tile_w * grid_w - width
    if pad_h or pad_w:
        images = xp.pad(images, ((0, 0), (0, pad_h), (0, pad_w), (0, 0)), mode='symmetric')
    bins = xp.clip(images.astype(np.int32), 0, 255)       # truncated, as a cast to int32 truncates
    tiles = bins.reshape(batch, grid_h, tile_h, grid_w, tile_w, channels).transpose(0, 1, 3, 5, 2, 4)
    mappings = _tile_mappings(tiles.reshape(batch, grid_h, grid_w, channels, -1), tile_h * tile_w, clip_limit, xp)
    mappings = xp.pad(mappings, ((0, 0), (1, 1), (1, 1), (0, 0), (0, 0)), mode='edge')
    pixels = xp.clip(images, 0, 255).astype(np.int32)
    y0, y1, wy = _grid_weights(tile_h * grid_h, tile_h, grid_h)
    x0, x1, wx = _grid_weights(tile_w * grid_w, tile_w, grid_w)
    b = np.arange(batch)[:, None, None, None]
    c = np.arange(channels)[None, None, None, :]

    def at(rows, cols):
        return mappings[b, rows[None, :, None, None], cols[None, None, :, None], c, pixels]

    wx, wy = wx[None, None, :, None], wy[None, :, None, None]
    top = at(y0, x0) * (np.float32(1.0) - wx) + at(y0, x1) * wx
    bottom = at(y1, x0) * (np.float32(1.0) - wx) + at(y1, x1) * wx
    return (top * (np.float32(1.0) - wy) + bottom * wy)[:, :height, :width, :]


class ContrastLimitedAdaptiveHistogramEqualization(ImageLayer):
    """Contrast-limited adaptive histogram equalization of each channel (Keras 3.15's CLAHE).

    Args:
        value_range: the images' (low, high) values, mapped to 0..255 for the histograms (default (0, 255)).
        clip_limit: a bin's cap, in multiples of the mean bin height (default 4.0; 0 or less: no cap).
        tile_grid_size: (rows, columns) of tiles (default (8, 8)).
    """

    def __init__(self, value_range=(0, 255), clip_limit=4.0, tile_grid_size=(8, 8), data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        _value_range(value_range, type(self).__name__)
        if not isinstance(tile_grid_size, (tuple, list)) or len(tile_grid_size) != 2 or not all(
                isinstance(t, (int, np.integer)) and not isinstance(t, bool) and t > 0 for t in tile_grid_size):
            raise ValueError('ContrastLimitedAdaptiveHistogramEqualization: tile_grid_size must be two positive '
                             'ints (rows, columns); received tile_grid_size=%r' % (tile_grid_size,))
        self.value_range, self.clip_limit, self.tile_grid_size = value_range, clip_limit, tile_grid_size

    def call(self, data, training=True):
        if isinstance(data, dict):
            others = sorted(set(data) - {'images'})
            if others:         # Keras 3.15 defines no transform of labels, boxes or masks for it
                raise NotImplementedError('%s: only images can be equalized; the input dict also holds %s'
                                          % (self._who, others))
            return {'images': self.call(data['images'])}
        images, restore = self._images(data, as_float=False)
        dtype = images.dtype
        self._check(images)
        if tuple(self.value_range) != (0, 255):
            images = _rescaled(images.astype(np.float32), self.value_range, (0, 255))
        out = equalize(images, self.clip_limit, tuple(self.tile_grid_size))
        out = _rescaled(out, (0, 255), self.value_range)
        return restore(out.astype(dtype))

    def _check(self, images):
        """TensorFlow's kernels refuse these (the min of empty histograms; NaN pixels index no bin)."""
        if images.size == 0:
            raise InvalidArgumentError('%s: cannot equalize an empty batch (images of shape %s): TensorFlow '
                                       'cannot compute the min of an empty tensor' % (self._who, images.shape))
        if images.dtype.kind == 'f' and bool(array_module(images).isnan(images).any()):
            raise InvalidArgumentError('%s: NaN pixels index no histogram bin (TensorFlow\'s GatherV2 refuses '
                                       'them); replace NaNs before equalizing' % (self._who,))

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, clip_limit=self.clip_limit, tile_grid_size=self.tile_grid_size)
        return config
