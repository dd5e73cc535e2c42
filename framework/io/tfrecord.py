"""TFRecord files: ``tf.io.TFRecordWriter`` / ``TFRecordOptions``, and ``read_records`` for readers.

Each record is: length (uint64, little endian), masked CRC-32C of the length,
the bytes, masked CRC-32C of the bytes; the whole stream may be GZIP or ZLIB
compressed. CRC-32C (Castagnoli) is computed in Python with a lookup table.
"""
import gzip
import struct
import zlib

from .. import errors
from ..ops.operands import named_errors
from .strings_in import as_bytes, as_path


def _crc_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc_table()


def crc32c(data):
    """CRC-32C (Castagnoli) of ``data``."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data):
    """TFRecord's checksum: CRC-32C rotated right by 15 bits plus 0xa282ead8."""
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame(record):
    """``record`` (bytes) framed as a TFRecord: length, its masked CRC, the bytes, their masked CRC.
    TensorBoard's event files are framed the same way (framework/summary/event_file.py)."""
    length = struct.pack('<Q', len(record))
    return length + struct.pack('<I', masked_crc32c(length)) + record + struct.pack('<I', masked_crc32c(record))


class TFRecordOptions:
    """How a TFRecord file is compressed: ``compression_type`` None / '' (none), 'ZLIB' or 'GZIP',
    and zlib's ``compression_level`` (0-9; None for its default)."""

    def __init__(self, compression_type=None, flush_mode=None, input_buffer_size=None, output_buffer_size=None,
                 window_bits=None, compression_level=None, compression_method=None, mem_level=None,
                 compression_strategy=None):
        self.compression_type = compression_kind(compression_type, 'io.TFRecordOptions')
        self.compression_level = -1 if compression_level is None else int(compression_level)


def _options(options):
    if options is None or isinstance(options, str):
        return TFRecordOptions(options)
    if not isinstance(options, TFRecordOptions):
        raise TypeError('io.TFRecordWriter: options must be a TFRecordOptions or a compression type string, got %r'
                        % (options,))
    return options


class TFRecordWriter:
    """Writes records (bytes) to a TFRecord file: ``write(record)``, ``flush()``, ``close()``, or use it
    as a context manager."""

    @named_errors('io.TFRecordWriter')
    def __init__(self, path, options=None):
        self._options = _options(options)
        self._path = as_path(path, 'io.TFRecordWriter', 'path')
        level = self._options.compression_level
        if self._options.compression_type == 'GZIP':
            self._file = gzip.open(self._path, 'wb', compresslevel=9 if level < 0 else level)
            self._zlib = None
        else:
            self._file = open(self._path, 'wb')
            self._zlib = zlib.compressobj(level) if self._options.compression_type == 'ZLIB' else None

    def _put(self, data):
        self._file.write(self._zlib.compress(data) if self._zlib else data)

    @named_errors('io.TFRecordWriter.write')
    def write(self, record):
        if not isinstance(record, (bytes, bytearray, str)):
            # TF's pybind writer takes a str / bytes only: an Example not yet serialized, a tensor, a number
            # is pybind's TypeError, which shows the writer and the argument
            error = TypeError('write(): incompatible function arguments. The following argument types are supported:'
                              '\n    1. (self: tensorflow.python.lib.io._pywrap_record_io.RecordWriter, record: str) '
                              '-> None\n\nInvoked with: %r, %r' % (self, record))
            error.add_note('io.TFRecordWriter.write: record must be bytes (an Example: example.SerializeToString(); '
                           'a string tensor: t.numpy()), got %s' % type(record).__name__)
            raise error
        data = as_bytes(record, 'io.TFRecordWriter.write', 'record')
        self._put(frame(data))

    def __repr__(self):
        return '<tensorflow.python.lib.io.tf_record.TFRecordWriter object at 0x%x>' % id(self)

    def flush(self):
        if self._zlib:
            self._file.write(self._zlib.flush(zlib.Z_SYNC_FLUSH))
        self._file.flush()

    def close(self):
        if self._file.closed:
            return
        if self._zlib:
            self._file.write(self._zlib.flush())
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def compression_kind(compression_type, what):
    """'', 'ZLIB' or 'GZIP' for a ``compression_type`` of None / '' / 'zlib' / 'gzip' (any case);
    ValueError naming ``what`` otherwise."""
    kind = (compression_type or '').upper()
    if kind not in ('', 'ZLIB', 'GZIP'):
        raise ValueError("%s: compression_type must be None, '', 'ZLIB' or 'GZIP', got %r" % (what, compression_type))
    return kind


def decompressed(raw, kind):
    """``raw`` uncompressed from ``kind`` ('', 'ZLIB' or 'GZIP', see compression_kind): TFRecord files,
    tf.data's file datasets and tf.io.decode_compressed share this."""
    return gzip.decompress(raw) if kind == 'GZIP' else zlib.decompress(raw) if kind == 'ZLIB' else raw


def inflated(raw, kind):
    """``raw`` uncompressed from ``kind`` as TF 2.21's ZlibInputStream reads it, and whether the stream was
    whole: a stream cut short gives what it held (its reader then runs out: 'EOF reached'), data that is not
    of ``kind`` the DataLossError of TF's inflate() call ('inflate() failed with error -3: incorrect header
    check')."""
    if not kind:
        return raw, True
    stream = zlib.decompressobj(16 + zlib.MAX_WBITS if kind == 'GZIP' else zlib.MAX_WBITS)
    try:
        data = stream.decompress(raw)
    except zlib.error as err:       # 'Error -3 while decompressing data: incorrect header check'
        code, _, why = str(err).partition(' while decompressing data: ')
        raise errors.DataLossError(None, None, 'inflate() failed with error %s: %s'
                                   % (code.replace('Error ', ''), why)) from None
    if kind == 'GZIP' and stream.eof and stream.unused_data:        # further gzip members, as gzip.decompress
        more, whole = inflated(stream.unused_data, kind)
        return data + more, whole
    return data, stream.eof


def read_records(path, compression_type=None):
    """Yield the records (bytes) of a TFRecord file, checking every checksum, as TF 2.21's RecordReader
    (record_reader.cc) reads them for a TFRecordDataset: a file ending inside a record's 12-byte header ends
    the records without an error; one ending inside a record's body or checksum, or a checksum that does not
    match, is a DataLossError in the kernel's words ('corrupted record at 12', the body's offset; a first
    header's adds ' (Is this even a TFRecord file?)')."""
    op = 'io.read_records'
    kind = compression_kind(compression_type, op)
    try:
        with open(as_path(path, op, 'path'), 'rb') as f:
            data, _ = inflated(f.read(), kind)
    except FileNotFoundError:           # TF's class (a TFRecordDataset over a missing file raises it on reading)
        raise errors.NotFoundError(None, None, '%s: %s; No such file or directory' % (op, path)) from None
    ran_out = 'EOF reached' if kind else 'Read less bytes than requested'     # the input stream's words
    pos = 0
    while pos + 12 <= len(data):
        length_bytes = data[pos:pos + 8]
        if struct.unpack('<I', data[pos + 8:pos + 12])[0] != masked_crc32c(length_bytes):
            raise _damaged('corrupted record at %d%s' % (pos, ' (Is this even a TFRecord file?)' if pos == 0 else ''),
                           path)
        (length,) = struct.unpack('<Q', length_bytes)
        body = data[pos + 12:pos + 12 + length]
        if pos + 16 + length > len(data):
            raise _damaged("truncated record at %d' failed with %s" % (pos, ran_out), path)
        if struct.unpack('<I', data[pos + 12 + length:pos + 16 + length])[0] != masked_crc32c(body):
            raise _damaged('corrupted record at %d' % (pos + 12), path)
        yield body
        pos += 16 + length


def _damaged(text, path):
    """TF's DataLossError ``text`` (which names no file), the file named in a note."""
    error = errors.DataLossError(None, None, text)
    error.add_note('io.read_records: the damaged file is %s' % path)
    return error
