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
from framework.errors import shown_as
from framework.ops.image import projective
from framework.ops.selection import where
from framework.tensor import Tensor
from framework.keras.bounding_boxes.arrays import columns, joined
from framework.keras.bounding_boxes.formats import convert_array
from framework.keras.bounding_boxes.geometry import affine_array, clip_array, inverse_affine_matrices
from framework.keras.bounding_boxes.geometry import cos as trig_cos
from framework.keras.bounding_boxes.geometry import sin as trig_sin

from . import affine_transform
from .image_factors import TRANSLATION_TEXT, ZOOM_TEXT, factor_range, shift_range
from .data_inputs import host_array
from .image_layer import AugmentationLayer
from .random_transformation import KerasTransformations


class UnknownOptionError(NotImplementedError, ValueError):
    """Keras 3's NotImplementedError for an unknown fill_mode or interpolation of the affine image layers
    (a ValueError too, as tapeflow raised before)."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows NotImplementedError there
shown_as(UnknownOptionError, NotImplementedError)


class RandomFlip(KerasTransformations, AugmentationLayer):
    """Flip each image left-right and / or up-down with probability 1/2 while training.

    Args:
        mode: 'horizontal', 'vertical' or 'horizontal_and_vertical' (default; one
            draw per image decides both flips, as in Keras 3).
        seed: an int for a reproducible stream.
        bounding_box_format: the format of the boxes in dict inputs (flipped with their images).
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    keras_seed_generators = 1
    casts_at_inference = True       # Keras casts the images to the layer's dtype before looking at training
    casts_masks_at_inference = True

    def __init__(self, mode='horizontal_and_vertical', seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        # Keras 3 checks no mode: another value ('HORIZONTAL', None) flips nothing, still drawing its numbers
        self.mode = mode

    def _draw(self, images, xp):
        return self._uniform((images.shape[0],), 0.0, 1.0, xp) <= 0.5

    def _keras_transformation(self, flips, shape):
        return {'flips': Tensor(flips.reshape((-1, 1, 1, 1)[4 - len(shape):])), 'input_shape': shape}

    def _drawn_from(self, transformation, batch, height, width):
        return np.broadcast_to(host_array(transformation['flips']).reshape(-1), (batch,))

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        return self.transform_images(segmentation_masks, transformation, training)     # (cast, as Keras's)

    def _apply(self, images, flips, xp):
        flips = flips[:, None, None, None]
        if self.mode in ('horizontal', 'horizontal_and_vertical'):
            images = xp.where(flips, images[:, :, ::-1], images)
        if self.mode in ('vertical', 'horizontal_and_vertical'):
            images = xp.where(flips, images[:, ::-1], images)
        return images

    def _taped_apply(self, images, flips):
        flips = Tensor(array_module(images._data).asarray(flips)[:, None, None, None])
        if self.mode in ('horizontal', 'horizontal_and_vertical'):
            images = where(flips, images[:, :, ::-1], images)
        if self.mode in ('vertical', 'horizontal_and_vertical'):
            images = where(flips, images[:, ::-1], images)
        return images

    def _apply_to_masks(self, masks, flips, xp):
        return self._apply(masks.astype(self._dtype), flips, xp)      # Keras flips masks as images: cast

    def _apply_to_boxes(self, boxes, labels, flips, height, width):
        # flipped as fractions of the size; Keras then clips those to [0, width] x [0, height]
        boxes = convert_array(boxes, self.bounding_box_format, 'rel_xyxy', height, width)
        flips = np.asarray(flips)[:, None, None]
        one = np.float32(1)
        if self.mode in ('horizontal', 'horizontal_and_vertical'):
            x1, y1, x2, y2 = columns(boxes)
            boxes = np.where(flips, joined(one - x2, y1, one - x1, y2), boxes)
        if self.mode in ('vertical', 'horizontal_and_vertical'):
            x1, y1, x2, y2 = columns(boxes)
            boxes = np.where(flips, joined(x1, one - y2, x2, one - y1), boxes)
        boxes, labels = clip_array(boxes, labels, height, width)
        return convert_array(boxes, 'rel_xyxy', self.bounding_box_format, height, width), labels

    def get_config(self):
        config = super().get_config()
        config.update(seed=self.seed, mode=self.mode)
        return config


class _AffineLayer(KerasTransformations, AugmentationLayer):
    """A random geometric transform per image, sampled with fill_mode / interpolation:
    ``_draw`` gives Keras's random parameters with the (B, 8) transforms under 'matrices'."""
    keras_seed_generators = 1
    casts_at_inference = True       # Keras's base transform_images casts before looking at training

    def __init__(self, fill_mode='reflect', interpolation='bilinear', seed=None, fill_value=0.0, data_format=None,
                 **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        who = type(self).__name__
        for arg, value, allowed in (('fill_mode', fill_mode, affine_transform.FILL_MODES),
                                    ('interpolation', interpolation, affine_transform.INTERPOLATIONS)):
            if value not in allowed:        # Keras 3's NotImplementedError and text
                error = UnknownOptionError('Unknown `%s` %s. Expected of one %s.' % (arg, value, allowed))
                error.add_note('%s: %s must be one of %s; received %s=%r' % (who, arg, allowed, arg, value))
                raise error
        # fill_value as given, as Keras 3 keeps it (get_config: 1, not 1.0); the transform converts it
        self.fill_mode, self.interpolation, self.fill_value = fill_mode, interpolation, fill_value

    def _apply(self, images, drawn, xp, interpolation=None):
        return affine_transform.transform(images, xp.asarray(drawn['matrices']), interpolation or self.interpolation,
                                          self.fill_mode, self.fill_value)

    def _taped_apply(self, images, drawn):
        return projective.transform(images, drawn['matrices'], self.interpolation, self.fill_mode, self.fill_value)

    def _apply_to_masks(self, masks, drawn, xp):
        return self._apply(masks, drawn, xp, 'nearest')         # Keras samples masks with 'nearest', uncast

    # the config's keys after data_format, in Keras 3.15's order (its own factors first)
    config_keys = ('fill_mode', 'interpolation', 'seed', 'fill_value')

    def get_config(self):
        config = super().get_config()
        config.update((key, getattr(self, key)) for key in self.config_keys)
        return config


def _rows(*columns):
    """(B, 8) transforms from eight columns (arrays of B, or numbers)."""
    # the batch size from the array columns (an empty batch has 0 rows), 1 when all are numbers
    size = max((np.size(c) for c in columns if np.ndim(c)), default=1)
    return np.stack([np.broadcast_to(np.asarray(c, np.float32).reshape(-1), (size,)) for c in columns], 1)


class RandomTranslation(_AffineLayer):
    """Shift each image by a random fraction of its height and width while training.

    Args:
        height_factor / width_factor: f (shift in [-f, f] of the size) or (lower, upper),
            within [-1, 1]; positive shifts move the content down / right.
        fill_mode: 'reflect' (default), 'wrap', 'constant' (``fill_value``) or 'nearest'.
        interpolation: 'bilinear' (default) or 'nearest'.
    """
    @property
    def short_rank_reads(self):      # (Keras 3.15's get_random_transformation reads the height, shape[-3] or [-2])
        return 3 if self.data_format == 'channels_last' else 2

    def __init__(self, height_factor, width_factor, fill_mode='reflect', interpolation='bilinear', seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        ranges = self._checked_early(lambda: (shift_range(height_factor, 'height_factor', TRANSLATION_TEXT),
                                              shift_range(width_factor, 'width_factor', TRANSLATION_TEXT)))
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        (self.height_lower, self.height_upper), (self.width_lower, self.width_upper) = ranges

    def _draw(self, images, xp):
        batch, height, width = images.shape[:3]
        dy = self._uniform((batch,), self.height_lower, self.height_upper, np) * np.float32(height)
        dx = self._uniform((batch,), self.width_lower, self.width_upper, np) * np.float32(width)
        return self._shifts(dx, dy)

    @staticmethod
    def _shifts(dx, dy):
        return {'dx': dx, 'dy': dy, 'matrices': _rows(1, 0, -dx, 0, 1, -dy, 0, 0)}

    def _keras_transformation(self, drawn, shape):
        return {'translations': Tensor(np.stack([drawn['dx'], drawn['dy']], 1)), 'input_shape': shape}

    def _drawn_from(self, transformation, batch, height, width):
        shifts = host_array(transformation['translations']).astype(np.float32)      # (Keras's cast)
        return self._shifts(shifts[:, 0], shifts[:, 1])

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        boxes = convert_array(boxes, self.bounding_box_format, 'xyxy', height, width)
        dx, dy = drawn['dx'][:, None, None], drawn['dy'][:, None, None]
        x1, y1, x2, y2 = columns(boxes)
        boxes, labels = clip_array(joined(x1 + dx, y1 + dy, x2 + dx, y2 + dy), labels, height, width)
        return convert_array(boxes, 'xyxy', self.bounding_box_format, height, width), labels

    config_keys = ('height_factor', 'width_factor') + _AffineLayer.config_keys


class RandomRotation(_AffineLayer):
    """Rotate each image about its center by a random fraction of a full turn while training.

    Args:
        factor: f (angles in [-f, f] x 360 degrees) or (lower, upper); positive is counter-clockwise.
        fill_mode, interpolation, fill_value: as RandomTranslation.
    """

    @property
    def short_rank_reads(self):
        # (Keras 3.15 reads a single image's height as shape[0], or as shape[1] channels first)
        return 2 if self.data_format == 'channels_last' else 3

    def __init__(self, factor, fill_mode='reflect', interpolation='bilinear', seed=None, fill_value=0.0,
                 data_format=None, **kwargs):
        # (Keras 3.15 has no value_range here: Layer's 'Unrecognized keyword arguments' refuses it)
        bounds = self._checked_early(lambda: factor_range(factor, 'factor', 'RandomRotation', none_is_zero=True))
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.factor = bounds

    def _draw(self, images, xp):
        batch, height, width = images.shape[:3]
        degrees = self._uniform((batch,), self.factor[0] * 360.0, self.factor[1] * 360.0, np)
        angle = degrees * (math.pi / 180.0)
        cos, sin = trig_cos(angle), trig_sin(angle)       # TF's float32 bits (Eigen's psincos)
        cx, cy = 0.5 * (width - 1), 0.5 * (height - 1)
        # Keras's rotation about the center (no scale, shear or shift)
        return {'degrees': degrees,
                'matrices': _rows(cos, -sin, cx - cx * cos + cy * sin, sin, cos, cy - cx * sin - cy * cos, 0, 0)}

    def _keras_transformation(self, drawn, shape):
        batch, height, width = self._batch_size(shape)
        matrices = drawn['matrices'] if len(shape) == 4 else drawn['matrices'][0]
        return {'angle': Tensor(drawn['degrees']), 'rotation_matrix': Tensor(matrices), 'image_height': height,
                'image_width': width, 'batch_size': batch}

    def _boxes_frame(self, transformation):
        return tuple(transformation[key] for key in ('batch_size', 'image_height', 'image_width'))

    def _drawn_from(self, transformation, batch, height, width):
        # Keras samples by the matrix alone (its angle serves the boxes)
        return {'degrees': host_array(transformation['angle']),
                'matrices': host_array(transformation['rotation_matrix']).reshape(-1, 8)}

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        # Keras 3.15 rotates the boxes as given, as if they were xyxy, and converts from xyxy after
        degrees = drawn['degrees']
        zeros, ones = np.zeros_like(degrees), np.ones_like(degrees)
        matrices = inverse_affine_matrices(np.float32(0.5), np.float32(0.5), degrees, zeros, zeros, ones, zeros,
                                           zeros, height, width)
        boxes, labels = clip_array(affine_array(boxes, matrices), labels, height, width)
        return convert_array(boxes, 'xyxy', self.bounding_box_format, height, width), labels

    config_keys = ('factor', 'fill_mode', 'fill_value', 'interpolation', 'seed')


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
        ranges = self._checked_early(lambda: (self._zoom_range(height_factor, 'height_factor'), None
                                              if width_factor is None else self._zoom_range(width_factor, 'width_factor')))
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self.height_lower, self.height_upper = ranges[0]
        if width_factor is not None:
            self.width_lower, self.width_upper = ranges[1]

    @staticmethod
    def _zoom_range(factor, arg):
        return shift_range(factor, arg, ZOOM_TEXT, zoom=True)

    def _draw(self, images, xp):
        batch, height, width = images.shape[:3]
        # drawn in [1 + lower, 1 + upper), as Keras draws them (1 + a draw in [lower, upper) can differ in the last bit)
        zy = self._uniform((batch,), 1.0 + self.height_lower, 1.0 + self.height_upper, np)
        zx = zy if self.width_factor is None else self._uniform((batch,), 1.0 + self.width_lower,
                                                                 1.0 + self.width_upper, np)
        return self._zooms(zx, zy, height, width)

    @staticmethod
    def _zooms(zx, zy, height, width):
        return {'zx': zx, 'zy': zy,
                'matrices': _rows(zx, 0, (width - 1) / 2.0 * (1 - zx), 0, zy, (height - 1) / 2.0 * (1 - zy), 0, 0)}

    def _keras_transformation(self, drawn, shape):
        return {'height_zoom': Tensor(drawn['zy'][:, None]), 'width_zoom': Tensor(drawn['zx'][:, None]),
                'input_shape': shape}

    def _drawn_from(self, transformation, batch, height, width):
        zx, zy = (host_array(transformation[key]).astype(np.float32).reshape(-1)
                  for key in ('width_zoom', 'height_zoom'))
        return self._zooms(zx, zy, height, width)

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        # Keras maps the image's corners through the zoom, clips the boxes to where they land and
        # measures them in fractions of that window's size
        boxes = convert_array(boxes, self.bounding_box_format, 'xyxy', height, width)
        zx, _, x_offset, _, zy, y_offset = (drawn['matrices'][:, i, None, None] for i in range(6))
        zero = np.float32(0)
        w_start, h_start = (zx * zero + zero * zero + x_offset), (zero * zero + zy * zero + y_offset)
        w_end = zx * np.float32(width) + zero * np.float32(height) + x_offset
        h_end = zero * np.float32(width) + zy * np.float32(height) + y_offset
        x1, y1, x2, y2 = columns(boxes)
        boxes = joined(np.clip(x1, w_start, w_end) - w_start, np.clip(y1, h_start, h_end) - h_start,
                       np.clip(x2, w_start, w_end) - w_start, np.clip(y2, h_start, h_end) - h_start)
        boxes = convert_array(boxes, 'xyxy', 'rel_xyxy', h_end - h_start, w_end - w_start)
        boxes, labels = clip_array(boxes, labels, None, None, relative=True)
        return convert_array(boxes, 'rel_xyxy', self.bounding_box_format, height, width), labels

    config_keys = ('height_factor', 'width_factor') + _AffineLayer.config_keys
