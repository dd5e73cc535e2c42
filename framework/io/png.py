"""PNG decoding and encoding in pure Python (zlib and numpy): ``tf.io.decode_png`` / ``encode_png``.

Decoding handles every colour type and bit depth of the PNG standard, palettes
with transparency, and the five row filters; interlaced (Adam7) files are
refused with a message. Encoding writes filter 0 rows, deflated by zlib: the
bytes differ from TensorFlow's libpng output, the pixels round-trip exactly.
"""
import struct
import zlib

import numpy as np

from ..errors import InvalidArgumentError, fast_path, kernel_error, noted   # TF's class for bad image data
from ..ops.graph_input_errors import kernel_dtype_name
from ..tensor import Tensor
from .. import backend, dtypes
from ..ops.operands import as_tensor
from .decode_errors import EMPTY, PNG_INIT, UNKNOWN_FORMAT, image_format, op_error
from .strings_in import as_bytes, string_tensor
from ..ops.operands import named_errors

SIGNATURE = b'\x89PNG\r\n\x1a\n'
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}      # colour type -> samples per pixel


class TruncatedPng(Exception):
    """The PNG data ends inside a chunk or before IEND; ``initialized``: an IDAT chunk began (libpng's
    decoder had read the header chunks: TF then says 'Invalid PNG data, size N', else that it failed to
    initialize)."""

    def __init__(self, initialized):
        super().__init__(initialized)
        self.initialized = initialized


def _chunks(data, op):
    pos = len(SIGNATURE)
    initialized = False
    while pos + 8 <= len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        initialized = initialized or kind == b'IDAT'     # libpng's png_read_info stops at the first IDAT
        if pos + 12 + length > len(data):
            break
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IEND':
            return
    raise TruncatedPng(initialized)


def _unfilter(raw, height, row_bytes, bpp, op):
    out = np.zeros((height, row_bytes), np.uint8)
    previous = bytearray(row_bytes)
    stride = row_bytes + 1
    if len(raw) < height * stride:
        raise InvalidArgumentError('%s: the PNG image data is truncated' % op)
    for y in range(height):
        kind, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        if kind == 1:
            for i in range(bpp, row_bytes):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(row_bytes):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(row_bytes):
                a = line[i - bpp] if i >= bpp else 0
                b, c = previous[i], previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif kind != 0:
            raise InvalidArgumentError('%s: unknown PNG row filter %d' % (op, kind))
        out[y] = np.frombuffer(bytes(line), np.uint8)
        previous = line
    return out


def _samples(rows, width, depth, samples):
    """(height, width, samples) integer samples from unfiltered rows."""
    if depth == 16:
        return rows.view('>u2').reshape(rows.shape[0], -1)[:, :width * samples].reshape(-1, width, samples)
    if depth == 8:
        return rows[:, :width * samples].reshape(-1, width, samples)
    bits = np.unpackbits(rows, axis=1).reshape(rows.shape[0], -1, depth)
    values = (bits * (1 << np.arange(depth - 1, -1, -1))).sum(-1)
    return values[:, :width].reshape(-1, width, 1).astype(np.uint8)


@named_errors('io.decode_png')
def decode_png(contents, channels=0, dtype='uint8', name=None):
    """A PNG's pixels as (height, width, channels) uint8 or uint16. ``channels`` 0 keeps the file's;
    1, 3 or 4 convert (grey, RGB, RGBA)."""
    op = 'io.decode_png'
    data = as_bytes(contents, op)
    out_dtype = dtypes.numpy_dtype(dtype)
    if out_dtype not in (np.uint8, np.uint16):
        raise TypeError('%s: dtype must be uint8 or uint16, got %s' % (op, out_dtype.name))
    if int(channels) not in (0, 1, 3, 4):
        raise op_error('DecodePng', '`channels` must be 0, 1, 3 or 4 but got %s' % (channels,), contents, name)
    found = image_format(data)
    if found == 'jpeg':        # TF's decoders read any format they know: DecodePng decodes a JPEG too
        from .codecs import decode_jpeg_pixels
        return decode_jpeg_pixels(data, channels, op)
    if found != 'png':
        if found is None:
            raise op_error('DecodePng', EMPTY if not data else UNKNOWN_FORMAT, contents, name,
                           note='%s: the data starts with %r, not a PNG signature' % (op, data[:8]))
        raise InvalidArgumentError('%s: contents are not a PNG image (bad signature %r)' % (op, data[:8]))
    return png_pixels(data, channels, out_dtype, lambda text, note: op_error('DecodePng', text, contents, name,
                                                                            note=note), op)


def png_pixels(data, channels, out_dtype, fail, op):
    """The pixels of the PNG ``data`` (signature checked) as a Tensor; ``fail(text, note)`` makes the
    kernel error for data libpng refuses."""
    header, palette, alpha, idat = None, None, None, []
    try:
        for kind, body in _chunks(data, op):
            if kind == b'IHDR':
                header = struct.unpack('>IIBBBBB', body)
            elif kind == b'PLTE':
                palette = np.frombuffer(body, np.uint8).reshape(-1, 3)
            elif kind == b'tRNS':
                alpha = body
            elif kind == b'IDAT':
                idat.append(body)
    except TruncatedPng as error:
        raise fail('Invalid PNG data, size %d' % len(data) if error.initialized else PNG_INIT,
                   '%s: the PNG data is truncated (%d bytes)' % (op, len(data))) from None
    if header is None:
        raise fail(PNG_INIT, '%s: the PNG has no IHDR chunk' % op)
    width, height, depth, colour, _, _, interlace = header
    if interlace:
        raise InvalidArgumentError('%s: interlaced (Adam7) PNGs are not supported; re-save the image without interlacing' % op)
    samples = _CHANNELS[colour]
    row_bytes = (width * samples * depth + 7) // 8
    rows = _unfilter(zlib.decompress(b''.join(idat)), height, row_bytes, max(1, samples * depth // 8), op)
    pixels = _samples(rows, width, depth, samples)
    if colour == 3:
        table = palette
        if alpha is not None:
            opacity = np.full(len(palette), 255, np.uint8)
            opacity[:len(alpha)] = np.frombuffer(alpha, np.uint8)[:len(palette)]
            table = np.concatenate([palette, opacity[:, None]], 1)
        pixels, depth = table[pixels[..., 0]], 8
    elif depth < 8:
        pixels = (pixels.astype(np.uint16) * (255 // ((1 << depth) - 1))).astype(np.uint8)
        depth = 8
    pixels = _convert(pixels, depth, out_dtype)
    return Tensor(_channels(pixels, int(channels), out_dtype))


def _convert(pixels, depth, out_dtype):
    if depth == 16 and out_dtype == np.uint8:
        return (pixels >> 8).astype(np.uint8)
    if depth == 8 and out_dtype == np.uint16:
        return pixels.astype(np.uint16) * 257
    return pixels.astype(out_dtype)


def _channels(pixels, channels, dtype):
    have = pixels.shape[-1]
    if channels in (0, have):
        return pixels
    colour = pixels[..., :3] if have >= 3 else np.repeat(pixels[..., :1], 3, -1)
    opaque = pixels[..., -1:] if have in (2, 4) else np.full(pixels.shape[:-1] + (1,), np.iinfo(dtype).max, dtype)
    if channels >= 3:
        return np.concatenate([colour, opaque], -1) if channels == 4 else colour
    # (9797 R + 19234 G + 3737 B) / 32768, truncated: libpng's rgb_to_gray weights as TensorFlow's
    # decoder uses them (TF 2.21's grey levels on 4096 random pixels, all equal).
    grey = pixels[..., :1] if have <= 2 else ((colour.astype(np.int64) @ np.array([[9797], [19234], [3737]])) >> 15
                                              ).astype(dtype)
    return np.concatenate([grey, opaque], -1) if channels == 2 else grey


def _chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)


@named_errors('io.encode_png')
def encode_png(image, compression=-1, name=None):
    """PNG bytes (a scalar string tensor) of a (height, width, channels) uint8 or uint16 image,
    channels 1 to 4; ``compression`` is zlib's level, -1 for its default."""
    op = 'io.encode_png'
    x = as_tensor(image, op)
    pixels = np.asarray(backend.to_host(x._data))
    named = fast_path(image)        # (TF's words and ' name: ' tail for a tensor or an array)
    if pixels.dtype not in (np.uint8, np.uint16):
        raise noted(InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: uint8, uint16\n\t; NodeDef: {{node "
            "EncodePng}}; Op<name=EncodePng; signature=image:T -> contents:string; attr=compression:int,default=-1; "
            "attr=T:type,default=DT_UINT8,allowed=[DT_UINT8, DT_UINT16]> [Op:EncodePng]%s"
            % (kernel_dtype_name(x.dtype.name), ' name: ' if named else '')),
            '%s: image must be uint8 or uint16, got %s; use tf.image.convert_image_dtype' % (op, pixels.dtype.name))
    if pixels.ndim < 3:
        raise kernel_error('EncodePng', 'images must be at least rank 3[%s]' % ','.join(map(str, pixels.shape)),
                           named=named, note='%s: image must be (height, width, channels)' % op)
    if not 1 <= pixels.shape[-1] <= 4:
        raise kernel_error('EncodePng', 'image must have 1, 2, 3, or 4 channels, got %d' % pixels.shape[-1],
                           named=named, note='%s: image must have 1 to 4 channels, got shape %s' % (op, pixels.shape))
    level = int(compression)
    if not -1 <= level <= 9:
        raise InvalidArgumentError('%s: compression must be -1 (default) or 0 to 9, got %d' % (op, level))
    if pixels.ndim > 3:        # TF's EncodePng encodes a batch: one string per image, shaped as the batch
        out = np.empty(pixels.shape[:-3], object)
        for index in np.ndindex(*out.shape):
            out[index] = _png_bytes(pixels[index], level)
        return Tensor(out)
    return string_tensor(_png_bytes(pixels, level))


def _png_bytes(pixels, level):
    height, width, channels = pixels.shape
    depth = pixels.dtype.itemsize * 8
    rows = pixels.astype('>u2' if depth == 16 else np.uint8).reshape(height, -1).view(np.uint8)
    raw = np.concatenate([np.zeros((height, 1), np.uint8), rows], 1).tobytes()
    header = struct.pack('>IIBBBBB', width, height, depth, {1: 0, 2: 4, 3: 2, 4: 6}[channels], 0, 0, 0)
    return (SIGNATURE + _chunk(b'IHDR', header) + _chunk(b'IDAT', zlib.compress(raw, level))
            + _chunk(b'IEND', b''))
