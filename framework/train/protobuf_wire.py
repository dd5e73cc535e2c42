"""The protocol-buffer wire format, just enough for checkpoint files (no protobuf package).

A message is a run of (field number, wire type) keys and values: varints
(type 0), 8-byte (1), length-delimited bytes or sub-messages (2) and 4-byte
(5) values. ``fields`` decodes a message into {number: [values]};
``Message`` builds one field by field, in the order proto3 serialisers use
(field number order), leaving out zero scalars as they do.
"""
import struct

from .format_errors import CheckpointDataLossError as DataLossError


def read_varint(data, i):
    """(value, index after it) of the varint at ``data[i:]``."""
    shift = value = 0
    while True:
        if i >= len(data):
            raise DataLossError(None, None, 'truncated varint in a checkpoint record')
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def varint(value):
    """The varint bytes of a non-negative int (negative int32/int64 as their 64-bit two's complement)."""
    value &= (1 << 64) - 1
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def fields(data):
    """{field number: [values]} of a message: varints as ints, fixed32/64 as ints, the rest as bytes.

    Raises:
        DataLossError: a truncated message or an unknown wire type.
    """
    out, i = {}, 0
    data = bytes(data)
    while i < len(data):
        key, i = read_varint(data, i)
        wire = key & 7
        if wire == 0:
            value, i = read_varint(data, i)
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            if i + width > len(data):
                raise DataLossError(None, None, 'truncated fixed-width field in a checkpoint record')
            value = struct.unpack('<Q' if wire == 1 else '<I', data[i:i + width])[0]
            i += width
        elif wire == 2:
            length, i = read_varint(data, i)
            if i + length > len(data):
                raise DataLossError(None, None, 'truncated length-delimited field in a checkpoint record')
            value, i = data[i:i + length], i + length
        else:
            raise DataLossError(None, None, 'unsupported protobuf wire type %d in a checkpoint record' % wire)
        out.setdefault(key >> 3, []).append(value)
    return out


def first(decoded, number, default=0):
    """The last value of a singular field (proto semantics), or ``default`` when absent."""
    values = decoded.get(number)
    return values[-1] if values else default


class Message:
    """A message under construction: ``Message().uint(1, 3).bytes(2, b'x').encode()``."""

    def __init__(self):
        self._parts = []

    def uint(self, number, value, keep_zero=False):
        if value or keep_zero:
            self._parts.append(varint(number << 3) + varint(int(value)))
        return self

    def fixed32(self, number, value):
        self._parts.append(varint(number << 3 | 5) + struct.pack('<I', value))
        return self

    def bytes(self, number, value, keep_empty=False):
        """A bytes, string (str is UTF-8 encoded) or sub-message (a Message) field."""
        if isinstance(value, Message):
            value = value.encode()
        elif isinstance(value, str):
            value = value.encode('utf-8')
        if value or keep_empty:
            self._parts.append(varint(number << 3 | 2) + varint(len(value)) + value)
        return self

    def encode(self):
        return b''.join(self._parts)
