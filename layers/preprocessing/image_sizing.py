"""Resizing, CenterCrop and RandomCrop (Keras 3)."""
import numpy as np

from framework.backend import array_module

from .image_layer import ImageLayer
from .image_resize import INTERPOLATIONS, aspect_crop_box, aspect_pad, resize


def _size(value, arg, who):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError('%s: %s must be a positive int; received %s=%r' % (who, arg, arg, value))
    return int(value)


class _SizedLayer(ImageLayer):
    """A layer whose output images are ``height`` x ``width``."""

    def __init__(self, height, width, **kwargs):
        super().__init__(**kwargs)
        self.height = _size(height, 'height', type(self).__name__)
        self.width = _size(width, 'width', type(self).__name__)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        if len(shape) not in (3, 4):
            raise ValueError('%s: expected an input shape of rank 3 or 4, got %s' % (self._who, tuple(shape)))
        h, w = self._spatial_axes(len(shape))
        shape[h], shape[w] = self.height, self.width
        return tuple(shape)

    def get_config(self):
        config = super().get_config()
        config.update(height=self.height, width=self.width)
        return config


def _smart_resize(images, height, width):
    """Keras's smart_resize: crop the center to the target aspect ratio, then resize bilinearly."""
    top, left, h, w = aspect_crop_box(images.shape[1], images.shape[2], height, width)
    return resize(images[:, top:top + h, left:left + w], height, width)


class Resizing(_SizedLayer):
    """Images resized to ``height`` x ``width`` as ``tf.image.resize`` does (half-pixel centers).

    Args:
        interpolation: 'bilinear' (default), 'nearest' or 'bicubic'.
        crop_to_aspect_ratio: first crop the largest centered box with the target's aspect ratio.
        pad_to_aspect_ratio: first pad evenly with ``fill_value`` to the target's aspect ratio.
        antialias: only False (TensorFlow's antialiased kernels are not implemented here).
    Integer images come back rounded and saturated in their dtype, as in Keras.
    Raises:
        ValueError: a bad size or interpolation, both aspect-ratio options, or antialias=True.
    """

    def __init__(self, height, width, interpolation='bilinear', crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
                 fill_mode='constant', fill_value=0.0, antialias=False, data_format=None, **kwargs):
        super().__init__(height, width, data_format=data_format, **kwargs)
        if interpolation not in INTERPOLATIONS:
            raise ValueError('Resizing: interpolation must be one of %s; received interpolation=%r'
                             % (INTERPOLATIONS, interpolation))
        if crop_to_aspect_ratio and pad_to_aspect_ratio:
            raise ValueError('Resizing: only one of crop_to_aspect_ratio and pad_to_aspect_ratio can be True')
        if fill_mode != 'constant':
            raise ValueError("Resizing: fill_mode must be 'constant'; received %r" % (fill_mode,))
        if antialias:
            raise ValueError('Resizing: antialias=True is not supported by tapeflow; use antialias=False')
        self.interpolation, self.crop_to_aspect_ratio = interpolation, bool(crop_to_aspect_ratio)
        self.pad_to_aspect_ratio, self.fill_mode = bool(pad_to_aspect_ratio), fill_mode
        self.fill_value, self.antialias = fill_value, False

    def call(self, inputs):
        images, restore = self._images(inputs, as_float=False)
        dtype = images.dtype
        if self.crop_to_aspect_ratio:
            top, left, h, w = aspect_crop_box(images.shape[1], images.shape[2], self.height, self.width)
            images = images[:, top:top + h, left:left + w]
        elif self.pad_to_aspect_ratio:
            images = aspect_pad(images.astype(np.float32), self.height, self.width, self.fill_value)
        out = resize(images, self.height, self.width, self.interpolation)
        if dtype.kind in 'iub':
            xp = array_module(out)
            info = np.iinfo(dtype) if dtype.kind != 'b' else None
            out = xp.round(out)
            out = (xp.clip(out, info.min, info.max) if info is not None else out != 0).astype(dtype)
        elif dtype != self._dtype:
            out = out.astype(self._dtype)
        return restore(out)

    def get_config(self):
        config = super().get_config()
        config.update(interpolation=self.interpolation, crop_to_aspect_ratio=self.crop_to_aspect_ratio,
                      pad_to_aspect_ratio=self.pad_to_aspect_ratio, fill_mode=self.fill_mode,
                      fill_value=self.fill_value, antialias=self.antialias)
        return config


class CenterCrop(_SizedLayer):
    """The centered ``height`` x ``width`` box of each image; images smaller than it are
    cropped to its aspect ratio and resized up instead (Keras's smart_resize). Outputs are float."""

    def call(self, inputs):
        images, restore = self._images(inputs)
        h_diff, w_diff = images.shape[1] - self.height, images.shape[2] - self.width
        if h_diff >= 0 and w_diff >= 0:
            top, left = h_diff // 2, w_diff // 2
            return restore(images[:, top:top + self.height, left:left + self.width])
        return restore(_smart_resize(images, self.height, self.width))


class RandomCrop(_SizedLayer):
    """A random ``height`` x ``width`` box of each batch while training (one box for the batch,
    as Keras draws it); images not larger than it are center-cropped to its aspect ratio and
    resized. At inference (``training=False``; a call without it crops, as Keras 3's default
    is True) the input passes unchanged, as in Keras 3.

    Args:
        seed: an int for a reproducible stream of boxes (``framework.random``).
    """
    keras_seed_generators = 2  # Keras 3 makes two (its base layer and RandomCrop each one)

    def __init__(self, height, width, seed=None, data_format=None, name=None, **kwargs):
        super().__init__(height, width, seed=seed, data_format=data_format, name=name, **kwargs)

    def call(self, inputs, training=True):
        if not training:
            return inputs
        images, restore = self._images(inputs)
        in_h, in_w = images.shape[1], images.shape[2]
        if in_h > self.height and in_w > self.width:
            xp = array_module(images)
            top = int(self._uniform((), 0, in_h - self.height + 1, xp))
            left = int(self._uniform((), 0, in_w - self.width + 1, xp))
        else:
            top, left = aspect_crop_box(in_h, in_w, self.height, self.width)[:2]
        # Keras slices the target's size from the box's corner (cut short by the image's edge)
        images = images[:, top:top + self.height, left:left + self.width]
        if images.shape[1:3] != (self.height, self.width):
            images = resize(images, self.height, self.width)
        return restore(images)

    def get_config(self):
        config = super().get_config()
        config['seed'] = self.seed
        return config
