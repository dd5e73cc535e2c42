"""Colour-space conversions and colour adjustments of ``tf.image``.

Images have channels last (RGB where it matters); any leading axes are allowed.
Adjustments work in float32 (floats are used as they are) and convert back to
the input's dtype, saturating, as TensorFlow does. Everything is written with
tapeflow's ops, so gradients reach the image and the adjustment factors.
"""
import numpy as np

from ...errors import InvalidArgumentError, kernel_error, noted
from ..graph_input_errors import allowed_list_refusal
from ...tensor import Tensor
from ..arithmetic import floormod, maximum, minimum
from ..linalg import tensordot
from ..missing_kernels import refuse_missing
from ..operands import as_tensor
from ..reductions import reduce_mean, reduce_std
from ..selection import clip_by_value, where
from ..shapes import cast, concat, expand_dims, stack, tile, unstack
from .contrast_mean import contrast_mean
from .conversions import convert_image_dtype, float32_image, float_kind
from .hsv_gradient import rgb_to_hsv_op
from .hue_kernel import adjust_hue_exact
from .layout import AT_LEAST_3D, constant_like
from .saturation_kernel import adjust_saturation_exact
from ..unary import rsqrt_array
from ..unregistered_gradient import not_differentiable, without_gradient
from ..operands import named_errors
from ..python_value_array import python_value_array

_YUV = [[0.299, -0.14714119, 0.61497538], [0.587, -0.28886916, -0.51496512], [0.114, 0.43601035, -0.10001026]]
_YUV_INV = [[1, 1, 1], [0, -0.394642334, 2.03206185], [1.13988303, -0.58062185, 0]]
_YIQ = [[0.299, 0.59590059, 0.2115], [0.587, -0.27455667, -0.52273617], [0.114, -0.32134392, 0.31119955]]
_GREY_WEIGHTS = (0.2989, 0.5870, 0.1140)
_YIQ_INV = [[1, 1, 1], [0.95598634, -0.27201283, -1.10674021], [0.6208248, -0.64720424, 1.70423049]]


def _to_float(images, op, low_rank=1, kernel=None):
    """(float image, original dtype): float16 / float32 stay; every other dtype becomes float32 in [0, 1],
    as TF's adjust_* and rgb_to_grayscale convert it (float64 images, e.g. numpy's ``x / 255.0``, are
    adjusted in float32 and come back rounded through it; bfloat16 too).
    ``kernel``: the TF kernel float16 images reach, which has no CPU kernel for them (AdjustHue ...)."""
    x = as_tensor(images, op)
    if kernel is not None and x._data.dtype == np.float16:
        refuse_missing(x, kernel, op)
    if float_kind(x._data.dtype) not in 'fiu':
        raise TypeError('%s: images must be integer or floating, got dtype %s' % (op, x.dtype.name))
    if x.ndim < low_rank:
        note = '%s: images must have rank >= %d, got shape %s' % (op, low_rank, tuple(x.shape))
        if kernel == 'AdjustContrastv2':        # the kernel checks it
            raise kernel_error(kernel, 'input must be at least 3-D, got shape[%s]' % ','.join(map(str, x.shape)),
                               named=True, note=note)
        if op == 'image.per_image_standardization':     # TF's Python check
            raise noted(ValueError(AT_LEAST_3D[0] % {'shape': tuple(x.shape)}), note)
        raise ValueError(note)
    return (x if x._data.dtype in (np.float16, np.float32) else convert_image_dtype(x, 'float32')), x.dtype


def _matrix(images, rows, op):
    x = as_tensor(images, op)
    if x._data.dtype.kind not in 'fc':      # TensorFlow reads the matrix in the images' dtype first
        raise noted(TypeError('Cannot convert %r to EagerTensor of dtype %s' % (rows, x.dtype.name)),
                    '%s: images must be floating (float16/32/64), got dtype %s; use tf.image.convert_image_dtype '
                    'first' % (op, x.dtype.name))
    matrix = constant_like(np.asarray(rows, x._data.dtype), x)
    return _channel_product(x, matrix, [[x.ndim - 1], [0]], op)


def _channel_product(x, weights, axes, op):
    """tensordot(x, weights, axes) over the channel axis. Images whose last axis is not 3 channels fail there
    as TensorFlow's do: a scalar in tensordot's axes (IndexError), other images in its MatMul."""
    try:
        return tensordot(x, weights, axes)
    except (IndexError, InvalidArgumentError) as error:
        error.add_note('%s: the last axis must hold 3 channels (R, G, B), got shape %s' % (op, tuple(x.shape)))
        raise


@named_errors('image.rgb_to_yuv')
def rgb_to_yuv(images):
    """RGB to YUV (float images)."""
    return _matrix(images, _YUV, 'image.rgb_to_yuv')


@named_errors('image.yuv_to_rgb')
def yuv_to_rgb(images):
    """YUV to RGB (float images)."""
    return _matrix(images, _YUV_INV, 'image.yuv_to_rgb')


@named_errors('image.rgb_to_yiq')
def rgb_to_yiq(images):
    """RGB to YIQ (float images)."""
    return _matrix(images, _YIQ, 'image.rgb_to_yiq')


@named_errors('image.yiq_to_rgb')
def yiq_to_rgb(images):
    """YIQ to RGB (float images)."""
    return _matrix(images, _YIQ_INV, 'image.yiq_to_rgb')


@named_errors('image.rgb_to_grayscale')
def rgb_to_grayscale(images, name=None):
    """0.2989 R + 0.5870 G + 0.1140 B with a channel axis of 1, in the input's dtype (computed in float32,
    as TF converts every image there first: float64 and float16 images round through it)."""
    op = 'image.rgb_to_grayscale'
    x = as_tensor(images, op)
    flt, dtype = float32_image(x, op), x.dtype       # (TF's AttributeError for bool and string images)
    if flt.ndim == 0 or flt.shape[-1] != 3:     # TensorFlow's tensordot with the weights fails: its error
        _channel_product(flt, constant_like(np.asarray(_GREY_WEIGHTS, np.float32), flt), [-1, -1], op)
    # TensorFlow's tensordot becomes a 3-deep MatMul, which adds the products in channel order
    # (a BLAS dot product added them in another order: last-bit differences in a fifth of the pixels)
    r, g, b = unstack(flt, axis=-1)
    red, green, blue = (constant_like(np.asarray(value, flt._data.dtype), flt) for value in _GREY_WEIGHTS)
    grey = (r * red + g * green) + b * blue
    return convert_image_dtype(expand_dims(grey, -1), dtype)


@named_errors('image.grayscale_to_rgb')
def grayscale_to_rgb(images, name=None):
    """One channel repeated into three."""
    x = as_tensor(images, 'image.grayscale_to_rgb')
    if x.ndim < 2:          # TF's Python checks and words
        raise ValueError('A grayscale image (shape %s) must be at least two-dimensional.' % (tuple(x.shape),))
    if x.shape[-1] != 1:
        raise noted(ValueError('Last dimension of a grayscale image should be size 1.'),
                    'image.grayscale_to_rgb: the last axis must hold 1 channel, got shape %s' % (tuple(x.shape),))
    return tile(x, [1] * (x.ndim - 1) + [3])


@named_errors('image.rgb_to_hsv', passes_name=True)
def rgb_to_hsv(images, name=None):
    """RGB in [0, 1] to hue, saturation and value in [0, 1] (float images)."""
    x, dtype = _hsv_input(images, 'RGBToHSV', 'image.rgb_to_hsv')
    hsv = rgb_to_hsv_op(x, _rgb_to_hsv)        # TF's own gradient rule (see hsv_gradient)
    return hsv if dtype is None else cast(hsv, dtype)


def _rgb_to_hsv(x):
    r, g, b = unstack(x, axis=-1)
    value = maximum(maximum(r, g), b)
    spread = value - minimum(minimum(r, g), b)
    saturation = where(value > 0, spread / where(value > 0, value, 1.0), 0.0)
    # TF's kernel: (1 / range) * (1 / 6), the sixth rounded in the image's dtype (1 / (6 range) is 1 ulp off)
    sixth = constant_like(np.asarray(1.0, x._data.dtype) / np.asarray(6.0, x._data.dtype), x)
    norm = (1.0 / where(spread > 0, spread, 1.0)) * sixth
    hue = where(value == r, norm * (g - b), where(value == g, norm * (b - r) + 2.0 / 6.0, norm * (r - g) + 4.0 / 6.0))
    hue = where(spread > 0, hue, 0.0)
    return stack([where(hue < 0, hue + 1.0, hue), saturation, value], -1)


@named_errors('image.hsv_to_rgb', passes_name=True)
def hsv_to_rgb(images, name=None):
    """Hue, saturation and value in [0, 1] to RGB (float images). No gradient: TF 2.21 registers
    HSVToRGB as NotDifferentiable, so a tape gives None for what reaches the loss only through it."""
    x, dtype = _hsv_input(images, 'HSVToRGB', 'image.hsv_to_rgb')
    x = not_differentiable('image.hsv_to_rgb', x)
    return _hsv_to_rgb(x) if dtype is None else cast(_hsv_to_rgb(x), dtype)


def _hsv_input(images, kernel, op):
    """(float images, the bfloat16 dtype to cast back to or None) as TF 2.21's RGBToHSV / HSVToRGB kernels take
    them: a Python or numpy value converts to float32 (the kernels' default type), a tensor must be half,
    bfloat16, float or double (the registry's text), at least 1-D, with 3 channels last (FailedPrecondition)."""
    from ...errors import FailedPreconditionError
    if not isinstance(images, Tensor) and python_value_array(images).dtype.kind in 'biuf':
        images = np.asarray(images, np.float32)
    x = as_tensor(images, op)
    name = {'float16': 'half', 'float32': 'float', 'float64': 'double'}.get(x.dtype.name, x.dtype.name)
    note = '%s: images must be float16/bfloat16/32/64 with 3 channels last, got %s of shape %s' % (
        op, x.dtype.name, tuple(x.shape))
    if name not in ('half', 'bfloat16', 'float', 'double'):
        error = InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; "
            "NodeDef: {{node %s}}; Op<name=%s; signature=images:T -> output:T; attr=T:type,default=DT_FLOAT,"
            "allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:%s] name: " % (name, kernel, kernel, kernel))
        error = allowed_list_refusal(error, 'T', x.dtype.name, ('half', 'bfloat16', 'float', 'double'), 'images:T')
    elif x.ndim == 0:
        error = kernel_error(kernel, 'input must be at least 1D[]')
    elif x.shape[-1] != 3:
        error = FailedPreconditionError(
            '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} input must have 3 '
            'channels but input only has %d channels. [Op:%s] name: ' % (kernel, x.shape[-1], kernel))
    elif name == 'bfloat16':        # computed in float32, as precise as TF's bfloat16 kernel needs
        return cast(x, 'float32'), x.dtype
    else:
        return x, None
    error.add_note(note)
    raise error


def _hsv_to_rgb(x):
    h, s, v = unstack(x, axis=-1)
    sector = h * 6.0
    red = clip_by_value(abs(sector - 3.0) - 1.0, 0.0, 1.0)
    green = clip_by_value(2.0 - abs(sector - 2.0), 0.0, 1.0)
    blue = clip_by_value(2.0 - abs(sector - 4.0), 0.0, 1.0)
    keep = 1.0 - s          # TF's kernel: (1 - S + S * channel) * V (it rounds unlike (channel - 1) * S + 1)
    return stack([(keep + s * c) * v for c in (red, green, blue)], -1)


def _factor(value, like, op, what):
    t = as_tensor(value, op)
    if t._data.dtype.kind not in 'fiu' or t.ndim != 0:
        raise TypeError('%s: %s must be a real number, got %r' % (op, what, value))
    return cast(t, like.dtype)


@named_errors('image.adjust_brightness')
def adjust_brightness(image, delta):
    """``image + delta`` (in float for integer images, then converted back, saturating)."""
    flt, dtype = _to_float(image, 'image.adjust_brightness', 0)
    return convert_image_dtype(flt + _factor(delta, flt, 'image.adjust_brightness', 'delta'), dtype, saturate=True)


@named_errors('image.adjust_contrast')
def adjust_contrast(images, contrast_factor):
    """(x - mean) * contrast_factor + mean, the mean taken per image and channel over height and width."""
    flt, dtype = _to_float(images, 'image.adjust_contrast', 3, 'AdjustContrastv2')
    factor = _factor(contrast_factor, flt, 'image.adjust_contrast', 'contrast_factor')

    def contrast(x, factor):
        # float32: the kernel's own order of sums (contrast_mean.py); other dtypes: reduce_mean
        if x._data.dtype == np.float32 and x._data.size:
            mean = contrast_mean(x)
        else:
            mean = reduce_mean(x, [-3, -2], keepdims=True)
        return (x - mean) * factor + mean
    return convert_image_dtype(without_gradient('AdjustContrastv2', contrast, flt, factor), dtype, saturate=True)


@named_errors('image.adjust_gamma')
def adjust_gamma(image, gamma=1, gain=1):
    """gain * image ** gamma on [0, 1] floats (integers converted there and back)."""
    op = 'image.adjust_gamma'
    x = as_tensor(image, op)
    flt, dtype = (x, x.dtype) if x._data.dtype in (np.float16, np.float32) else _to_float(x, op, 0)
    if flt._data.dtype.kind != 'f':
        flt = convert_image_dtype(flt, 'float32')
    g = _factor(gamma, flt, op, 'gamma')
    if float(g.numpy()) < 0:
        raise noted(ValueError('Gamma should be a non-negative real number.'),
                    '%s: got gamma=%r' % (op, float(g.numpy())))
    return convert_image_dtype(_factor(gain, flt, op, 'gain') * flt ** g, dtype, saturate=True)


def _at_least_3d(image, kernel, op):
    """TF's HSV kernels take images (..., height, width, 3): a bare pixel row is refused, then other channels."""
    note = '%s: expected an image of shape (..., height, width, 3), got %s' % (op, tuple(image.shape))
    if image.ndim < 3:
        raise kernel_error(kernel, 'input must be at least 3-D, got shape[%s]' % ','.join(map(str, image.shape)),
                           named=True, note=note)
    if image.shape[-1] != 3:
        raise kernel_error(kernel, 'input must have 3 channels but instead has %d channels.' % image.shape[-1],
                           named=True, note=note)


@named_errors('image.adjust_saturation')
def adjust_saturation(image, saturation_factor, name=None):
    """Saturation (in HSV) multiplied by ``saturation_factor`` and clipped to [0, 1]."""
    op = 'image.adjust_saturation'
    flt, dtype = _to_float(image, op, kernel='AdjustSaturation')
    _at_least_3d(flt, 'AdjustSaturation', op)
    factor = _factor(saturation_factor, flt, op, 'saturation_factor')

    def composite(x, factor):
        h, s, v = unstack(rgb_to_hsv(x), axis=-1)
        return hsv_to_rgb(stack([h, clip_by_value(s * factor, 0.0, 1.0), v], -1))
    if flt._data.dtype == np.float32:       # TensorFlow's kernel takes float32 only
        adjusted = without_gradient('AdjustSaturation', lambda x, f: adjust_saturation_exact(
            x, float(f.numpy()), lambda y: composite(y, f)), flt, factor)
    else:
        adjusted = without_gradient('AdjustSaturation', composite, flt, factor)
    return convert_image_dtype(adjusted, dtype, saturate=True)


@named_errors('image.adjust_hue')
def adjust_hue(image, delta, name=None):
    """Hue (in HSV) rotated by ``delta`` in [-1, 1] (a full turn is 1)."""
    op = 'image.adjust_hue'
    flt, dtype = _to_float(image, op, kernel='AdjustHue')
    _at_least_3d(flt, 'AdjustHue', op)
    shift = _factor(delta, flt, op, 'delta')
    if not -1.0 <= float(shift.numpy()) <= 1.0:
        raise noted(ValueError('delta must be in the interval [-1, 1]'), '%s: got delta=%r' % (op, float(shift.numpy())))

    def composite(x, shift):
        hsv = rgb_to_hsv(x)
        return hsv_to_rgb(concat([floormod(hsv[..., :1] + shift, 1.0), hsv[..., 1:]], -1))
    if flt._data.dtype == np.float32:       # TensorFlow's kernel takes float32 only
        adjusted = without_gradient('AdjustHue', lambda x, d: adjust_hue_exact(x, float(d.numpy()),
                                                                               lambda y: composite(y, d)), flt, shift)
    else:
        adjusted = without_gradient('AdjustHue', composite, flt, shift)
    return convert_image_dtype(adjusted, dtype, saturate=True)


@named_errors('image.per_image_standardization')
def per_image_standardization(image):
    """Each image scaled to mean 0 and standard deviation 1 (at least 1 / sqrt(pixels), so a flat
    image does not divide by 0), as float32 whatever the input dtype."""
    op = 'image.per_image_standardization'
    x = as_tensor(image, op)
    # TF 2.21 casts (tf.cast, not convert_image_dtype): uint8 / int32 pixels keep their scale, so the
    # 1 / sqrt(pixels) floor does not swallow them, and float16 comes back as float32.
    flt, _ = _to_float(x if x._data.dtype == np.float32 else cast(x, 'float32'), op, 3)
    pixels = int(np.prod(flt.shape[-3:]))
    mean = reduce_mean(flt, [-1, -2, -3], keepdims=True)
    # The floor is TF's rsqrt(cast(pixels, float32)): float32's 1 / sqrt, one rounding (numpy's float64
    # 1 / sqrt(6) rounds to 0.4082483, a bit above TF's 0.40824828, and the outputs of low-contrast images moved)
    floor = rsqrt_array(np, np.array(pixels, np.float32))
    std = maximum(reduce_std(flt, [-1, -2, -3], keepdims=True), float(floor))
    return (flt - mean) / std
