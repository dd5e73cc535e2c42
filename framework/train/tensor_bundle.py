"""Reading TensorFlow's checkpoints (TensorBundle: '<prefix>.index' + '<prefix>.data-NNNNN-of-NNNNN').

The index is a LevelDB table: blocks of prefix-compressed (key, value) entries,
an index block naming the data blocks, and a 48-byte footer ending in a magic
number. Each value is a ``BundleEntryProto`` (dtype, shape, shard, offset,
size); the tensor's bytes sit at that offset in its data shard, little-endian,
strings as varint lengths, a CRC, then the bytes. Only what reading needs is
decoded, by hand (no protobuf package). Writing stays tapeflow's own format.
"""
import os
import struct

import numpy as np

MAGIC = 0xdb4775248b80fb57
FOOTER_SIZE = 48
# TensorFlow's DataType enum -> numpy dtype (DT_STRING is 7, handled apart)
_DTYPES = {1: np.float32, 2: np.float64, 3: np.int32, 4: np.uint8, 5: np.int16, 6: np.int8, 8: np.complex64,
           9: np.int64, 10: np.bool_, 17: np.uint16, 18: np.complex128, 19: np.float16, 22: np.uint32,
           23: np.uint64}
DT_STRING = 7


class TensorBundleError(ValueError):
    """A file that is not a readable TensorFlow TensorBundle."""


def is_tensor_bundle(index_path):
    """Whether ``index_path`` ends with the LevelDB table magic number."""
    with open(index_path, 'rb') as f:
        f.seek(0, os.SEEK_END)
        if f.tell() < FOOTER_SIZE:
            return False
        f.seek(-8, os.SEEK_END)
        return struct.unpack('<Q', f.read(8))[0] == MAGIC


def _varint(data, i):
    shift = value = 0
    while True:
        if i >= len(data):
            raise TensorBundleError('truncated varint')
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def _fields(data):
    """{field number: [values]} of a protobuf message (varints as ints, fixed32 as int, bytes as bytes)."""
    out, i = {}, 0
    while i < len(data):
        key, i = _varint(data, i)
        wire = key & 7
        if wire == 0:
            value, i = _varint(data, i)
        elif wire == 1:
            value, i = struct.unpack('<Q', data[i:i + 8])[0], i + 8
        elif wire == 2:
            length, i = _varint(data, i)
            value, i = data[i:i + length], i + length
        elif wire == 5:
            value, i = struct.unpack('<I', data[i:i + 4])[0], i + 4
        else:
            raise TensorBundleError('unsupported protobuf wire type %d' % wire)
        out.setdefault(key >> 3, []).append(value)
    return out


def _handle(buffer, i):
    """A block handle (offset, size) encoded at ``buffer[i:]``, and where it ends."""
    offset, i = _varint(buffer, i)
    size, i = _varint(buffer, i)
    return offset, size, i


def _block(data, offset, size, path):
    if offset + size + 5 > len(data):
        raise TensorBundleError('%s: a block runs past the end of the file (truncated?)' % path)
    if data[offset + size] != 0:
        raise TensorBundleError('%s: compressed table blocks are not supported (compression type %d)'
                                % (path, data[offset + size]))
    return data[offset:offset + size]


def _entries(block):
    """The (key, value) pairs of one table block, undoing the prefix compression."""
    restarts = struct.unpack('<I', block[-4:])[0]
    end = len(block) - 4 - 4 * restarts
    out, key, i = [], b'', 0
    while i < end:
        shared, i = _varint(block, i)
        unshared, i = _varint(block, i)
        length, i = _varint(block, i)
        key = key[:shared] + block[i:i + unshared]
        i += unshared
        out.append((key, block[i:i + length]))
        i += length
    return out


def _shape(message):
    fields = _fields(message)
    return [(_fields(dim).get(1, [0])[0]) for dim in fields.get(2, [])]


def read(prefix):
    """({key: (shape, dtype name)}, {key: numpy array}) of the TensorFlow checkpoint at ``prefix``.

    Raises:
        TensorBundleError: a damaged or unsupported file (names it).
    """
    index_path = prefix + '.index'
    with open(index_path, 'rb') as f:
        data = f.read()
    footer = data[-FOOTER_SIZE:]
    _, _, i = _handle(footer, 0)                       # the metaindex block: unused
    index_offset, index_size, _ = _handle(footer, i)
    table = []
    for _, handle in _entries(_block(data, index_offset, index_size, index_path)):
        offset, size, _ = _handle(handle, 0)
        table.extend(_entries(_block(data, offset, size, index_path)))
    header, shapes, values, shards = None, {}, {}, {}
    for key, value in table:
        if key == b'':
            header = _fields(value)
            continue
        entry = _fields(value)
        name = key.decode('utf-8')
        dtype = entry.get(1, [0])[0]
        shape = _shape(entry[2][0]) if 2 in entry else []
        shard, offset, size = entry.get(3, [0])[0], entry.get(4, [0])[0], entry.get(5, [0])[0]
        if 7 in entry:
            raise TensorBundleError('%s: %s is saved in slices (partitioned variable); not supported'
                                    % (index_path, name))
        num_shards = header.get(1, [1])[0] if header else 1
        if shard not in shards:
            shard_path = '%s.data-%05d-of-%05d' % (prefix, shard, num_shards)
            if not os.path.exists(shard_path):
                raise TensorBundleError('%s: data shard %s is missing' % (index_path, shard_path))
            with open(shard_path, 'rb') as f:
                shards[shard] = f.read()
        raw = shards[shard][offset:offset + size]
        if len(raw) != size:
            raise TensorBundleError('%s: %s runs past the end of its data shard (truncated?)' % (index_path, name))
        values[name] = _decode(raw, dtype, shape, name, index_path)
        shapes[name] = (shape, values[name].dtype.name if dtype != DT_STRING else 'string')
    return shapes, values


def _decode(raw, dtype, shape, name, path):
    count = int(np.prod(shape)) if shape else 1
    if dtype == DT_STRING:
        lengths, i = [], 0
        for _ in range(count):
            length, i = _varint(raw, i)
            lengths.append(length)
        i += 4                                   # the CRC-32C of the lengths
        items = []
        for length in lengths:
            items.append(raw[i:i + length])
            i += length
        return np.array(items, dtype=object).reshape(shape)
    if dtype not in _DTYPES:
        raise TensorBundleError('%s: %s has TensorFlow dtype enum %d, which tapeflow cannot read'
                                % (path, name, dtype))
    return np.frombuffer(raw, dtype=np.dtype(_DTYPES[dtype]).newbyteorder('<'), count=count).reshape(shape).copy()
