"""TensorFlow's checkpoint files (TensorBundle): '<prefix>.index' + '<prefix>.data-00000-of-00001'.

The index is a LevelDB table (``sstable``) keyed by tensor name; the empty key
holds a ``BundleHeaderProto`` (shard count, endianness, version), every other
key a ``BundleEntryProto`` (dtype, shape, shard, offset, size, masked CRC-32C
of the bytes). The data shard holds the tensors back to back, little-endian;
a string tensor is its lengths as varints, the masked CRC-32C of those (as
4-byte integers), then the strings. TensorFlow checks each tensor's CRC when it reads it; so do we.
"""
import os

import numpy as np

from . import crc32c, sstable
from .absl_root_logging import after_checkpoint_write
from .format_errors import CheckpointDataLossError
from .protobuf_wire import Message, fields, first, read_varint, varint

# TensorFlow's DataType enum <-> numpy; DT_STRING (7) holds bytes objects.
_DTYPES = {1: np.float32, 2: np.float64, 3: np.int32, 4: np.uint8, 5: np.int16, 6: np.int8, 8: np.complex64,
           9: np.int64, 10: np.bool_, 17: np.uint16, 18: np.complex128, 19: np.float16, 22: np.uint32,
           23: np.uint64}
_ENUMS = {np.dtype(t): enum for enum, t in _DTYPES.items()}
DT_STRING = 7
DT_BFLOAT16 = 14     # ml_dtypes' bfloat16, looked up only when met (its import is slow): two bytes, as TF's
DT_VARIANT = 21      # e.g. a tf.data iterator's state: TensorFlow's own encoding, kept as raw bytes


def data_path(prefix, shard=0, num_shards=1):
    return '%s.data-%05d-of-%05d' % (prefix, shard, num_shards)


def is_tensor_bundle(index_path):
    """Whether ``index_path`` ends with the LevelDB table magic number."""
    with open(index_path, 'rb') as f:
        f.seek(0, os.SEEK_END)
        if f.tell() < sstable.FOOTER_SIZE:
            return False
        f.seek(-8, os.SEEK_END)
        return sstable.is_table(b'\x00' * (sstable.FOOTER_SIZE - 8) + f.read(8))


# ---- writing ---------------------------------------------------------------------
def _shape_proto(shape):
    message = Message()
    for size in shape:
        message.bytes(2, Message().uint(1, size), keep_empty=True)
    return message


def _string_bytes(items):
    """(bytes, CRC-32C) of a string tensor's elements. The lengths' checksum and the tensor's CRC
    take the lengths as 4-byte integers, though the file holds them as varints."""
    wide = b''.join(len(item).to_bytes(4, 'little') for item in items)
    checksum = crc32c.mask(crc32c.value(wide)).to_bytes(4, 'little')
    crc = crc32c.extend(crc32c.extend(crc32c.value(wide), checksum), b''.join(items))
    return b''.join(varint(len(item)) for item in items) + checksum + b''.join(items), crc


def _tensor_bytes(value):
    """(dtype enum, bytes, CRC-32C) of a numpy array as the data shard stores it."""
    if value.dtype.kind in 'OSU':
        items = [v.encode('utf-8') if isinstance(v, str) else bytes(v) for v in value.reshape(-1).tolist()]
        return (DT_STRING,) + _string_bytes(items)
    enum = _ENUMS.get(value.dtype)
    if enum is None and value.dtype.name == 'bfloat16':
        enum = DT_BFLOAT16
    if enum is None:
        raise TypeError('tf.train.Checkpoint cannot save a %s tensor in TensorFlow\'s format; cast it to a '
                        'supported dtype (float16/32/64, ints, bool, complex, string)' % value.dtype.name)
    raw = np.ascontiguousarray(value, dtype=value.dtype.newbyteorder('<')).tobytes()
    return enum, raw, crc32c.value(raw)


def encode(tensors, absl_logs=True):
    """(index bytes, data bytes) of ``tensors``, (key, numpy array) pairs in the order the data shard
    holds them (TensorFlow's: the object graph's breadth-first order). ``absl_logs``: whether TF's
    writer logs through absl here (tf.train.Checkpoint's does; TF 1's Saver, run eagerly, does not)."""
    data, entries = bytearray(), {}
    for key, value in tensors:
        value = np.asarray(value)
        enum, raw, crc = _tensor_bytes(value)
        entries[key.encode('utf-8')] = (Message().uint(1, enum).bytes(2, _shape_proto(value.shape), keep_empty=True)
                                        .uint(4, len(data)).uint(5, len(raw))
                                        .fixed32(6, crc32c.mask(crc)).encode())
        data += raw
    header = Message().uint(1, 1).bytes(3, Message().uint(1, 1)).encode()    # one shard, little-endian, v1
    table = [(b'', header)] + sorted(entries.items())
    if absl_logs:
        after_checkpoint_write()        # TensorFlow's sharding step logs through absl here (absl_root_logging.py)
    return sstable.encode(table), bytes(data)


# ---- reading ---------------------------------------------------------------------
def _shape(message):
    return [first(fields(dim), 1) for dim in fields(message).get(2, [])]


def _decode(raw, dtype, shape, name, path):
    count = int(np.prod(shape)) if shape else 1
    if dtype == DT_VARIANT:
        value = np.empty((), dtype=object)
        value[()] = bytes(raw)
        return value
    if dtype == DT_STRING:
        lengths, i = [], 0
        for _ in range(count):
            length, i = read_varint(raw, i)
            lengths.append(length)
        i += 4                                   # the masked CRC-32C of the lengths
        items = []
        for length in lengths:
            items.append(raw[i:i + length])
            i += length
        return np.array(items, dtype=object).reshape(shape)
    if dtype == DT_BFLOAT16:
        from framework.dtypes import bfloat16
        return np.frombuffer(raw, dtype=bfloat16.as_numpy_dtype, count=count).reshape(shape).copy()
    if dtype not in _DTYPES:
        raise CheckpointDataLossError(None, None, '%s: %s has TensorFlow dtype enum %d, which tapeflow cannot '
                                      'read' % (path, name, dtype))
    return np.frombuffer(raw, dtype=np.dtype(_DTYPES[dtype]).newbyteorder('<'),
                         count=count).reshape(shape).astype(_DTYPES[dtype])


def read(prefix):
    """({key: (shape, dtype name)}, {key: numpy array}) of the TensorFlow checkpoint at ``prefix``.

    Raises:
        DataLossError (also a ValueError): a damaged, truncated or unsupported file (named).
    """
    index_path = prefix + '.index'
    with open(index_path, 'rb') as f:
        table = sstable.decode(f.read(), index_path)
    if not table or table[0][0] != b'':
        raise CheckpointDataLossError(None, None, '%s: no bundle header entry; not a TensorFlow checkpoint index'
                                      % index_path)
    num_shards = first(fields(table[0][1]), 1, 1)
    shapes, values, shards = {}, {}, {}
    for key, value in table[1:]:
        entry = fields(value)
        name = key.decode('utf-8')
        if 7 in entry:
            raise CheckpointDataLossError(None, None, '%s: %s is saved in slices (a partitioned variable); '
                                          'tapeflow cannot read it' % (index_path, name))
        dtype, shape = first(entry, 1), _shape(first(entry, 2, b''))
        shard, offset, size = first(entry, 3), first(entry, 4), first(entry, 5)
        if shard not in shards:
            path = data_path(prefix, shard, num_shards)
            if not os.path.exists(path):
                raise CheckpointDataLossError(None, None, '%s: data shard %s is missing' % (index_path, path))
            with open(path, 'rb') as f:
                shards[shard] = f.read()
        raw = shards[shard][offset:offset + size]
        if len(raw) != size:
            raise CheckpointDataLossError(None, None, '%s: %s runs past the end of its data shard (truncated?)'
                                          % (index_path, name))
        values[name] = _decode(raw, dtype, shape, name, index_path)
        crc = _string_bytes(values[name].reshape(-1).tolist())[1] if dtype == DT_STRING else crc32c.value(raw)
        if 6 in entry and dtype != DT_VARIANT and crc32c.mask(crc) != first(entry, 6):
            raise CheckpointDataLossError(None, None, 'TensorBundle at %s shard %d (%d bytes): Checksum does not '
                                          'match for %s; the data file is damaged' % (prefix, shard, size, name))
        shapes[name] = (shape, {DT_STRING: 'string', DT_VARIANT: 'variant'}.get(dtype, values[name].dtype.name))
    return shapes, values
