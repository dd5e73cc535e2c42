"""``tf.io.decode_bmp``: uncompressed 8-, 24- and 32-bit BMP images as (height, width, channels) uint8,
in pure numpy, as TF 2.21's DecodeBmp reads them: rows bottom-up (top-down for a negative height),
padded to 4 bytes, BGR(A) turned to RGB(A); ``channels`` 0 keeps the file's (1, 3 or 4), 3 drops
alpha or repeats gray, 4 adds an opaque alpha."""
import struct

import numpy as np

from ..errors import InvalidArgumentError
from ..tensor import Tensor
from ..ops.operands import named_errors
from .strings_in import as_bytes


def _refuse(text):
    return InvalidArgumentError('{{function_node __wrapped__DecodeBmp_device_/job:localhost/replica:0/task:0/device:'
                                'CPU:0}} %s [Op:DecodeBmp]' % text)


def pixels_of(data, channels):
    """The uint8 pixels of BMP bytes."""
    if channels not in (0, 3, 4):
        raise _refuse('`channels` must be 0, 3 or 4 for BMP, but got %d' % channels)
    if data[:2] != b'BM':
        raise _refuse('Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.')
    if len(data) < 32:
        raise _refuse('Incomplete bmp content, requires at least 32 bytes to find the header size, width, height, '
                      'and bpp, got %d bytes' % len(data))
    offset, = struct.unpack_from('<I', data, 10)
    width, height = struct.unpack_from('<ii', data, 18)
    bpp, = struct.unpack_from('<H', data, 28)
    if bpp not in (8, 24, 32) or width <= 0 or height == 0:
        raise _refuse('only uncompressed 8, 24 and 32 bit BMPs with a positive width are read, got %d bits, %d x %d'
                      % (bpp, width, height))
    depth, rows = bpp // 8, abs(height)
    stride = (width * depth + 3) // 4 * 4
    if offset + stride * rows > len(data):
        raise _refuse('Incomplete bmp content: %d rows of %d bytes need %d bytes from offset %d, got %d'
                      % (rows, stride, stride * rows, offset, len(data)))
    raw = np.frombuffer(data, np.uint8, stride * rows, offset).reshape(rows, stride)[:, :width * depth]
    image = raw.reshape(rows, width, depth)
    if height > 0:
        image = image[::-1]               # bottom-up rows
    if depth >= 3:
        image = image[..., [2, 1, 0] + ([3] if depth == 4 else [])]       # BGR(A) -> RGB(A)
    want = channels or depth
    if want == depth:
        return np.ascontiguousarray(image)
    if depth == 1:
        image = np.repeat(image, 3, axis=-1)
    if want == 3:
        return np.ascontiguousarray(image[..., :3])
    alpha = np.full(image.shape[:2] + (1,), 255, np.uint8)
    return np.concatenate([image[..., :3], alpha], axis=-1)


@named_errors('io.decode_bmp')
def decode_bmp(contents, channels=0, name=None):
    """A BMP image's pixels, (height, width, channels) uint8."""
    return Tensor(pixels_of(as_bytes(contents, 'io.decode_bmp'), int(channels)))
