"""RandomShear (Keras 3): each image slanted along x and y by random amounts."""
import numpy as np

from framework.keras.bounding_boxes.formats import convert_array
from framework.keras.bounding_boxes.geometry import clip_array
from framework.tensor import Tensor

from . import affine_transform
from .data_inputs import host_array
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations

_FACTOR_ERROR = 'The `factor` argument should be a number (or a list of two numbers) in the range [0, 1.0]. '


def _shear_range(factor, name):
    """Keras's (lower, upper): a number f gives (-f, f); each number of a pair must lie in [0, 1]
    (so a saved (-f, f) does not load back, as in Keras 3.15)."""
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2:
            raise ValueError(_FACTOR_ERROR + 'Received: %s=%s' % (name, factor))
        for number in factor:
            _check(number)
        return tuple(sorted(factor))
    if isinstance(factor, (int, float)) and not isinstance(factor, bool):
        _check(factor)
        return (-abs(factor), abs(factor))
    raise ValueError(_FACTOR_ERROR + 'Received: %s=%s' % (name, factor))


def _check(number):
    if not isinstance(number, (int, float)) or number > 1.0 or number < 0.0:
        raise ValueError(_FACTOR_ERROR + 'Received: input_number=%s' % (number,))


class RandomShear(KerasTransformations, AugmentationLayer):
    """Shear each image: the output pixel (x, y) reads the input at (x + sx y, sy x + y), with
    sx drawn in ``x_factor``'s range, sy in ``y_factor``'s and both signs flipped together by
    a coin (Keras's draws: coin, then y, then x).

    Args:
        x_factor, y_factor: a number f in [0, 1] (shears in [-f, f]) or a pair in [0, 1].
        interpolation: 'bilinear' (default) or 'nearest'.
        fill_mode: 'reflect' (default), 'wrap', 'constant' (``fill_value``) or 'nearest'.
        seed: an int for a reproducible stream.

    Raises:
        ValueError: factors outside [0, 1].
        NotImplementedError: an unknown fill_mode or interpolation (Keras's class).
    """
    keras_seed_generators = 1
    casts_at_inference = True

    def __init__(self, x_factor=0.0, y_factor=0.0, interpolation='bilinear', fill_mode='reflect', fill_value=0.0,
                 data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        self.x_factor = _shear_range(x_factor, 'x_factor')
        self.y_factor = _shear_range(y_factor, 'y_factor')
        if fill_mode not in affine_transform.FILL_MODES:
            raise NotImplementedError('Unknown `fill_mode` %s. Expected of one %s.'
                                      % (fill_mode, affine_transform.FILL_MODES))
        if interpolation not in affine_transform.INTERPOLATIONS:
            raise NotImplementedError('Unknown `interpolation` %s. Expected of one %s.'
                                      % (interpolation, affine_transform.INTERPOLATIONS))
        self.fill_mode, self.fill_value, self.interpolation = fill_mode, fill_value, interpolation

    def _draw(self, images, xp):
        count = images.shape[0]
        dtype = self.compute_dtype         # (Keras draws in it: a float64 layer's draws are other numbers)
        coin = self._uniform((count,), 0.0, 1.0, np, dtype)
        sign = np.where(coin > 0.5, -1, 1).astype(coin.dtype)
        shear_y = self._uniform((count,), self.y_factor[0], self.y_factor[1], np, dtype)
        shear_x = self._uniform((count,), self.x_factor[0], self.x_factor[1], np, dtype)
        return self._matrices(shear_x * sign, shear_y * sign)

    @staticmethod
    def _matrices(shear_x, shear_y):
        ones, zeros = np.ones_like(shear_x), np.zeros_like(shear_x)
        return np.stack([ones, shear_x, zeros, shear_y, ones, zeros, zeros, zeros], axis=1)

    def _keras_transformation(self, matrices, shape):
        return {'shear_factor': Tensor(matrices[:, [1, 3]]), 'input_shape': shape}

    def _drawn_from(self, transformation, batch, height, width):
        factors = host_array(transformation['shear_factor'])
        return self._matrices(factors[:, 0], factors[:, 1])

    def _apply(self, images, matrices, xp, interpolation=None):
        return affine_transform.transform(images, matrices, interpolation or self.interpolation, self.fill_mode,
                                          self.fill_value)

    def _apply_to_masks(self, masks, matrices, xp):
        return self._apply(masks, matrices, xp, 'nearest')

    def _apply_to_boxes(self, boxes, labels, matrices, height, width):
        # Keras 3.15 shears the boxes' relative coordinates, each edge by the corner that moves it most
        boxes = convert_array(boxes, self.bounding_box_format, 'rel_xyxy', height, width)
        shear_x, shear_y = matrices[:, 1:2], matrices[:, 3:4]
        x1, y1, x2, y2 = (boxes[..., i] for i in range(4))
        x1, x2 = (np.where(shear_x < 0, x1 - shear_x * y1, x1 - shear_x * y2),
                  np.where(shear_x < 0, x2 - shear_x * y2, x2 - shear_x * y1))
        y1, y2 = (np.where(shear_y > 0, y1 - shear_y * x2, y1 - shear_y * x1),
                  np.where(shear_y > 0, y2 - shear_y * x1, y2 - shear_y * x2))
        boxes, labels = clip_array(np.stack([x1, y1, x2, y2], -1), labels, None, None, relative=True)
        return convert_array(boxes, 'rel_xyxy', self.bounding_box_format, height, width), labels

    def get_config(self):
        config = super().get_config()
        config.update(x_factor=self.x_factor, y_factor=self.y_factor, fill_mode=self.fill_mode,
                      interpolation=self.interpolation, seed=self.seed, fill_value=self.fill_value)
        return config
