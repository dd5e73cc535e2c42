"""JPEG (through Pillow, loaded only when asked) and format sniffing: ``decode_jpeg``,
``encode_jpeg``, ``is_jpeg``, ``decode_image``. PNGs never need Pillow (png.py)."""
import io

import numpy as np

from ..errors import InvalidArgumentError      # TF's class for bad image / record / proto data
from .. import backend, dtypes
from ..ops.operands import as_tensor, named_errors
from ..tensor import Tensor
from .decode_errors import EMPTY, UNKNOWN_FORMAT, image_format, op_error
from .png import SIGNATURE, png_pixels
from .strings_in import as_bytes, string_tensor


def _pillow(op):
    try:
        from PIL import Image
    except ImportError:
        raise ImportError('%s needs Pillow (pip install Pillow), which tapeflow does not install; PNG files '
                          'decode without it (tf.io.decode_png)' % op) from None
    return Image


@named_errors('io.is_jpeg')
def is_jpeg(contents, name=None):
    """Whether the bytes start with JPEG's marker (a boolean tensor)."""
    return Tensor(np.bool_(as_bytes(contents, 'io.is_jpeg').startswith(b'\xff\xd8\xff')))


@named_errors('io.extract_jpeg_shape')
def extract_jpeg_shape(contents, output_type='int32', name=None):
    """(height, width, channels) of a JPEG, read from its frame header without decoding."""
    op = 'io.extract_jpeg_shape'
    data = as_bytes(contents, op)
    if not data.startswith(b'\xff\xd8'):
        raise InvalidArgumentError('%s: contents are not a JPEG image (they start with %r)' % (op, data[:4]))
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            raise InvalidArgumentError('%s: corrupt JPEG: no marker at byte %d' % (op, pos))
        marker = data[pos + 1]
        if marker == 0xFF:                                  # fill byte before a marker
            pos += 1
            continue
        length = int.from_bytes(data[pos + 2:pos + 4], 'big')
        # SOF0-15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC) and pos + 10 <= len(data):
            height, width = (int.from_bytes(data[pos + i:pos + i + 2], 'big') for i in (5, 7))
            return Tensor(np.asarray([height, width, data[pos + 9]], dtypes.numpy_dtype(output_type)))
        pos += 2 + length
    raise InvalidArgumentError('%s: the JPEG has no frame header (SOF marker)' % op)


def _mode(channels, op):
    if int(channels) not in (0, 1, 3, 4):
        raise InvalidArgumentError('%s: channels must be 0 (as stored), 1, 3 or 4, got %r' % (op, channels))
    return {1: 'L', 3: 'RGB', 4: 'RGBA'}.get(int(channels))


def _decode_with_pillow(data, channels, op):
    image = _pillow(op).open(io.BytesIO(data))
    mode = _mode(channels, op)
    image = image.convert(mode or ('L' if image.mode in ('1', 'L', 'I', 'I;16') else 'RGBA'
                                   if 'A' in image.mode or 'transparency' in image.info else 'RGB'))
    pixels = np.asarray(image, np.uint8)
    return Tensor(pixels[..., None] if pixels.ndim == 2 else pixels)


@named_errors('io.decode_jpeg')
def decode_jpeg(contents, channels=0, ratio=1, fancy_upscaling=True, try_recover_truncated=False,
                acceptable_fraction=1, dct_method='', name=None):
    """A JPEG's pixels as (height, width, channels) uint8 (Pillow's decoder: values may differ from
    TensorFlow's libjpeg by a level or two)."""
    op = 'io.decode_jpeg'
    data = as_bytes(contents, op)
    found = image_format(data)
    if found == 'png':          # TF's decoders read any format they know: DecodeJpeg decodes a PNG too
        return png_pixels(data, channels, np.dtype(np.uint8),
                          lambda text, note: op_error('DecodeJpeg', text, contents, name, note=note), op)
    if found is None:
        raise op_error('DecodeJpeg', EMPTY if not data else UNKNOWN_FORMAT, contents, name,
                       note='%s: the data starts with %r, not a JPEG marker' % (op, data[:4]))
    if found != 'jpeg':
        raise InvalidArgumentError('%s: contents are not a JPEG image (they start with %r)' % (op, data[:4]))
    return decode_jpeg_pixels(data, channels, op)


def decode_jpeg_pixels(data, channels, op):
    """The pixels of the JPEG ``data`` (its marker checked), through Pillow."""
    return _decode_with_pillow(data, channels, op)


@named_errors('io.encode_jpeg')
def encode_jpeg(image, format='', quality=95, progressive=False, optimize_size=False, chroma_downsampling=True,
                density_unit='in', x_density=300, y_density=300, xmp_metadata='', name=None):
    """JPEG bytes (a scalar string tensor) of a (height, width, 1 or 3) uint8 image, through Pillow."""
    op = 'io.encode_jpeg'
    x = as_tensor(image, op)
    pixels = np.asarray(backend.to_host(x._data))
    if pixels.dtype != np.uint8 or pixels.ndim != 3 or pixels.shape[-1] not in (1, 3):
        raise InvalidArgumentError('%s: image must be uint8 (height, width, 1 or 3), got %s %s' % (op, pixels.dtype.name,
                                                                                         pixels.shape))
    if not 0 <= int(quality) <= 100:
        raise InvalidArgumentError('%s: quality must be in [0, 100], got %r' % (op, quality))
    Image = _pillow(op)
    buffer = io.BytesIO()
    Image.fromarray(pixels[..., 0] if pixels.shape[-1] == 1 else pixels).save(
        buffer, 'JPEG', quality=int(quality), progressive=bool(progressive), optimize=bool(optimize_size),
        subsampling=2 if chroma_downsampling else 0)
    return string_tensor(buffer.getvalue())


@named_errors('io.decode_image')
def decode_image(contents, channels=None, dtype='uint8', name=None, expand_animations=True):
    """PNG, JPEG, GIF or BMP bytes as (height, width, channels) pixels (PNG and BMP in pure Python, JPEG
    and GIF through Pillow); ``dtype`` float16/32/64 scales to [0, 1] as DecodeImageV2's kernel does, by a
    division (convert_image_dtype multiplies by 1/255: 15 -> 0.05882353335618973 there, 0.05882352963089943 here)."""
    from ..ops.image.conversions import convert_image_dtype
    op = 'io.decode_image'
    data = as_bytes(contents, op)
    channels = 0 if channels is None else int(channels)
    _mode(channels, op)
    target = dtypes.numpy_dtype(dtype)
    if data.startswith(SIGNATURE):
        pixels = png_pixels(data, channels, np.dtype(np.uint16 if target == np.uint16 else np.uint8),
                            lambda text, note: op_error('DecodeImage', text, contents, name, note=note), op)
    elif data.startswith(b'\xff\xd8\xff'):
        pixels = decode_jpeg(data, channels)
    elif data[:2] == b'BM':
        from .bmp import decode_bmp       # pure numpy, as TF's DecodeBmp
        pixels = decode_bmp(data, channels)
    elif data[:4] == b'GIF8':
        pixels = _decode_with_pillow(data, channels, op)
    else:
        raise op_error('DecodeImage', EMPTY if not data else UNKNOWN_FORMAT, contents, name,
                       note='%s: the data starts with %r; tapeflow decodes PNG, JPEG, GIF and BMP' % (op, data[:8]))
    if np.issubdtype(target, np.floating) or target.name == 'bfloat16':
        array = np.asarray(backend.to_host(pixels._data))
        wide = np.float64 if target == np.float64 else np.float32
        return Tensor((array.astype(wide) / wide(np.iinfo(array.dtype).max)).astype(target))
    return convert_image_dtype(pixels, target)
