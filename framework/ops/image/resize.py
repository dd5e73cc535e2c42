"""``tf.image.resize`` and the resizes built on it (resize_with_pad, crop_and_resize's sampling).

A resize is two contractions with per-axis weight matrices (``resize_weights``),
so the gradient reaches the images; 'nearest' is a gather and keeps the dtype.
Everything else returns float32, as TensorFlow's resize kernels do.
"""
import numpy as np

from ...errors import kernel_error, noted
from ...tensor import Tensor
from ...tensor_shape import TensorShape
from ..indexing import gather
from ..linalg import einsum
from ..shapes import cast, pad
from .layout import EITHER, IMAGES, batched, constant_like, positive_targets, size_pair
from .resize_weights import half_pixel_sources, nearest_indices, resize_matrix, scale_and_translate_kernel
from .kernel_dtypes import refuse_dtype
from .resize_area import resize_area
from .resize_bicubic import resize_bicubic
from .resize_bilinear_grad import resize_bilinear, resize_nearest
from .scale_translate_spans import resample_spans, spans
from ..operands import named_errors
from ..unregistered_gradient import not_differentiable, without_gradient
from ..graph_input_errors import eager_input_error, input_mismatch
from ...tf_python_names import tf_named

METHODS = ('bilinear', 'nearest', 'bicubic', 'area', 'lanczos3', 'lanczos5', 'gaussian', 'mitchellcubic')


class ResizeMethod:
    """The method names ``tf.image.resize`` accepts."""
    BILINEAR = 'bilinear'
    NEAREST_NEIGHBOR = 'nearest'
    BICUBIC = 'bicubic'
    AREA = 'area'
    LANCZOS3 = 'lanczos3'
    LANCZOS5 = 'lanczos5'
    GAUSSIAN = 'gaussian'
    MITCHELLCUBIC = 'mitchellcubic'


def separable(x, rows, cols):
    """4-D ``x`` with its height contracted by ``rows`` (out_h, h) and its width by ``cols`` (out_w, w)."""
    dtype = x._data.dtype
    y = einsum('oh,bhwc->bowc', constant_like(rows.astype(dtype), x), x)
    return einsum('pw,bowc->bopc', constant_like(cols.astype(dtype), x), y)


def _bilinear(x, height, width, sources=half_pixel_sources):
    """ResizeBilinear's own arithmetic (lerp across, then down), so results round as TensorFlow's do;
    ``sources(size_in, size_out)`` places the output pixels (half-pixel centres, or compat.v1's grids)."""
    def axis_parts(size_in, size_out):
        source = sources(size_in, size_out)
        low = np.floor(source)
        return (np.maximum(low, 0).astype(np.int32), np.minimum(np.ceil(source), size_in - 1).astype(np.int32),
                (source - low).astype(x._data.dtype))
    y_low, y_high, y_lerp = axis_parts(x.shape[1], height)
    x_low, x_high, x_lerp = axis_parts(x.shape[2], width)
    x_lerp, y_lerp = constant_like(x_lerp.reshape(1, 1, -1, 1), x), constant_like(y_lerp.reshape(1, -1, 1, 1), x)
    top, bottom = (gather(x, index, axis=1) for index in (y_low, y_high))
    top, bottom = (left + (right - left) * x_lerp for left, right in
                   ((gather(r, x_low, axis=2), gather(r, x_high, axis=2)) for r in (top, bottom)))
    return top + (bottom - top) * y_lerp


def resample(x, height, width, method, antialias=False):
    """4-D ``x`` resized to (height, width) by ``method``, computed in x's floating dtype."""
    if method == 'bilinear' and not antialias:
        return _bilinear(x, height, width)
    if method == 'nearest':
        return gather(gather(x, nearest_indices(x.shape[1], height), axis=1),
                      nearest_indices(x.shape[2], width), axis=2)
    if x._data.dtype != np.float32:        # float64 / float16 images: the weight matrices, in their dtype
        return separable(x, resize_matrix(x.shape[1], height, method, antialias),
                         resize_matrix(x.shape[2], width, method, antialias))
    if method == 'area':
        return resize_area(x, height, width)
    if method == 'bicubic' and not antialias:
        return resize_bicubic(x, height, width)
    kernel = scale_and_translate_kernel(method)
    return resample_spans(x, spans(x.shape[1], height, kernel, antialias), spans(x.shape[2], width, kernel, antialias))


def _aspect_size(h, w, height, width):
    # TensorFlow: scale by the smaller ratio, round half to even in float32.
    scale = min(np.float32(height) / np.float32(h), np.float32(width) / np.float32(w))
    return int(np.round(np.float32(scale) * np.float32(h))), int(np.round(np.float32(scale) * np.float32(w)))


def check_antialias(antialias, method, op):
    """TF passes ``antialias`` to its ScaleAndTranslate kernel (the kernel methods always, bilinear and
    bicubic when it is true), whose bool attribute takes only a Python bool."""
    # None is an unset attribute: the kernel's default.
    if (antialias or method in _SCALE_AND_TRANSLATE) and method not in ('nearest', 'area') \
            and antialias is not None and not isinstance(antialias, bool):
        error = TypeError("Expected bool for argument 'antialias' not %r." % (antialias,))
        error.add_note('%s: antialias must be True or False, got %r' % (op, antialias))
        raise error


_SCALE_AND_TRANSLATE = ('lanczos3', 'lanczos5', 'gaussian', 'mitchellcubic')
_KERNELS = {'nearest': 'ResizeNearestNeighbor', 'area': 'ResizeArea', 'bilinear': 'ResizeBilinear',
            'bicubic': 'ResizeBicubic'}


def _check_pixels(shape, method, antialias, op):
    """TF's resize kernels refuse images without channels, then images of zero height or width."""
    if shape[3] and shape[1] and shape[2]:
        return
    kernel = _KERNELS.get(method, 'ScaleAndTranslate')
    if antialias and method in ('bilinear', 'bicubic'):
        kernel = 'ScaleAndTranslate'
    text = 'image must have at least one channel' if not shape[3] else 'input image must be of non-zero size'
    raise kernel_error(kernel, text, named=True, note='%s: images of shape %s have no pixels to resize; give '
                       'them a height, width and channels of at least 1' % (op, tuple(shape)))


@tf_named('resize_images_v2')
@named_errors('image.resize')
def resize(images, size, method='bilinear', preserve_aspect_ratio=False, antialias=False, name=None):
    """Images (3-D or 4-D, channels last) resized to ``size`` = (height, width).

    ``method`` is a ResizeMethod name; 'nearest' keeps the dtype, the others give float32.
    ``antialias`` widens the kernel when shrinking (not for 'nearest' and 'area', as in TF).
    ``preserve_aspect_ratio`` scales both sides by the smaller ratio so the result fits in ``size``.
    """
    op = 'image.resize'
    method = getattr(method, 'value', method)
    if method not in METHODS:
        raise noted(ValueError('Resize method is not implemented: %s' % (method,)),
                    '%s: method must be one of %s' % (op, ', '.join(METHODS)))
    x, undo = batched(images, op, tf_rank=IMAGES)
    check_antialias(antialias, method, op)
    _check_pixels(x.shape, method, antialias, op)
    _check_int32_size(size, op)
    given = size.numpy() if hasattr(size, 'numpy') else size
    if np.ndim(given) != 1 or np.size(given) != 2:
        raise noted(ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width"),
                    '%s: size must be two integers (height, width), got %r' % (op, size))
    # the kernel's registry refuses another dtype (bool, complex, uint32) before it computes anything
    refuse_dtype(x, _resize_kernel(method, antialias), op)
    sizes = np.asarray(given)
    if sizes.dtype.kind in 'iu' and (sizes <= 0).any():        # the resize kernel's words
        raise kernel_error(_resize_kernel(method, antialias), 'output dimensions must be positive', named=True,
                           note='%s: size must be positive, got %r' % (op, tuple(sizes.tolist())))
    height, width = size_pair(size, op)
    if preserve_aspect_ratio:
        height, width = _aspect_size(x.shape[1], x.shape[2], height, width)
        if not (height and width):      # a side rounded to 0: the kernel's refusal
            raise kernel_error(_resize_kernel(method, antialias), 'output dimensions must be positive', named=True,
                               note='%s: preserve_aspect_ratio scales the images (%d x %d) to %d x %d; give a '
                               'larger size' % (op, x.shape[1], x.shape[2], height, width))
    if method == 'nearest':
        return undo(resize_nearest(x, height, width, lambda t, h, w: resample(t, h, w, method)))
    if method == 'bilinear' and not antialias:       # one op, TF's ResizeBilinearGrad as its gradient
        return undo(resize_bilinear(x, height, width, _bilinear))
    if method == 'bicubic' and not antialias:
        if x._data.dtype == np.float64:
            return undo(resize_bicubic(x, height, width))     # ResizeBicubicGrad computes in double
        if x._data.dtype.itemsize == 2:        # TF's gradient function answers None for half floats
            x = not_differentiable('ResizeBicubic', x)
    if _resize_kernel(method, antialias) == 'ScaleAndTranslate' and x._data.dtype != np.float32 \
            and (x._data.dtype.kind == 'f' or x._data.dtype.name == 'bfloat16'):
        # TF's ScaleAndTranslateGrad kernel is float32 only: the gradient of a float64 (or half,
        # bfloat16) image fails in its dtype check
        return undo(without_gradient('ScaleAndTranslate', lambda t: resample(cast(t, 'float32'), height, width, method,
                                                                             antialias), x,
                                     error=lambda: input_mismatch(eager_input_error('ScaleAndTranslateGrad', 1, 'float32',
                                                                                    x.dtype),
                                                                  'ScaleAndTranslateGrad', 1, 'float32', x.dtype)))
    return undo(resample(cast(x, 'float32'), height, width, method, antialias))


def _resize_kernel(method, antialias):
    # the kernel tf.image.resize runs for ``method``: the scale-and-translate one for the wide kernels and antialias
    if method in ('nearest', 'area'):
        return {'nearest': 'ResizeNearestNeighbor', 'area': 'ResizeArea'}[method]
    if method in ('bilinear', 'bicubic') and not antialias:
        return {'bilinear': 'ResizeBilinear', 'bicubic': 'ResizeBicubic'}[method]
    return 'ScaleAndTranslate'


@tf_named('resize_image_with_pad_v2')
@named_errors('image.resize_with_pad')
def resize_with_pad(image, target_height, target_width, method='bilinear', antialias=False):
    """Resized, keeping the aspect ratio, to fit in the target, then zero-padded (centred) to it."""
    op = 'image.resize_with_pad'
    x, undo = batched(image, op, tf_rank=EITHER, nonzero='batched')
    positive_targets(target_height, target_width, op)
    height, width = size_pair((target_height, target_width), op, 'target size')
    if height == 0 or width == 0:
        raise ValueError('%s: the target size must be positive, got (%d, %d)' % (op, height, width))
    h, w = x.shape[1], x.shape[2]
    # TensorFlow: the larger of the two ratios decides; sizes are floor(side / ratio).
    ratio = max(np.float32(w) / np.float32(width), np.float32(h) / np.float32(height))
    new_h, new_w = int(np.floor(np.float32(h) / ratio)), int(np.floor(np.float32(w) / ratio))
    resized = resize(x, (new_h, new_w), method, antialias=antialias)
    # The margins come from the unrounded sizes, truncated (TensorFlow's cast to int32).
    top = max(0, int((np.float32(height) - np.float32(h) / ratio) / 2))
    left = max(0, int((np.float32(width) - np.float32(w) / ratio) / 2))
    return undo(pad(resized, [[0, 0], [top, height - new_h - top], [left, width - new_w - left], [0, 0]]))


def _check_int32_size(size, op):
    """TF's resize converts ``size`` to an int32 tensor first (a float in a list or a float tensor fails:
    "'size' must be a 1-D int32 Tensor"; numpy arrays are cast), then reads it as a static shape, where a
    value below -1 is refused ('Dimension -2 must be >= 0'; -1 reads as unknown, and -1 or 0 reach the
    kernel, 'output dimensions must be positive')."""
    if isinstance(size, Tensor):
        convertible = size.dtype.name == 'int32'
    elif isinstance(size, TensorShape):     # a shape converts only with every length known (x.shape[1:3] does)
        convertible = size.is_fully_defined()
    elif isinstance(size, (list, tuple)) and any(isinstance(v, Tensor) for v in size):
        convertible = all(isinstance(v, (int, np.integer)) or (isinstance(v, Tensor) and v.dtype.name == 'int32')
                          for v in size)
    elif isinstance(size, (list, tuple)):       # nested lists of ints convert too ([[2, 2]]: its rank is refused next)
        try:
            convertible = np.asarray(size).dtype.kind in 'iu'
        except ValueError:
            convertible = False
    else:
        convertible = size is not None      # (None is the conversion's refusal)
    if not convertible:
        raise noted(ValueError("'size' must be a 1-D int32 Tensor"),
                    '%s: size must be two integers (height, width), got %r' % (op, size))
    values = size.numpy() if hasattr(size, 'numpy') else size
    if np.ndim(values) == 1:
        for v in np.asarray(values).tolist():
            if isinstance(v, int) and v < -1:
                raise noted(ValueError('Dimension %d must be >= 0' % v),
                            '%s: size must be positive, got %r' % (op, size))
