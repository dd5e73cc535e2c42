"""RandomErasing (Keras 3): a random box of some images overwritten with noise or a value."""
import numpy as np

from framework.keras import random as keras_random
from framework.ops import expand_dims
from framework.tensor import Tensor

from .image_color_more import _base_factor
from .data_inputs import host_array
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations, shape_of

_FILL_ERROR = 'The `fill_value` argument should be a number (or a list of three numbers) '


def _named_range(factor, name):
    """Keras's base factor check for an argument other than ``factor`` (its message names it)."""
    try:
        return _base_factor(factor, bounds=(0, 1))
    except ValueError:
        raise ValueError('The `%s` argument should be a number (or a list of two numbers) in the range [0, 1]. '
                         'Received: factor=%s' % (name, factor)) from None


class RandomErasing(KerasTransformations, AugmentationLayer):
    """Erase a box of each image with probability drawn in ``factor``: the box's sides are
    sqrt(s) of the image's, s drawn in ``scale``'s range for each side, at a random place;
    it is filled with ``fill_value`` or, when None, normal noise times the range's top,
    clipped to ``value_range``. Keras 3's draws, in its order: side fractions, x start,
    y start, probability, threshold, noise.

    Args:
        factor: a number f in [0, 1] (probabilities in [0, f]) or a pair.
        scale: a number or pair in [0, 1]: the box's area fractions per side, squared.
        fill_value: None (noise), a number, or three numbers (one per channel).
        value_range: the images' (low, high), (0, 255) by default.
        seed: an int for a reproducible stream.
    """
    falsy_seed_is_none = True       # (Keras 3: `seed = seed or` its generator)
    keras_seed_generators = 1
    casts_at_inference = True
    keeps_masks = True
    rank_text = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'     # Keras 3's
    # (its own rank test runs while training: at inference Keras's base call refuses the rank in its own text)

    def __init__(self, factor=1.0, scale=(0.02, 0.33), fill_value=None, value_range=(0, 255), seed=None,
                 data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.factor = _base_factor(factor, bounds=(0, 1))
        self.scale = _named_range(scale, 'scale')
        self.fill_value, self.value_range = fill_value, value_range

    def _crop_bounds(self, count, length, ratio, xp):
        real = ratio.dtype.type
        crop = (ratio * real(length)).astype(real)
        start = self._uniform((count,), 0.0, 1.0, xp, ratio.dtype.name) * (real(length) - crop)
        return start, start + crop

    def _draw(self, images, xp):
        count, height, width = images.shape[:3]
        dtype = self.compute_dtype         # (Keras draws the boxes and the noise in it)
        ratios = xp.sqrt(self._uniform((count, 2), self.scale[0], self.scale[1], xp, dtype))
        x0, x1 = self._crop_bounds(count, width, ratios[:, 0], xp)
        y0, y1 = self._crop_bounds(count, height, ratios[:, 1], xp)
        rows = xp.arange(height, dtype=dtype)[None, :, None, None]
        cols = xp.arange(width, dtype=dtype)[None, None, :, None]
        box = ((cols >= x0[:, None, None, None]) & (cols < x1[:, None, None, None])
               & (rows >= y0[:, None, None, None]) & (rows < y1[:, None, None, None]))
        probability = self._uniform((count,), self.factor[0], self.factor[1], xp)
        erase = self._uniform((count,), 0.0, 1.0, xp) < probability
        return box, erase, self._fill(images, xp)

    # Keras 3's augmentation API (random_transformation.py): {'apply_erasing': (B,), 'batch_masks': bool and
    # 'fill_value', both shaped as the images (the box repeated over the channels; a single image's fill unbatched)}
    def _keras_transformation(self, drawn, shape):
        box, erase, fill = drawn
        box = np.repeat(box, fill.shape[-1], axis=-1)
        if self.data_format == 'channels_first':
            box, fill = np.moveaxis(box, -1, 1), np.moveaxis(fill, -1, 1)
        return {'apply_erasing': Tensor(erase), 'batch_masks': Tensor(box),
                'fill_value': Tensor(fill if len(shape) == 4 else fill[0])}

    def transform_images(self, images, transformation=None, training=True):
        out = super().transform_images(images, transformation, training)
        # Keras's where against the batch's masks hands a single image back as a batch of one
        return expand_dims(out, 0) if training and len(shape_of(images)) == 3 else out

    def _drawn_from(self, transformation, batch, height, width):
        box, fill = (host_array(transformation[key]) for key in ('batch_masks', 'fill_value'))
        box, fill = (value if value.ndim == 4 else value[None] for value in (box, fill))
        if self.data_format == 'channels_first':
            box, fill = np.moveaxis(box, 1, -1), np.moveaxis(fill, 1, -1)
        return box, host_array(transformation['apply_erasing']).reshape(-1), fill

    def _fill(self, images, xp):
        """The fill values, shaped as the images in the caller's layout (the noise is drawn so)."""
        layout = images.shape if self.data_format == 'channels_last' else (
            images.shape[0], images.shape[3], images.shape[1], images.shape[2])
        if self.fill_value is None:
            # drawn in the input's own layout (one image's shape when unbatched: the same values)
            noise = keras_random.normal(layout, dtype=self.compute_dtype, seed=self._draws_from)
            fill = xp.asarray(noise.numpy()).reshape(layout) * noise.numpy().dtype.type(self.value_range[1])
        elif isinstance(self.fill_value, (tuple, list)) and len(self.fill_value) == 3:
            fill = xp.broadcast_to(xp.asarray(self.fill_value, self.compute_dtype), layout)
        elif isinstance(self.fill_value, (int, float)):       # (True too: Keras's isinstance takes bools)
            fill = xp.ones(layout, self.compute_dtype) * np.dtype(self.compute_dtype).type(self.fill_value)
        else:
            raise ValueError(_FILL_ERROR)
        real = fill.dtype.type      # (the compute dtype, as Keras's fill)
        fill = xp.clip(fill, real(self.value_range[0]), real(self.value_range[1]))
        return fill if self.data_format == 'channels_last' else xp.moveaxis(fill, 1, -1)

    def _apply(self, images, drawn, xp):
        box, erase, fill = drawn
        return xp.where(xp.asarray(box) & xp.asarray(erase)[:, None, None, None], xp.asarray(fill), images)

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, scale=self.scale, fill_value=self.fill_value, value_range=self.value_range,
                      seed=self.seed)
        return config
