"""A minimal PNG encoder (8-bit grayscale, gray+alpha, RGB or RGBA) for image summaries."""
import struct
import zlib

import numpy as np

_COLOR_TYPE = {1: 0, 2: 4, 3: 2, 4: 6}     # channels -> PNG colour type


def _chunk(kind, payload):
    return struct.pack('>I', len(payload)) + kind + payload + struct.pack('>I', zlib.crc32(kind + payload))


def encode_png(image):
    """``image`` (height, width, channels) uint8 as PNG bytes.

    Raises:
        ValueError: not uint8 of rank 3 with 1 to 4 channels.
    """
    image = np.asarray(image)
    if image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] not in _COLOR_TYPE:
        raise ValueError('encode_png: expected a uint8 image of shape (height, width, 1|2|3|4), got %s %s'
                         % (image.dtype, image.shape))
    height, width, channels = image.shape
    rows = np.concatenate([np.zeros((height, 1), np.uint8), image.reshape(height, width * channels)], axis=1)
    header = struct.pack('>IIBBBBB', width, height, 8, _COLOR_TYPE[channels], 0, 0, 0)
    return (b'\x89PNG\r\n\x1a\n' + _chunk(b'IHDR', header) + _chunk(b'IDAT', zlib.compress(rows.tobytes()))
            + _chunk(b'IEND', b''))
