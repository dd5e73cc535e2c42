"""RandomFlip, RandomTranslation, RandomRotation and RandomZoom (Keras 3).

Each is the identity at inference (``training=False``, as predict and evaluate
pass it) and draws one transformation per image while training, as a direct
call without ``training`` does (Keras 3's image layers default to True), from
the layer's seeded stream, drawn as Keras 3 draws it (a program seeded with
``keras.utils.set_random_seed`` gets Keras's transforms). The geometric ones
build Keras's transform matrices and sample them with ``affine_transform``
(TensorFlow's fill modes and interpolations).
"""
import math

import numpy as np

from framework.backend import array_module

from . import affine_transform
from .image_layer import ImageLayer, factor_range

FLIP_MODES = ('horizontal', 'vertical', 'horizontal_and_vertical')


class RandomFlip(ImageLayer):
    """Flip each image left-right and / or up-down with probability 1/2 while training.

    Args:
        mode: 'horizontal', 'vertical' or 'horizontal_and_vertical' (default; one
            draw per image decides both flips, as in Keras 3).
        seed: an int for a reproducible stream.
    """
    keras_seed_generators = 1

    def __init__(self, mode='horizontal_and_vertical', seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        if mode not in FLIP_MODES:
            raise ValueError('RandomFlip: mode must be one of %s; received mode=%r' % (FLIP_MODES, mode))
        self.mode = mode

    def call(self, inputs, training=True):
        if not training:
            return inputs
        images, restore = self._images(inputs)
        xp = array_module(images)
        flips = (self._uniform((images.shape[0],), 0.0, 1.0, xp) <= 0.5)[:, None, None, None]
        if self.mode in ('horizontal', 'horizontal_and_vertical'):
            images = xp.where(flips, images[:, :, ::-1], images)
        if self.mode in ('vertical', 'horizontal_and_vertical'):
            images = xp.where(flips, images[:, ::-1], images)
        return restore(images)

    def get_config(self):
        config = super().get_config()
        config.update(seed=self.seed, mode=self.mode)
        return config


class _AffineLayer(ImageLayer):
    """A random geometric transform per image, sampled with fill_mode / interpolation."""
    keras_seed_generators = 1

    def __init__(self, fill_mode='reflect', interpolation='bilinear', seed=None, fill_value=0.0, data_format=None,
                 **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        who = type(self).__name__
        if fill_mode not in affine_transform.FILL_MODES:
            raise ValueError('%s: fill_mode must be one of %s; received fill_mode=%r'
                             % (who, affine_transform.FILL_MODES, fill_mode))
        if interpolation not in affine_transform.INTERPOLATIONS:
            raise ValueError('%s: interpolation must be one of %s; received interpolation=%r'
                             % (who, affine_transform.INTERPOLATIONS, interpolation))
        self.fill_mode, self.interpolation, self.fill_value = fill_mode, interpolation, float(fill_value)

    def call(self, inputs, training=True):
        if not training:
            return inputs
        images, restore = self._images(inputs)
        xp = array_module(images)
        matrices = self._transforms(images.shape[0], images.shape[1], images.shape[2], xp)
        return restore(affine_transform.transform(images, matrices, self.interpolation, self.fill_mode,
                                                  self.fill_value))

    def get_config(self):
        config = super().get_config()
        config.update(fill_mode=self.fill_mode, interpolation=self.interpolation, seed=self.seed,
                      fill_value=self.fill_value)
        return config


def _rows(*columns):
    """(B, 8) transforms from eight columns (arrays of B, or numbers)."""
    size = max(np.size(c) for c in columns)
    return np.stack([np.broadcast_to(np.asarray(c, np.float32).reshape(-1), (size,)) for c in columns], 1)


class RandomTranslation(_AffineLayer):
    """Shift each image by a random fraction of its height and width while training.

    Args:
        height_factor / width_factor: f (shift in [-f, f] of the size) or (lower, upper),
            within [-1, 1]; positive shifts move the content down / right.
        fill_mode: 'reflect' (default), 'wrap', 'constant' (``fill_value``) or 'nearest'.
        interpolation: 'bilinear' (default) or 'nearest'.
    """

    def __init__(self, height_factor, width_factor, fill_mode='reflect', interpolation='bilinear', seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self.height_lower, self.height_upper = factor_range(height_factor, 'height_factor', 'RandomTranslation')
        self.width_lower, self.width_upper = factor_range(width_factor, 'width_factor', 'RandomTranslation')

    def _transforms(self, batch, height, width, xp):
        dy = self._uniform((batch,), self.height_lower, self.height_upper, np) * height
        dx = self._uniform((batch,), self.width_lower, self.width_upper, np) * width
        return xp.asarray(_rows(1, 0, -dx, 0, 1, -dy, 0, 0))

    def get_config(self):
        config = super().get_config()
        config.update(height_factor=self.height_factor, width_factor=self.width_factor)
        return config


class RandomRotation(_AffineLayer):
    """Rotate each image about its center by a random fraction of a full turn while training.

    Args:
        factor: f (angles in [-f, f] x 360 degrees) or (lower, upper); positive is counter-clockwise.
        fill_mode, interpolation, fill_value: as RandomTranslation.
    """

    def __init__(self, factor, fill_mode='reflect', interpolation='bilinear', seed=None, fill_value=0.0,
                 data_format=None, **kwargs):
        kwargs.pop('value_range', None)           # accepted by Keras 3, unused by the rotation
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.factor = factor_range(factor, 'factor', 'RandomRotation')

    def _transforms(self, batch, height, width, xp):
        angle = self._uniform((batch,), self.factor[0] * 360.0, self.factor[1] * 360.0, np) * (math.pi / 180.0)
        cos, sin = np.cos(angle), np.sin(angle)
        cx, cy = 0.5 * (width - 1), 0.5 * (height - 1)
        # Keras's rotation about the center (no scale, shear or shift)
        return xp.asarray(_rows(cos, -sin, cx - cx * cos + cy * sin, sin, cos, cy - cx * sin - cy * cos, 0, 0))

    def get_config(self):
        config = super().get_config()
        config['factor'] = self.factor
        return config


class RandomZoom(_AffineLayer):
    """Zoom each image about its center by a random factor while training.

    Args:
        height_factor: f (zoom in [-f, f]) or (lower, upper), each in (-1, 1]; the vertical
            scale is 1 + zoom: positive values zoom out, negative zoom in.
        width_factor: the same for the horizontal scale; None keeps the aspect ratio.
        fill_mode, interpolation, fill_value: as RandomTranslation.
    """

    def __init__(self, height_factor, width_factor=None, fill_mode='reflect', interpolation='bilinear', seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self.height_lower, self.height_upper = self._zoom_range(height_factor, 'height_factor')
        if width_factor is not None:
            self.width_lower, self.width_upper = self._zoom_range(width_factor, 'width_factor')

    @staticmethod
    def _zoom_range(factor, arg):
        lower, upper = factor_range(factor, arg, 'RandomZoom')
        given = factor if isinstance(factor, (tuple, list)) else [factor]
        if any(f <= -1.0 for f in given):            # Keras checks the numbers given, not -abs(f)
            raise ValueError('RandomZoom: %s must lie in (-1, 1] (a zoom of -1 would shrink to nothing); '
                             'received %s=%r' % (arg, arg, factor))
        return lower, upper

    def _transforms(self, batch, height, width, xp):
        zy = 1.0 + self._uniform((batch,), self.height_lower, self.height_upper, np)
        zx = zy if self.width_factor is None else 1.0 + self._uniform((batch,), self.width_lower, self.width_upper, np)
        return xp.asarray(_rows(zx, 0, (width - 1) / 2.0 * (1 - zx), 0, zy, (height - 1) / 2.0 * (1 - zy), 0, 0))

    def get_config(self):
        config = super().get_config()
        config.update(height_factor=self.height_factor, width_factor=self.width_factor)
        return config
