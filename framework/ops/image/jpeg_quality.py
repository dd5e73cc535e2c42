"""``tf.image.adjust_jpeg_quality`` and its random forms: the image through a JPEG encode and decode
at a given quality (JPEG's block and chroma artefacts as an augmentation).

As TensorFlow: the image as uint8 (convert_image_dtype, saturating), encoded at ``jpeg_quality``
with chroma subsampling, decoded to as many channels, converted back to its dtype. The codec is
Pillow's (framework/io/codecs.py); TF 2.21 uses libjpeg-turbo with its "INTEGER_FAST" IDCT, so a
pixel may differ by a level or two.
"""
import numpy as np

from ...errors import InvalidArgumentError
from ..operands import as_tensor, named_errors
from .conversions import convert_image_dtype
from .random_adjust import _draw


@named_errors('image.adjust_jpeg_quality')
def adjust_jpeg_quality(image, jpeg_quality, dct_method='', name=None):
    """``image`` (height, width, 1 or 3 channels) JPEG-encoded at ``jpeg_quality`` (0..100) and
    decoded again, in its own dtype."""
    from ...io.codecs import decode_jpeg, encode_jpeg
    op = 'image.adjust_jpeg_quality'
    x = as_tensor(image, op)
    quality = int(np.asarray(jpeg_quality.numpy() if hasattr(jpeg_quality, 'numpy') else jpeg_quality))
    if not 0 <= quality <= 100:
        raise InvalidArgumentError('quality must be in [0,100]')
    if x.ndim != 3 or x.shape[-1] not in (1, 3):
        raise InvalidArgumentError('image must have 1 or 3 channels')
    pixels = convert_image_dtype(x, 'uint8', saturate=True)
    decoded = decode_jpeg(encode_jpeg(pixels, quality=quality), channels=int(x.shape[-1]))
    return convert_image_dtype(decoded, x.dtype, saturate=True)


def _quality_range(low, high):
    if low < 0 or high < 0 or low > 100 or high > 100:
        raise ValueError('jpeg encoding range must be between 0 and 100.')
    if low >= high:
        raise ValueError('`min_jpeg_quality` must be less than `max_jpeg_quality`.')


@named_errors('image.random_jpeg_quality')
def random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed=None):
    """adjust_jpeg_quality at a quality drawn (int32) from [min_jpeg_quality, max_jpeg_quality)."""
    _quality_range(min_jpeg_quality, max_jpeg_quality)
    quality = _draw([], min_jpeg_quality, max_jpeg_quality, seed, False, dtype='int32')
    return adjust_jpeg_quality(image, quality)


@named_errors('image.stateless_random_jpeg_quality')
def stateless_random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed):
    """random_jpeg_quality decided by ``seed`` (two integers)."""
    _quality_range(min_jpeg_quality, max_jpeg_quality)
    quality = _draw([], min_jpeg_quality, max_jpeg_quality, seed, True, dtype='int32')
    return adjust_jpeg_quality(image, quality)
