"""Image differences and quality measures of ``tf.image``: total_variation, image_gradients,
sobel_edges, psnr and ssim (TensorFlow's Gaussian-window SSIM), written with tapeflow's
ops so they can serve as differentiable losses."""
import numpy as np

from ...errors import InvalidArgumentError, kernel_error, noted
from ...tensor import Tensor
from ...tensor_shape import TensorShape
from ..float_kernels import refusal
from ..arithmetic import pow as pow_, squared_difference
from ..operands import as_tensor
from ..reductions import reduce_mean, reduce_prod, reduce_sum
from ..graph_input_errors import eager_input_error
from ..shapes import broadcast_to, cast, pad, reshape, stack, tile
from ..unary import log, square
from ..activations import relu
from .conversions import convert_image_dtype, float32_image
from ..activations import softmax
from ..convolution import avg_pool2d
from ..convolution_nd import depthwise_conv
from ..operands import named_errors


@named_errors('image.total_variation')
def total_variation(images, name=None):
    """Sum of absolute differences of neighbouring pixels: a scalar for one image, (batch,) for a batch."""
    x = as_tensor(images, 'image.total_variation')
    if x.ndim not in (3, 4):
        raise noted(ValueError("'images' must be either 3 or 4-dimensional."),
                    'image.total_variation: images must be 3-D (height, width, channels) or 4-D (batch, ...), '
                    'got shape %s' % (tuple(x.shape),))
    axes = list(range(x.ndim - 3, x.ndim))
    down = x[..., 1:, :, :] - x[..., :-1, :, :]
    across = x[..., :, 1:, :] - x[..., :, :-1, :]
    return reduce_sum(abs(down), axes) + reduce_sum(abs(across), axes)


@named_errors('image.image_gradients')
def image_gradients(image):
    """(dy, dx): forward differences down and across, zero in the last row / column; 4-D images."""
    x = as_tensor(image, 'image.image_gradients')
    if x.ndim != 4:     # TensorFlow's Python check and words
        raise noted(ValueError('image_gradients expects a 4D tensor [batch_size, h, w, d], not %s.'
                               % (TensorShape(x.shape),)),
                    'image.image_gradients: add a batch axis (tf.expand_dims(image, 0)) to a single image')
    dy = pad(x[:, 1:] - x[:, :-1], [[0, 0], [0, 1], [0, 0], [0, 0]])
    dx = pad(x[:, :, 1:] - x[:, :, :-1], [[0, 0], [0, 0], [0, 1], [0, 0]])
    return dy, dx


@named_errors('image.sobel_edges')
def sobel_edges(image):
    """Sobel responses (batch, height, width, channels, 2): [..., 0] vertical, [..., 1] horizontal,
    on the image reflect-padded by one pixel."""
    x = as_tensor(image, 'image.sobel_edges')
    if x.ndim != 4:     # TensorFlow reflect-pads the image with 4 (before, after) pairs first: MirrorPad's words
        raise kernel_error('MirrorPad', 'The first dimension of paddings must be the rank of inputs[4,2], [%s]'
                           % ','.join(str(d) for d in x.shape),
                           note='image.sobel_edges: image must be 4-D (batch, height, width, channels), got shape %s'
                                % (tuple(x.shape),))
    if x._data.dtype.kind != 'f':       # then its depthwise convolution takes floating images only
        error = refusal('DepthwiseConv2dNative', x.dtype.name)
        error.add_note('image.sobel_edges: image must be floating (tf.cast it), got dtype %s' % x.dtype.name)
        raise error
    h, w = x.shape[1], x.shape[2]
    p = pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]], mode='REFLECT')
    shifted = [[p[:, i:i + h, j:j + w] for j in range(3)] for i in range(3)]
    return stack([_taps_in_row_order(shifted, kernel) for kernel in _SOBEL_KERNELS], -1)


_SOBEL_KERNELS = (((-1.0, -2.0, -1.0), (0.0, 0.0, 0.0), (1.0, 2.0, 1.0)),
                  ((-1.0, 0.0, 1.0), (-2.0, 0.0, 2.0), (-1.0, 0.0, 1.0)))


def _taps_in_row_order(shifted, kernel):
    """sum of kernel[i][j] * shifted[i][j], added one tap at a time in row-major order from
    zero, as TensorFlow's depthwise convolution adds them: its rounding gives the tiny
    nonzero values (1.2e-07) TF 2.21 returns where a reflected edge cancels exactly."""
    total = 0.0
    for row, weights in zip(shifted, kernel):
        for tap, weight in zip(row, weights):
            total = total + tap * weight
    return total


def _verify_compatible_image_shapes(x, y):
    """TensorFlow's checks of two images for psnr / ssim: at least 3 axes each, the same last three,
    and leading (batch) axes that broadcast."""
    for t in (x, y):
        if t.ndim < 3:
            raise ValueError('Shape %s must have rank at least 3' % (TensorShape(t.shape),))
    if tuple(x.shape[-3:]) != tuple(y.shape[-3:]):
        raise ValueError('Shapes %s and %s are incompatible' % (TensorShape(x.shape[-3:]), TensorShape(y.shape[-3:])))
    for d1, d2 in zip(reversed(x.shape[:-3]), reversed(y.shape[:-3])):
        if not (d1 == 1 or d2 == 1 or d1 == d2):
            raise ValueError('Two images are not compatible: %s and %s' % (TensorShape(x.shape), TensorShape(y.shape)))


def _as_float(x, max_val, op):
    """``x`` and ``max_val`` (read in ``x``'s dtype) as float32 images, as convert_image_dtype scales them."""
    peak = convert_image_dtype(cast(as_tensor(max_val, op), x.dtype), 'float32')
    return float32_image(x, op), peak



@named_errors('image.psnr')
def psnr(a, b, max_val, name=None):
    """Peak signal-to-noise ratio in dB per image: 20 log10(max_val) - 10 log10(MSE) (float32)."""
    op = 'image.psnr'
    # TensorFlow's order: both images to float32 (of any dtypes), the squared difference and its mean over
    # the last three axes (their kernels' errors for shapes that do not broadcast, fewer than three axes),
    # the shape checks last
    x, peak = _as_float(as_tensor(a, op), max_val, op)
    y = float32_image(as_tensor(b, op), op)
    mse = reduce_mean(squared_difference(x, y), [-3, -2, -1])
    _verify_compatible_image_shapes(x, y)
    return 20.0 * log(peak) / float(np.float32(np.log(10.0))) - float(np.float32(10.0 / np.log(10.0))) * log(mse)


def _gaussian_kernel(window, sigma, channels):
    """TF 2.21's _fspecial_gauss: the (window, window, channels, 1) 2-D Gaussian as one softmax over the sums of
    the squared row and column offsets (not an outer product of 1-D Gaussians: its bits differ)."""
    coords = np.arange(window, dtype=np.float32) - np.float32(window - 1) / np.float32(2.0)
    sigma = np.float32(sigma)
    g = coords * coords * (np.float32(-0.5) / (sigma * sigma))
    g = softmax(Tensor((g.reshape(1, -1) + g.reshape(-1, 1)).reshape(1, -1)))
    return tile(reshape(g, [window, window, 1, 1]), [1, 1, channels, 1])


def _ssim_maps(x, y, peak, window, sigma, k1, k2):
    """(SSIM map, contrast-structure map) over the VALID Gaussian windows of 4-D float32 images, as TF 2.21's
    _ssim_helper: each mean a depthwise convolution with the 2-D kernel (taps row-major, its sums' order)."""
    kernel = _gaussian_kernel(window, sigma, x.shape[-1])

    def blur(t):
        return depthwise_conv(t, kernel, 1, 'VALID')

    c1, c2 = (float(k1) * peak) ** 2, (float(k2) * peak) ** 2
    mean_x, mean_y = blur(x), blur(y)
    num0 = mean_x * mean_y * 2.0
    den0 = square(mean_x) + square(mean_y)
    luminance = (num0 + c1) / (den0 + c1)
    cs = (blur(x * y) * 2.0 - num0 + c2) / (blur(square(x) + square(y)) - den0 + c2)
    return luminance * cs, cs


def _flat_pair(img1, img2, max_val, filter_size, op):
    """(x, y as (-1, h, w, c) float32, peak, leading shape, window size), checked against the window."""
    x, y = as_tensor(img1, op), as_tensor(img2, op)
    _verify_compatible_image_shapes(x, y)       # TensorFlow checks the shapes first, then reads both (ShapeN)
    if x._data.dtype != y._data.dtype:
        error = eager_input_error('ShapeN', 1, x._data.dtype, y._data.dtype)
        error.add_note('%s: the two images must have one dtype, got %s and %s' % (op, x.dtype.name, y.dtype.name))
        raise error
    if tuple(x.shape) != tuple(y.shape):        # batch axes of 1 broadcast
        both = np.broadcast_shapes(tuple(x.shape), tuple(y.shape))
        x, y = broadcast_to(x, both), broadcast_to(y, both)
    x, peak = _as_float(x, max_val, op)
    y = float32_image(y, op)
    h, w = x.shape[-3], x.shape[-2]
    window = int(filter_size)
    if window < 1:
        raise ValueError('%s: filter_size must be a positive int, got %r' % (op, filter_size))
    if h < window or w < window:
        # TensorFlow's Assert in _ssim_per_channel: the first image's shape and the filter size
        error = InvalidArgumentError("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized "
                                     'data: %s\n%d' % (', '.join(str(d) for d in x.shape), window))
        error.add_note('%s: images of height %d and width %d are smaller than filter_size %d; use a smaller '
                       'filter_size or larger images' % (op, h, w, window))
        raise error
    lead = list(x.shape[:-3])
    return reshape(x, [-1, h, w, x.shape[-1]]), reshape(y, [-1, h, w, y.shape[-1]]), peak, lead, window


@named_errors('image.ssim')
def ssim(img1, img2, max_val, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03, return_index_map=False):
    """Structural similarity per image (mean over the Gaussian-weighted windows and channels), in float32;
    with ``return_index_map`` the per-window values (averaged over channels) instead."""
    x, y, peak, lead, window = _flat_pair(img1, img2, max_val, filter_size, 'image.ssim')
    index_map, _ = _ssim_maps(x, y, peak, window, float(filter_sigma), k1, k2)
    if return_index_map:
        out = reduce_mean(index_map, [-1])
        return reshape(out, lead + list(out.shape[1:]))
    # TF's order: the mean over the windows per channel, then over the channels
    return reshape(reduce_mean(reduce_mean(index_map, [-3, -2]), [-1]), lead)


_MSSSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


def _halve(t):
    """2x2 average pooling (VALID) after padding odd sides by repeating the last row / column."""
    h, w = t.shape[1], t.shape[2]
    if h % 2 or w % 2:
        t = pad(t, [[0, 0], [0, h % 2], [0, w % 2], [0, 0]], mode='SYMMETRIC')
    return avg_pool2d(t, 2, 2, 'VALID')      # TF's nn_ops.avg_pool (its sums' order)


@named_errors('image.ssim_multiscale')
def ssim_multiscale(img1, img2, max_val, power_factors=_MSSSIM_WEIGHTS, filter_size=11, filter_sigma=1.5, k1=0.01,
                    k2=0.03):
    """Multi-scale SSIM per image: the product over scales (each a 2x2 average-pool of the last) of the
    contrast-structure terms, with SSIM at the coarsest scale, raised to ``power_factors`` (TF's)."""
    op = 'image.ssim_multiscale'
    x, y, peak, lead, window = _flat_pair(img1, img2, max_val, filter_size, op)
    try:
        weights = [float(p) for p in power_factors]
    except (TypeError, ValueError):
        raise TypeError('%s: power_factors must be a sequence of numbers, got %r' % (op, power_factors)) from None
    if not weights:
        raise ValueError('%s: power_factors must hold at least one weight (one per scale)' % op)
    scales, (h, w) = len(weights), x.shape[1:3]
    terms = []
    for k in range(scales):
        if k:
            x, y = _halve(x), _halve(y)
        if x.shape[1] < window or x.shape[2] < window:
            # TensorFlow's Assert at that scale: the shrunk images' shape and the filter size
            shown = tuple(lead) + tuple(x.shape[1:])
            error = InvalidArgumentError("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized "
                                         'data: %s\n%d' % (', '.join(str(d) for d in shown), window))
            error.add_note('%s: images of %d x %d pixels shrink to %d x %d at scale %d of %d, smaller than '
                           'filter_size %d; use larger images, a smaller filter_size or fewer power_factors'
                           % (op, h, w, x.shape[1], x.shape[2], k + 1, scales, window))
            raise error
        index_map, cs = _ssim_maps(x, y, peak, window, float(filter_sigma), k1, k2)
        terms.append(relu(reduce_mean(cs, [1, 2])))
    terms[-1] = relu(reduce_mean(index_map, [1, 2]))
    # TF's order: the terms stacked last, raised to power_factors (Pow with a tensor exponent) and multiplied
    product = reduce_prod(pow_(stack(terms, -1), np.asarray(weights, np.float32)), [-1])
    return reshape(reduce_mean(product, [-1]), lead)
