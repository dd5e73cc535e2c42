"""``keras.ops.image`` filters: gaussian_blur, sobel_edges and ssim, as depthwise convolutions
(``ops_conv_extra.depthwise_conv``), so gradients reach the images."""
import numpy as np

from framework import backend, ops as _ops
from framework.ops.operands import named_errors
from .ops_conv_extra import depthwise_conv
from .ops_dtypes import tensor


def _channels_last(images, data_format, op, ranks=(3, 4)):
    from .ops_image import _nhwc
    x, undo = _nhwc(images, data_format, op)
    if len(images.shape if hasattr(images, 'shape') else np.shape(images)) not in ranks:
        raise ValueError('keras.ops.image.%s: images must be 4-D (N, H, W, C), got shape %s'
                         % (op, tuple(np.shape(images))))
    return x, undo


@named_errors('keras.ops.image.gaussian_blur')
def gaussian_blur(images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None):
    """Each channel convolved ('same' padding, zeros outside) with a normalised Gaussian of
    ``kernel_size`` and ``sigma`` (per axis), built as Keras 3 builds it."""
    x, undo = _channels_last(images, data_format, 'gaussian_blur')
    sizes = [int(v) for v in kernel_size]
    sigmas = [float(v) for v in sigma]
    if len(sizes) != 2 or len(sigmas) != 2 or min(sizes) < 1 or min(sigmas) <= 0:
        raise ValueError('keras.ops.image.gaussian_blur: kernel_size must be two ints >= 1 and sigma two positive '
                         'numbers, got %r and %r' % (kernel_size, sigma))
    given = tensor(images, 'image.gaussian_blur')._data.dtype
    if given.kind in 'iub' and given.name not in ('int32', 'int64'):
        _ops.range(sizes[0], dtype=given.name)      # Keras's kernel starts with tf.range in the images' dtype: refused
    given = given.name
    if given in ('int32', 'int64'):
        # Keras 3 on TF builds the kernel in the images' dtype: range(size) - (size - 1) / 2 is int - double
        from framework.errors import InvalidArgumentError
        error = InvalidArgumentError('cannot compute Sub as input #1(zero-based) was expected to be a %s tensor but '
                                     'is a double tensor [Op:Sub] name: ' % given)
        error.add_note('keras.ops.image.gaussian_blur: cast int images to a float dtype first')
        raise error
    kernel = _gaussian_kernel(sizes, [_ops.cast(v, x.dtype) for v in sigmas], x.dtype)
    return undo(same_taps(x, backend.to_host(kernel._data)))


def _bell(size, sigma, dtype):
    """Keras's TF-backend 1-D Gaussian of ``size`` taps, built with TensorFlow's ops (pow, exp and
    the sum carry TF's bits), so the blur's kernel is TF's to the last bit."""
    offsets = _ops.range(size, dtype=dtype) - _ops.cast((size - 1) / 2, dtype)
    values = _ops.exp(_ops.cast(-0.5, dtype) * _ops.pow(offsets / sigma, _ops.cast(2.0, dtype)))
    return values / _ops.reduce_sum(values)


def _gaussian_kernel(sizes, sigmas, dtype):
    # Keras 3 pairs size[0] with sigma[0] for the column profile and lays the product out as
    # (size[0], size[1]): the same kernel for square sizes, its reading order otherwise.
    rows, cols = _bell(sizes[1], sigmas[1], dtype), _bell(sizes[0], sigmas[0], dtype)
    return _ops.reshape(_ops.expand_dims(rows, 1) * _ops.expand_dims(cols, 0), sizes)


def same_taps(x, kernel):
    """(N, H, W, C) ``x`` convolved channel by channel with the host (kh, kw) ``kernel``, zeros
    outside ('same'), the taps summed in row-major order from zero: the order TensorFlow's CPU
    DepthwiseConv2dNative kernel sums them in, so the result carries its bits (einsum's order does
    not). Made of tensor ops, so gradients reach ``x``."""
    kh, kw = kernel.shape
    height, width = x.shape[1], x.shape[2]
    top, left = (kh - 1) // 2, (kw - 1) // 2
    padded = _ops.pad(x, [[0, 0], [top, kh - 1 - top], [left, kw - 1 - left], [0, 0]])
    total = _ops.zeros_like(x)
    for row in range(kh):
        for col in range(kw):
            total = total + padded[:, row:row + height, col:col + width, :] * kernel[row, col]
    return total


@named_errors('keras.ops.image.sobel_edges')
def sobel_edges(images, data_format=None):
    """The Sobel responses of each channel, (N, H, W, C, 2): [..., 0] vertical (d/dy) and
    [..., 1] horizontal (d/dx), the image mirrored by one pixel at its edges (tf.image.sobel_edges)."""
    x, undo = _channels_last(images, data_format, 'sobel_edges', ranks=(4,))
    dy = np.array([[-1, -2, -1], [0, 0, 0], [1, 2, 1]], x._data.dtype)
    padded = _ops.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]], mode='REFLECT')
    channels = x.shape[-1]
    edges = [depthwise_conv(padded, np.tile(k[:, :, None, None], (1, 1, channels, 1))) for k in (dy, dy.T)]
    out = _ops.stack(edges, -1)
    return _ops.transpose(out, [0, 3, 1, 2, 4]) if data_format == 'channels_first' else out


@named_errors('keras.ops.image.ssim')
def ssim(image1, image2, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03, data_format=None):
    """The structural similarity (Wang et al., 2004) of two images, per image of a batch: the mean
    over channels and 'valid' windows of the Gaussian-weighted SSIM map (Keras 3's formula)."""
    x, undo = _channels_last(image1, data_format, 'ssim')
    y, _ = _channels_last(image2, data_format, 'ssim')
    if tuple(x.shape) != tuple(y.shape):
        raise ValueError('keras.ops.image.ssim: image1 and image2 must have one shape, got %s and %s'
                         % (tuple(np.shape(image1)), tuple(np.shape(image2))))
    size, dtype = int(filter_size), x._data.dtype
    if size < 1 or size > min(x.shape[1:3]):
        raise ValueError('keras.ops.image.ssim: filter_size must be in [1, %d] for images of %s, got %r'
                         % (min(x.shape[1:3]), tuple(x.shape[1:3]), filter_size))
    y = _ops.cast(y, x.dtype)
    offsets = np.arange(size, dtype=dtype) - np.asarray((size - 1) / 2.0, dtype)
    bell = np.exp(-(offsets ** 2) / np.asarray(2.0 * float(filter_sigma) ** 2, dtype))
    bell = bell / bell.sum()
    kernel = np.tile(np.outer(bell, bell)[:, :, None, None], (1, 1, x.shape[-1], 1)).astype(dtype)

    def blur(t):
        return depthwise_conv(t, kernel)
    c1, c2 = (float(k1) * float(max_val)) ** 2, (float(k2) * float(max_val)) ** 2
    mu1, mu2 = blur(x), blur(y)
    sigma1, sigma2, sigma12 = blur(x * x) - mu1 * mu1, blur(y * y) - mu2 * mu2, blur(x * y) - mu1 * mu2
    ssim_map = (2.0 * mu1 * mu2 + c1) * (2.0 * sigma12 + c2) / ((mu1 * mu1 + mu2 * mu2 + c1) * (sigma1 + sigma2 + c2))
    per_image = _ops.reduce_mean(ssim_map, [1, 2, 3])
    return per_image if np.ndim(image1) == 4 or len(getattr(image1, 'shape', ())) == 4 else per_image[0]
