"""``keras.ops.image``: resize, affine_transform, crop/pad, colour conversions and patches,
with Keras 3.15's TensorFlow-backend numbers.

Images are (height, width, channels) or batched (batch, height, width, channels)
(channels first with ``data_format='channels_first'``). Resizing and affine
sampling are tf.image's own (framework.ops.image: per-axis weight matrices, and
the ImageProjectiveTransformV3 sampler), so gradients reach the image. Errors name ``keras.ops.image.<function>``.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.ops.image import projective
from framework.ops.image.resize import check_antialias, resample, resize as tf_image_resize
from framework.ops.operands import named_errors
from .ops_arguments import integer
from .ops_conv_extra import _patches, _two
from .ops_dtypes import floating, tensor
from .data_format import standardize_data_format

__all__ = ['affine_transform', 'crop_images', 'elastic_transform', 'extract_patches', 'extract_patches_3d',
           'gaussian_blur', 'hsv_to_rgb', 'map_coordinates', 'pad_images', 'perspective_transform', 'resize',
           'rgb_to_grayscale', 'rgb_to_hsv', 'scale_and_translate', 'sobel_edges', 'ssim']


def _public(fn):
    return named_errors('keras.ops.image.' + fn.__name__)(fn)


def _nhwc(images, data_format, op, to_float=True):
    """(batch of NHWC images, undo): a single image gets a batch axis, channels first are moved last."""
    t = floating(images, 'image.' + op) if to_float else tensor(images, 'image.' + op)
    if t.ndim not in (3, 4):
        if op == 'extract_patches':     # Keras 3's conv data-format check (5-D: a Conv2D kernel's refusal there)
            error = ValueError('Input rank not supported: %d. Expected values are [3, 4, 5]' % t.ndim if t.ndim != 5
                               else 'keras.ops.image.extract_patches: 2-D patches of a 5-D tensor')
        else:       # Keras 3's image ops' check (crop / pad word it a little differently)
            error = ValueError('Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). '
                               'Received%s: images.shape=%s' % ('' if op in ('crop_images', 'pad_images')
                                                                 else ' input with shape', tuple(t.shape)))
        error.add_note('keras.ops.image.%s: images must be 3-D (H, W, C) or 4-D (N, H, W, C), got shape %s'
                       % (op, tuple(t.shape)))
        raise error
    data_format = standardize_data_format(data_format, 'keras.ops.image.' + op)
    single, first = t.ndim == 3, data_format == 'channels_first'
    if single:
        t = _ops.expand_dims(t, 0)
    if first:
        t = _ops.transpose(t, [0, 2, 3, 1])

    def undo(y):
        y = _ops.transpose(y, [0, 3, 1, 2]) if first else y
        return y[0] if single else y
    return t, undo


# ---- resize ----------------------------------------------------------------------------------------
_RESIZE_METHODS = ('bilinear', 'nearest', 'lanczos3', 'lanczos5', 'bicubic', 'area')


def _both_aspect_options():
    return ValueError('Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.')   # Keras 3.15's


def _integer_entry(n):
    """Whether tf.image.resize's int32 conversion takes ``n`` (a Python or numpy int, an integer tensor)."""
    if hasattr(n, '_data'):
        return n._data.dtype.kind in 'iu'
    return isinstance(n, (int, np.integer)) and not isinstance(n, bool)


def check_resize_arguments(interpolation, fill_mode, crop_to_aspect_ratio, pad_to_aspect_ratio, who):
    """Keras 3's TF backend image.resize checks, in its order and words (the Resizing layer meets them
    when called, not when made)."""
    if interpolation not in _RESIZE_METHODS:
        error = ValueError('Invalid value for argument `interpolation`. Expected of one %s. Received: '
                           'interpolation=%s' % (_RESIZE_METHODS, interpolation))
        error.add_note('%s: interpolation must be one of %s, got %r' % (who, _RESIZE_METHODS, interpolation))
        raise error
    if fill_mode != 'constant':
        raise ValueError("Invalid value for argument `fill_mode`. Only `'constant'` is supported. Received: "
                         'fill_mode=%s' % (fill_mode,))
    if crop_to_aspect_ratio and pad_to_aspect_ratio:
        raise _both_aspect_options()


@_public
def resize(images, size, interpolation='bilinear', antialias=False, crop_to_aspect_ratio=False,
           pad_to_aspect_ratio=False, fill_mode='constant', fill_value=0.0, data_format=None):
    """Images resized to ``size`` (height, width) by one of Keras 3's TensorFlow backend's methods
    (``_RESIZE_METHODS``, tf.image.resize's); the aspect ratio kept by a centred crop or a padding of
    ``fill_value`` if asked. Floats stay in their dtype; integer images come back as floatx for all
    but 'nearest' (Keras 3 on TensorFlow)."""
    # Keras 3.15's order: the size, then the aspect options, then its TF backend's own checks
    _keras_size_checks(size)
    if crop_to_aspect_ratio and pad_to_aspect_ratio:
        raise _both_aspect_options()
    check_resize_arguments(interpolation, fill_mode, crop_to_aspect_ratio, pad_to_aspect_ratio, 'keras.ops.image.resize')
    if not all(_integer_entry(n) for n in size):
        # tf.image.resize converts size to int32: a float (2.5, or 2.0 in an array) fails there, in its words
        error = ValueError("'size' must be a 1-D int32 Tensor")
        error.add_note('keras.ops.image.resize: size must be two integers (height, width), got %r' % (size,))
        raise error
    height, width = _two(size, False, 'image.resize', 'size')
    check_antialias(antialias, interpolation, 'keras.ops.image.resize')      # (tf.image.resize's kernel attribute)
    antialias = bool(antialias) and interpolation not in ('nearest', 'area')     # (tf.image.resize ignores it there)
    raw = tensor(images, 'image.resize')
    integers = raw._data.dtype.kind in 'iu'
    x, undo = _nhwc(images, data_format, 'resize', to_float=not (integers and interpolation == 'nearest'))
    h, w = x.shape[1], x.shape[2]
    if crop_to_aspect_ratio:
        keep_h, keep_w = min(h, int(w * height / width)), min(w, int(h * width / height))
        top, left = (h - keep_h) // 2, (w - keep_w) // 2
        x = x[:, top:top + keep_h, left:left + keep_w, :]
    elif pad_to_aspect_ratio:
        from layers.preprocessing.image_resize import aspect_pad_margins, integer_fill_value
        # Keras 3 adds the same margin, half the shortfall rounded down, on both sides (an odd shortfall
        # leaves the padded image a row short of the target's aspect ratio)
        top, left = aspect_pad_margins(h, w, height, width)
        if integers and (top or left):       # Keras pads integer images in their own dtype
            fill_value = integer_fill_value(fill_value, raw._data.dtype)
        x = _ops.pad(x, [[0, 0], [top, top], [left, left], [0, 0]], constant_values=fill_value)
    if x._data.dtype.kind == 'f' or x._data.dtype.name == 'bfloat16':
        # Keras 3's TF backend calls tf.image.resize, whose kernels answer float32 for every float dtype
        # but 'nearest' (a float64 UpSampling2D(interpolation='bilinear') carries float32 values), and
        # whose gradients are TF's: ResizeBilinearGrad's, ScaleAndTranslateGrad's refusal of all but
        # float32, ResizeArea's missing gradient, ResizeBicubic's None for half floats
        y = tf_image_resize(x, (height, width), interpolation, antialias=antialias)
    else:
        y = resample(x, height, width, interpolation, antialias)
    if y._data.dtype != raw._data.dtype:
        # Keras 3 casts the result back to the images' dtype (saturate_cast); integers rounded half to even
        from .ops_arrangement import saturate_cast
        y = saturate_cast(_ops.round(y) if integers else y, raw._data.dtype)
    return undo(y)


def _keras_size_checks(size):
    """Keras 3's checks of resize's ``size``, made before the images' (len(3): Python's TypeError, as in Keras)."""
    note = 'keras.ops.image.resize: size must be a pair of integers >= 1 (height, width), got %r' % (size,)
    try:
        pair = len(size) == 2
    except TypeError as error:
        error.add_note(note)
        raise
    if not pair:
        error = ValueError('Expected `size` to be a tuple of 2 integers. Received: size=%s' % (size,))
    elif size[0] <= 0 or size[1] <= 0:
        error = ValueError('`size` must have positive height and width. Received: size=%s' % (size,))
    else:
        return
    error.add_note(note)
    raise error


# ---- crops and pads ----------------------------------------------------------------------------------
def _margins(size, before, after, target, op, names):
    given = [v is not None for v in (before, after, target)]
    if sum(given) != 2:
        raise ValueError('keras.ops.image.%s: give exactly two of %s, %s and %s; got %r, %r and %r'
                         % ((op,) + names + (before, after, target)))
    before, after, target = (None if v is None else integer(v, name, 'image.' + op)
                             for v, name in zip((before, after, target), names))
    if target is None:
        return before, after
    if before is None:
        return size - target - after if op == 'crop_images' else target - size - after, after
    return before, size - target - before if op == 'crop_images' else target - size - before


@_public
def crop_images(images, top_cropping=None, left_cropping=None, bottom_cropping=None, right_cropping=None,
                target_height=None, target_width=None, data_format=None):
    """Images cropped by the given margins (two of: top, bottom, target height; likewise across)."""
    x, undo = _nhwc(images, data_format, 'crop_images', to_float=False)
    h, w = x.shape[1], x.shape[2]
    top, bottom = _margins(h, top_cropping, bottom_cropping, target_height, 'crop_images',
                           ('top_cropping', 'bottom_cropping', 'target_height'))
    left, right = _margins(w, left_cropping, right_cropping, target_width, 'crop_images',
                           ('left_cropping', 'right_cropping', 'target_width'))
    if min(top, bottom, left, right) < 0 or top + bottom >= h or left + right >= w:
        raise ValueError('keras.ops.image.crop_images: margins (top %d, bottom %d, left %d, right %d) do not fit '
                         'images of height %d and width %d' % (top, bottom, left, right, h, w))
    return undo(x[:, top:h - bottom, left:w - right, :])


@_public
def pad_images(images, top_padding=None, left_padding=None, bottom_padding=None, right_padding=None,
               target_height=None, target_width=None, data_format=None):
    """Images padded with zeros (two of: top, bottom, target height; likewise across)."""
    x, undo = _nhwc(images, data_format, 'pad_images', to_float=False)
    h, w = x.shape[1], x.shape[2]
    top, bottom = _margins(h, top_padding, bottom_padding, target_height, 'pad_images',
                           ('top_padding', 'bottom_padding', 'target_height'))
    left, right = _margins(w, left_padding, right_padding, target_width, 'pad_images',
                           ('left_padding', 'right_padding', 'target_width'))
    if min(top, bottom, left, right) < 0:
        raise ValueError('keras.ops.image.pad_images: the padding must be >= 0, got top %d, bottom %d, left %d, '
                         'right %d' % (top, bottom, left, right))
    return undo(_ops.pad(x, [[0, 0], [top, bottom], [left, right], [0, 0]]))


# ---- sampling ---------------------------------------------------------------------------------------
_AFFINE_INTERPOLATIONS = ('nearest', 'bilinear')          # Keras 3.15's TF backend's tuples, in its order
_AFFINE_FILL_MODES = ('constant', 'nearest', 'wrap', 'reflect')


@_public
def affine_transform(images, transform, interpolation='bilinear', fill_mode='constant', fill_value=0,
                     data_format=None):
    """Each output pixel (x, y) sampled from the input at ((a0 x + a1 y + a2) / k, (a3 x + a4 y + a5) / k),
    k = a6 x + a7 y + 1; ``transform`` is (8,) or one row per image. Outside the image: ``fill_value``
    ('constant'), the nearest edge pixel ('nearest'), the image mirrored ('reflect') or tiled ('wrap'), the
    modes Keras 3 on TF passes to ImageProjectiveTransformV3 (its texts for others: 'mirror' too)."""
    if interpolation not in _AFFINE_INTERPOLATIONS:
        raise ValueError('Invalid value for argument `interpolation`. Expected of one %s. Received: interpolation=%s'
                         % (_AFFINE_INTERPOLATIONS, interpolation))
    if fill_mode not in _AFFINE_FILL_MODES:
        raise ValueError('Invalid value for argument `fill_mode`. Expected of one %s. Received: fill_mode=%s'
                         % (_AFFINE_FILL_MODES, fill_mode))
    x, undo = _nhwc(images, data_format, 'affine_transform', to_float=False)     # integer images stay (Keras on TF)
    n = x.shape[0]
    a = np.asarray(backend.to_host(tensor(transform, 'image.affine_transform')._data))
    if a.ndim not in (1, 2) or a.shape[-1] != 8 or (a.ndim == 2 and a.shape[0] not in (1, n)):
        raise ValueError('keras.ops.image.affine_transform: transform must be (8,) or (batch=%d, 8), got shape %s'
                         % (n, a.shape))
    return undo(projective.transform(x, a, interpolation, fill_mode, float(fill_value)))


@_public
def extract_patches(images, size, strides=None, dilation_rate=1, padding='valid', data_format=None):
    """Patches of ``size`` every ``strides`` pixels, each flattened (row, column, channel) into the
    channel axis: (batch, rows, cols, size_h * size_w * channels). A ``size`` of three ints takes
    volumes instead, as Keras 3.15 does: ``extract_patches_3d``."""
    if not isinstance(size, int):
        if not isinstance(size, (tuple, list)):
            raise TypeError('Invalid `size` argument. Expected an int or a tuple. Received: size=%s of type %s'
                            % (size, type(size).__name__))
        if len(size) not in (2, 3):
            raise ValueError('Invalid `size` argument. Expected a tuple of length 2 or 3. Received: size=%s with '
                             'length %d' % (size, len(size)))
        if len(size) == 3:
            return extract_patches_3d(images, size, strides, dilation_rate, padding, data_format)
    x, undo = _nhwc(images, data_format, 'extract_patches', to_float=False)
    kernel = _two(size, False, 'image.extract_patches', 'size')
    stride = kernel if strides is None else _two(strides, False, 'image.extract_patches', 'strides')
    windows = _patches(x, kernel, stride, padding, _two(dilation_rate, False, 'image.extract_patches',
                                                        'dilation_rate'), 'image.extract_patches')
    n, oh, ow = windows.shape[:3]
    return undo(_ops.reshape(windows, [n, oh, ow, -1]))


from .ops_image_filters import gaussian_blur, sobel_edges, ssim  # noqa: E402  (they reuse _nhwc above)
from .ops_map_coordinates import map_coordinates  # noqa: E402, F401
from .ops_perspective import perspective_transform  # noqa: E402, F401
from .ops_scale_translate import scale_and_translate  # noqa: E402, F401
from .ops_volume_patches import extract_patches_3d  # noqa: E402, F401
from .ops_elastic import elastic_transform  # noqa: E402, F401
from .ops_image_colour import hsv_to_rgb, rgb_to_grayscale, rgb_to_hsv  # noqa: E402, F401
