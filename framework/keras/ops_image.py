"""``keras.ops.image``: resize, affine_transform, crop/pad, colour conversions and patches,
with Keras 3.15's TensorFlow-backend numbers.

Images are (height, width, channels) or batched (batch, height, width, channels)
(channels first with ``data_format='channels_first'``). Resizing is separable:
one interpolation matrix per axis, built on the host from TensorFlow's
half-pixel rule and applied with tensordot, so gradients reach the image.
affine_transform gathers the neighbours of each sampling point (the gather's
gradient scatters back). Errors name ``keras.ops.image.<function>``.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.ops.operands import named_errors
from .ops_conv_extra import _patches, _two
from .ops_dtypes import floating, tensor

__all__ = ['affine_transform', 'crop_images', 'elastic_transform', 'extract_patches', 'extract_patches_3d',
           'gaussian_blur', 'hsv_to_rgb', 'map_coordinates', 'pad_images', 'perspective_transform', 'resize',
           'rgb_to_grayscale', 'rgb_to_hsv', 'scale_and_translate', 'sobel_edges', 'ssim']


def _public(fn):
    return named_errors('keras.ops.image.' + fn.__name__)(fn)


def _nhwc(images, data_format, op, to_float=True):
    """(batch of NHWC images, undo): a single image gets a batch axis, channels first are moved last."""
    t = floating(images, 'image.' + op) if to_float else tensor(images, 'image.' + op)
    if t.ndim not in (3, 4):
        raise ValueError('keras.ops.image.%s: images must be 3-D (H, W, C) or 4-D (N, H, W, C), got shape %s'
                         % (op, tuple(t.shape)))
    if data_format not in (None, 'channels_last', 'channels_first'):
        raise ValueError("keras.ops.image.%s: data_format must be 'channels_last' or 'channels_first', got %r"
                         % (op, data_format))
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
def _keys_table():
    # ResizeBicubic's coefficient table: Keys' cubic (a = -0.5) at 1/1024 steps, in float32.
    x = np.arange(1025, dtype=np.float32) / np.float32(1024)
    a = np.float32(-0.5)
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    return near, far


def _sources(size_in, size_out):
    """TensorFlow's half-pixel source positions, computed in float32 as its kernels do."""
    scale = np.float32(size_in / size_out)
    return (np.arange(size_out, dtype=np.float32) + np.float32(0.5)) * scale - np.float32(0.5)


def _interpolation_matrix(size_in, size_out, method):
    """(size_out, size_in) weights of TensorFlow 2's resize (half-pixel centres, no antialiasing)."""
    out = np.zeros((size_out, size_in))
    rows = np.arange(size_out)
    source = _sources(size_in, size_out)
    if method == 'nearest':
        position = (np.arange(size_out, dtype=np.float32) + np.float32(0.5)) * np.float32(size_in / size_out)
        out[rows, np.clip(np.floor(position).astype(int), 0, size_in - 1)] = 1
        return out
    low = np.floor(source)
    offset = np.rint((source - low) * 1024).astype(int)
    near, far = _keys_table()
    low = low.astype(int)
    # Taps at low - 1 .. low + 2; those outside the image weigh 0 and the rest are renormalised.
    taps = [(low - 1, far[offset]), (low, near[offset]), (low + 1, near[1024 - offset]), (low + 2, far[1024 - offset])]
    total = np.zeros(size_out)
    for index, weight in taps:
        inside = (index >= 0) & (index < size_in)
        np.add.at(out, (rows[inside], index[inside]), weight[inside])
        total += np.where(inside, weight, 0)
    return out / total[:, None]


def _bilinear(x, height, width):
    """TensorFlow's ResizeBilinear arithmetic: lerps along the width, then the height, in x's dtype."""
    def axis_parts(size_in, size_out):
        source = _sources(size_in, size_out)
        low = np.floor(source)
        frac = (source - low).astype(x._data.dtype)
        return (np.maximum(low, 0).astype('int32'), np.minimum(np.ceil(source), size_in - 1).astype('int32'),
                frac)
    y_low, y_high, y_frac = axis_parts(x.shape[1], height)
    x_low, x_high, x_frac = axis_parts(x.shape[2], width)
    x_frac = _ops.constant(x_frac.reshape(1, 1, -1, 1))
    rows = [_ops.gather(x, index, axis=1) for index in (y_low, y_high)]
    top, bottom = (left + (right - left) * x_frac for left, right in
                   ((_ops.gather(r, x_low, axis=2), _ops.gather(r, x_high, axis=2)) for r in rows))
    return top + (bottom - top) * _ops.constant(y_frac.reshape(1, -1, 1, 1))


@_public
def resize(images, size, interpolation='bilinear', antialias=False, crop_to_aspect_ratio=False,
           pad_to_aspect_ratio=False, fill_mode='constant', fill_value=0.0, data_format=None):
    """Images resized to ``size`` (height, width) by 'nearest', 'bilinear' or 'bicubic' interpolation;
    the aspect ratio kept by a centred crop or a padding of ``fill_value`` if asked. Floats stay in
    their dtype; integer images come back as floatx for bilinear and bicubic (Keras 3 on TensorFlow)."""
    if interpolation not in ('nearest', 'bilinear', 'bicubic'):
        raise ValueError("keras.ops.image.resize: interpolation must be 'nearest', 'bilinear' or 'bicubic', "
                         "got %r" % (interpolation,))
    if antialias:
        raise ValueError('keras.ops.image.resize: antialias=True is not supported; pass antialias=False')
    if crop_to_aspect_ratio and pad_to_aspect_ratio:
        raise ValueError('keras.ops.image.resize: give only one of crop_to_aspect_ratio and pad_to_aspect_ratio')
    height, width = _two(size, False, 'image.resize', 'size')
    raw = tensor(images, 'image.resize')
    integers = raw._data.dtype.kind in 'iu'
    x, undo = _nhwc(images, data_format, 'resize', to_float=not (integers and interpolation == 'nearest'))
    h, w = x.shape[1], x.shape[2]
    if crop_to_aspect_ratio:
        keep_h, keep_w = min(h, int(w * height / width)), min(w, int(h * width / height))
        top, left = (h - keep_h) // 2, (w - keep_w) // 2
        x = x[:, top:top + keep_h, left:left + keep_w, :]
    elif pad_to_aspect_ratio:
        if fill_mode != 'constant':
            raise ValueError("keras.ops.image.resize: pad_to_aspect_ratio needs fill_mode='constant', got %r"
                             % (fill_mode,))
        full_h, full_w = max(h, int(w * height / width)), max(w, int(h * width / height))
        top, left = (full_h - h) // 2, (full_w - w) // 2
        x = _ops.pad(x, [[0, 0], [top, full_h - h - top], [left, full_w - w - left], [0, 0]],
                     constant_values=fill_value)
    if interpolation == 'bilinear':
        y = _bilinear(x, height, width)
    elif interpolation == 'nearest':
        picks = [np.argmax(_interpolation_matrix(x.shape[a], n, 'nearest'), 1).astype('int32')
                 for a, n in ((1, height), (2, width))]
        y = _ops.gather(_ops.gather(x, picks[0], axis=1), picks[1], axis=2)
    else:
        dtype = x._data.dtype
        rows = _ops.constant(_interpolation_matrix(x.shape[1], height, 'bicubic').astype(dtype))
        cols = _ops.constant(_interpolation_matrix(x.shape[2], width, 'bicubic').astype(dtype))
        y = _ops.einsum('pw,bowc->bopc', cols, _ops.einsum('oh,bhwc->bowc', rows, x))
    if integers and y._data.dtype != raw._data.dtype:
        # Keras 3: integer images come back in their dtype, rounded half to even and saturated.
        from .ops_arrangement import saturate_cast
        y = saturate_cast(_ops.round(y), raw._data.dtype)
    return undo(y)


# ---- crops and pads ----------------------------------------------------------------------------------
def _margins(size, before, after, target, op, names):
    given = [v is not None for v in (before, after, target)]
    if sum(given) != 2:
        raise ValueError('keras.ops.image.%s: give exactly two of %s, %s and %s; got %r, %r and %r'
                         % ((op,) + names + (before, after, target)))
    if target is None:
        return int(before), int(after)
    if before is None:
        return size - int(target) - int(after) if op == 'crop_images' else int(target) - size - int(after), int(after)
    return int(before), size - int(target) - int(before) if op == 'crop_images' else int(target) - size - int(before)


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
@_public
def affine_transform(images, transform, interpolation='bilinear', fill_mode='constant', fill_value=0,
                     data_format=None):
    """Each output pixel (x, y) sampled from the input at ((a0 x + a1 y + a2) / k, (a3 x + a4 y + a5) / k),
    k = a6 x + a7 y + 1; ``transform`` is (8,) or one row per image. Outside the image:
    ``fill_value`` ('constant') or the nearest edge pixel ('nearest')."""
    if interpolation not in ('nearest', 'bilinear'):
        raise ValueError("keras.ops.image.affine_transform: interpolation must be 'nearest' or 'bilinear', got %r"
                         % (interpolation,))
    if fill_mode not in ('constant', 'nearest'):
        raise ValueError("keras.ops.image.affine_transform: fill_mode must be 'constant' or 'nearest' here, got %r"
                         % (fill_mode,))
    x, undo = _nhwc(images, data_format, 'affine_transform')
    n, h, w, c = x.shape
    a = np.asarray(backend.to_host(tensor(transform, 'image.affine_transform')._data))
    if a.ndim not in (1, 2) or a.shape[-1] != 8 or (a.ndim == 2 and a.shape[0] not in (1, n)):
        raise ValueError('keras.ops.image.affine_transform: transform must be (8,) or (batch=%d, 8), got shape %s'
                         % (n, a.shape))
    # Coordinates in float32, in TensorFlow's kernel's order: it decides which way a .5 rounds.
    a = np.broadcast_to(a.reshape(-1, 8), (n, 8)).astype(np.float32)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    k = a[:, 6, None, None] * xs + a[:, 7, None, None] * ys + np.float32(1)
    src_x = (a[:, 0, None, None] * xs + a[:, 1, None, None] * ys + a[:, 2, None, None]) / k
    src_y = (a[:, 3, None, None] * xs + a[:, 4, None, None] * ys + a[:, 5, None, None]) / k
    flat = _ops.reshape(x, [n * h * w, c])
    batch = np.arange(n)[:, None, None] * (h * w)

    def read(row, col):
        inside = (row >= 0) & (row < h) & (col >= 0) & (col < w)
        index = batch + np.clip(row, 0, h - 1).astype(int) * w + np.clip(col, 0, w - 1).astype(int)
        values = _ops.gather(flat, index.reshape(-1).astype('int32'))
        if fill_mode == 'nearest':
            return values
        mask = _ops.constant(inside.reshape(-1, 1))
        return _ops.where(mask, values, _ops.cast(_ops.convert_to_tensor(float(fill_value)), x.dtype))

    if interpolation == 'nearest':
        # C's round (half away from zero), as TensorFlow's kernel.
        out = read(np.sign(src_y) * np.floor(np.abs(src_y) + 0.5), np.sign(src_x) * np.floor(np.abs(src_x) + 0.5))
    else:
        y0, x0 = np.floor(src_y), np.floor(src_x)
        dy, dx = (src_y - y0).reshape(-1, 1), (src_x - x0).reshape(-1, 1)
        cast = lambda v: _ops.constant(v.astype(x._data.dtype))  # noqa: E731
        top = read(y0, x0) * cast(1 - dx) + read(y0, x0 + 1) * cast(dx)
        bottom = read(y0 + 1, x0) * cast(1 - dx) + read(y0 + 1, x0 + 1) * cast(dx)
        out = top * cast(1 - dy) + bottom * cast(dy)
    return undo(_ops.reshape(out, [n, h, w, c]))


@_public
def extract_patches(images, size, strides=None, dilation_rate=1, padding='valid', data_format=None):
    """Patches of ``size`` every ``strides`` pixels, each flattened (row, column, channel) into the
    channel axis: (batch, rows, cols, size_h * size_w * channels)."""
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
