"""``tf.compat.v1.image``'s resizes: resize_bilinear / resize_nearest_neighbor / resize_bicubic /
resize_area and resize (= resize_images), with TF 1's ``align_corners`` and ``half_pixel_centers``.

They run TF's raw kernels with other pixel grids than tf.image.resize's half-pixel centres. TF's
CalculateResizeScale takes in / out, or (in - 1) / (out - 1) with align_corners (corner pixels on
corner pixels); its LegacyScaler puts output pixel o at o * scale, the HalfPixelScaler at
(o + 0.5) * scale - 0.5. Nearest rounds (roundf) with align_corners and floors otherwise; the legacy
bicubic reads its four taps clamped to the image with Keys' a = -0.75 and does not renormalise. The
kernels' arithmetic and gradients are tf.image.resize's (resize.py, resize_bilinear_grad.py,
resize_bicubic.py, resize_area.py), handed these grids. Segmentation code ported from TF 1 (DeepLab's
``tf.compat.v1.image.resize(x, size, align_corners=True)``) reads them.
"""
import functools

import numpy as np

from ...errors import fast_path, kernel_error, noted
from ..shapes import cast
from .layout import IMAGES, batched
from .resize import _aspect_size, _bilinear, _check_int32_size
from .resize_area import resize_area as _area
from .resize_bicubic import _coefficients, _taps, _TABLE, resize_bicubic as _bicubic
from .resize_bilinear_grad import resize_bilinear as _recorded_bilinear, resize_nearest
from .resize_weights import half_pixel_sources, nearest_indices

F32 = np.float32


class ResizeMethod:
    """TF 1's resize method numbers (``tf.compat.v1.image.ResizeMethod``)."""
    BILINEAR = 0
    NEAREST_NEIGHBOR = 1
    BICUBIC = 2
    AREA = 3


def _scale(size_in, size_out, align_corners):
    """TF's CalculateResizeScale, in float32."""
    if align_corners and size_out > 1 and size_in > 1:
        return F32(size_in - 1) / F32(size_out - 1)
    return F32(size_in) / F32(size_out)


def _legacy_sources(size_in, size_out, align_corners):
    """LegacyScaler: output pixel o reads source position o * scale."""
    return np.arange(size_out, dtype=F32) * _scale(size_in, size_out, align_corners)


def _legacy_nearest(size_in, size_out, align_corners):
    """The source row of each output row: roundf (halves away from 0) with align_corners, else floor."""
    position = _legacy_sources(size_in, size_out, align_corners)
    low = np.floor(position)
    if align_corners:
        low = low + (position - low >= F32(0.5))
    return np.minimum(low, size_in - 1).astype(np.int32)


def _legacy_taps(size_in, size_out, align_corners):
    """ResizeBicubic's (indices (size_out, 4), weights (size_out, 4)) on the legacy grid: the taps clamped
    to the image, Keys' a = -0.75, weights as tabulated (no renormalising)."""
    near, far = _coefficients(-0.75)
    source = _legacy_sources(size_in, size_out, align_corners)
    low = np.floor(source)
    offset = np.rint((source - low) * F32(_TABLE)).astype(np.int64)      # lrintf: halves to even
    low = low.astype(np.int64)
    index = np.clip(np.stack([low - 1, low, low + 1, low + 2], axis=1), 0, size_in - 1)
    weights = np.stack([far[offset], near[offset], near[_TABLE - offset], far[_TABLE - offset]], axis=1)
    return index, weights.astype(F32)


def _grid(kernel, images, size, align_corners, half_pixel_centers):
    """(4-D images, height, width) after the raw kernel's own checks, in its order and words."""
    from ..operands import as_tensor
    x = as_tensor(images, 'image.' + kernel)
    named = fast_path(images, size)       # a Python list size takes TF's slow path: no ' name: ' tail
    if half_pixel_centers and align_corners:
        raise kernel_error(kernel, 'If half_pixel_centers is True, align_corners must be False.', named=named,
                           note='image.%s: align_corners and half_pixel_centers cannot both be True' % kernel)
    if x.ndim != 4:
        raise kernel_error(kernel, 'input must be 4-dimensional[%s]' % ','.join(map(str, x.shape)), named=named,
                           note='image.%s: images must be 4-D (batch, height, width, channels), got shape %s'
                           % (kernel, tuple(x.shape)))
    values = np.asarray(size.numpy() if hasattr(size, 'numpy') else size)
    if values.ndim != 1 or values.size != 2:
        raise kernel_error(kernel, 'shape_t must have two elements[%s]' % ','.join(map(str, values.shape)), named=named,
                           note='image.%s: size must be two integers (height, width), got %r' % (kernel, size))
    height, width = (int(v) for v in values)
    if height <= 0 or width <= 0:
        raise kernel_error(kernel, 'output dimensions must be positive', named=named,
                           note='image.%s: size must be positive, got %r' % (kernel, (height, width)))
    return x, height, width


def resize_bilinear(images, size, align_corners=False, name=None, half_pixel_centers=False):
    """ResizeBilinear: float32 results, ResizeBilinearGrad as the gradient."""
    x, height, width = _grid('ResizeBilinear', images, size, align_corners, half_pixel_centers)
    sources = half_pixel_sources if half_pixel_centers else functools.partial(_legacy_sources,
                                                                              align_corners=align_corners)
    if x._data.dtype.kind != 'f':
        return _bilinear(cast(x, 'float32'), height, width, sources)
    return _recorded_bilinear(x, height, width, lambda t, h, w: _bilinear(t, h, w, sources), sources)


def resize_nearest_neighbor(images, size, align_corners=False, name=None, half_pixel_centers=False):
    """ResizeNearestNeighbor: the images' dtype kept, ResizeNearestNeighborGrad as the gradient."""
    from ..indexing import gather
    x, height, width = _grid('ResizeNearestNeighbor', images, size, align_corners, half_pixel_centers)
    # HalfPixelScalerForNN puts o at (o + 0.5) * scale: tf.image.resize's nearest_indices
    indices = nearest_indices if half_pixel_centers else functools.partial(_legacy_nearest,
                                                                           align_corners=align_corners)
    return resize_nearest(x, height, width, lambda t, h, w: gather(gather(t, indices(t.shape[1], h), axis=1),
                                                                   indices(t.shape[2], w), axis=2), indices)


def resize_bicubic(images, size, align_corners=False, name=None, half_pixel_centers=False):
    """ResizeBicubic: float32 results computed from float32 values, ResizeBicubicGrad as the gradient."""
    x, height, width = _grid('ResizeBicubic', images, size, align_corners, half_pixel_centers)
    taps = _taps if half_pixel_centers else functools.partial(_legacy_taps, align_corners=align_corners)
    if x._data.dtype.kind != 'f':
        x = cast(x, 'float32')
    return _bicubic(x, height, width, taps)


def resize_area(images, size, align_corners=False, name=None):
    """ResizeArea: float32 results, no gradient (TF registers none)."""
    x, height, width = _grid('ResizeArea', images, size, align_corners, False)
    return _area(cast(x, 'float32'), height, width, align_corners)


_BY_METHOD = {ResizeMethod.BILINEAR: resize_bilinear, 'bilinear': resize_bilinear,
              ResizeMethod.NEAREST_NEIGHBOR: resize_nearest_neighbor, 'nearest': resize_nearest_neighbor,
              ResizeMethod.BICUBIC: resize_bicubic, 'bicubic': resize_bicubic,
              ResizeMethod.AREA: resize_area, 'area': resize_area}


def resize_images(images, size, method=ResizeMethod.BILINEAR, align_corners=False, preserve_aspect_ratio=False,
                  name=None):
    """TF 1's tf.image.resize: 3-D or 4-D images through the raw kernel of ``method`` (legacy grid, or
    align_corners); a size equal to the images' is no resize at all (the images come back as given)."""
    op = 'image.resize'
    x, undo = batched(images, op, tf_rank=IMAGES)
    _check_int32_size(size, op)
    given = np.asarray(size.numpy() if hasattr(size, 'numpy') else size)
    if given.ndim != 1 or given.size != 2:
        raise noted(ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width"),
                    '%s: size must be two integers (height, width), got %r' % (op, size))
    method = getattr(method, 'value', method)
    kernel = _BY_METHOD.get(method) if isinstance(method, (int, str)) else None
    height, width = (int(v) for v in given)
    if preserve_aspect_ratio:
        height, width = _aspect_size(x.shape[1], x.shape[2], height, width)
    if (height, width) == tuple(x.shape[1:3]):
        return undo(x)
    if kernel is None:
        raise noted(ValueError('Resize method is not implemented: %s' % (method,)),
                    '%s: method must be one of ResizeMethod.BILINEAR, NEAREST_NEIGHBOR, BICUBIC, AREA' % op)
    # TF hands the kernel a size tensor: its errors end in ' name: ' (resize_bilinear's list size does not)
    return undo(kernel(x, np.array([height, width], np.int32), align_corners=align_corners))


__all__ = ['ResizeMethod', 'resize_area', 'resize_bicubic', 'resize_bilinear', 'resize_images',
           'resize_nearest_neighbor']
