"""LevelDB's sorted table, the layout of a TensorFlow checkpoint's '.index' file.

A table is data blocks of sorted (key, value) entries, an empty metaindex
block, an index block mapping a separator key to each data block, and a
48-byte footer (the two blocks' handles, padding, a magic number). In a block
each key stores only what differs from the previous key, except at restart
points (every 16 entries) that a reader can start from; the block ends with
the restart offsets and their count. Each block is followed by a compression
byte (0: none, all TensorFlow writes) and the masked CRC-32C of block and byte.
TensorFlow's writer starts a new data block past 256 KiB; so does this one,
so a checkpoint's index is byte for byte the one TensorFlow writes.
"""
import struct

from . import crc32c
from .format_errors import CheckpointDataLossError
from .protobuf_wire import read_varint, varint

MAGIC = 0xdb4775248b80fb57
FOOTER_SIZE = 48
BLOCK_SIZE = 262144          # TensorFlow's table::Options block_size
RESTART_INTERVAL = 16


def _shared_prefix(a, b):
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def _separator(start, limit):
    """A short key >= start and < limit (LevelDB's bytewise FindShortestSeparator)."""
    i = _shared_prefix(start, limit)
    if i < min(len(start), len(limit)) and start[i] < 0xFF and start[i] + 1 < limit[i]:
        return start[:i] + bytes([start[i] + 1])
    return start


def _successor(key):
    """A short key >= key (FindShortSuccessor)."""
    for i, byte in enumerate(key):
        if byte != 0xFF:
            return key[:i] + bytes([byte + 1])
    return key


class _Block:
    def __init__(self, restart_interval):
        self.interval = restart_interval
        self.buffer = bytearray()
        self.restarts = [0]
        self.count = 0
        self.last = b''

    def add(self, key, value):
        shared = 0
        if self.count < self.interval:
            shared = _shared_prefix(self.last, key)
        else:
            self.restarts.append(len(self.buffer))
            self.count = 0
        self.buffer += varint(shared) + varint(len(key) - shared) + varint(len(value))
        self.buffer += key[shared:] + value
        self.last = key
        self.count += 1

    def size(self):
        return len(self.buffer) + 4 * len(self.restarts) + 4

    def finish(self):
        return bytes(self.buffer) + struct.pack('<%dI' % (len(self.restarts) + 1), *self.restarts,
                                                len(self.restarts))


def encode(entries):
    """The bytes of a table holding ``entries`` ((key bytes, value bytes), keys sorted and unique)."""
    out = bytearray()

    def write_block(contents):
        handle = varint(len(out)) + varint(len(contents))
        trailer = b'\x00'
        out.extend(contents + trailer + struct.pack('<I', crc32c.mask(crc32c.value(contents + trailer))))
        return handle

    index = _Block(1)
    block, pending, last = _Block(RESTART_INTERVAL), None, b''
    for key, value in entries:
        if pending is not None:                     # the separator needs the next block's first key
            index.add(_separator(last, key), pending)
            pending = None
        block.add(key, value)
        last = key
        if block.size() >= BLOCK_SIZE:
            pending = write_block(block.finish())
            block = _Block(RESTART_INTERVAL)
    if block.count or block.buffer:
        pending = write_block(block.finish())
    if pending is not None:
        index.add(_successor(last), pending)
    metaindex = write_block(_Block(RESTART_INTERVAL).finish())
    index_handle = write_block(index.finish())
    footer = metaindex + index_handle
    out += footer + b'\x00' * (FOOTER_SIZE - 8 - len(footer)) + struct.pack('<Q', MAGIC)
    return bytes(out)


def is_table(data):
    return len(data) >= FOOTER_SIZE and struct.unpack('<Q', data[-8:])[0] == MAGIC


def _handle(buffer, i):
    offset, i = read_varint(buffer, i)
    size, i = read_varint(buffer, i)
    return offset, size, i


def _block(data, offset, size, path):
    if offset + size + 5 > len(data) - FOOTER_SIZE:
        raise CheckpointDataLossError(None, None, '%s: a table block runs past the end of the file (truncated?)'
                                      % path)
    contents = data[offset:offset + size + 1]
    stored = struct.unpack('<I', data[offset + size + 1:offset + size + 5])[0]
    if crc32c.mask(crc32c.value(contents)) != stored:
        raise CheckpointDataLossError(None, None, 'Unable to read file (%s). Perhaps the file is corrupt: block '
                                      'checksum mismatch at offset %d' % (path, offset))
    if contents[-1] != 0:
        raise CheckpointDataLossError(None, None, '%s: compressed table blocks are not supported (compression '
                                      'type %d); TensorFlow writes checkpoints uncompressed' % (path, contents[-1]))
    return contents[:-1]


def _entries(block, path):
    if len(block) < 4:
        raise CheckpointDataLossError(None, None, '%s: a table block is too short' % path)
    restarts = struct.unpack('<I', block[-4:])[0]
    end = len(block) - 4 - 4 * restarts
    if end < 0:
        raise CheckpointDataLossError(None, None, '%s: bad restart count in a table block' % path)
    out, key, i = [], b'', 0
    while i < end:
        shared, i = read_varint(block, i)
        unshared, i = read_varint(block, i)
        length, i = read_varint(block, i)
        if shared > len(key) or i + unshared + length > end:
            raise CheckpointDataLossError(None, None, '%s: bad entry in a table block' % path)
        key = key[:shared] + block[i:i + unshared]
        i += unshared
        out.append((key, block[i:i + length]))
        i += length
    return out


def decode(data, path):
    """The (key, value) entries of the table ``data`` (the file at ``path``, named in errors).

    Raises:
        DataLossError (also a ValueError): not a table, a bad checksum, a truncated file.
    """
    data = bytes(data)
    if not is_table(data):
        raise CheckpointDataLossError(None, None, 'Unable to read file (%s): file is too short to be an sstable '
                                      'or has no table magic number' % path)
    footer = data[-FOOTER_SIZE:]
    _, _, i = _handle(footer, 0)                        # the metaindex block: empty in checkpoints
    index_offset, index_size, _ = _handle(footer, i)
    out = []
    for _, handle in _entries(_block(data, index_offset, index_size, path), path):
        offset, size, _ = _handle(handle, 0)
        out.extend(_entries(_block(data, offset, size, path), path))
    return out
