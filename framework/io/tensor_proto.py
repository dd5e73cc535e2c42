"""``tf.io.serialize_tensor`` / ``parse_tensor``: tensors as TensorFlow's TensorProto bytes.

The protobuf wire format is written and read by hand (varints and
length-delimited fields), so files interoperate with TensorFlow without the
protobuf package: numbers travel as little-endian ``tensor_content``, strings
as repeated ``string_val``, as TensorFlow writes them.
"""
import numpy as np

from ..errors import InvalidArgumentError      # TF's class for bad image / record / proto data
from .. import backend, dtypes
from ..dtypes import _ENUMS, _NAME_OF_ENUM
from ..ops.operands import as_tensor
from ..tensor import Tensor
from .strings_in import as_bytes, string_tensor
from ..ops.operands import named_errors

# TensorProto's typed repeated fields (used by protos that do not carry tensor_content).
_VALUE_FIELDS = {5: 'float32', 6: 'float64', 7: 'int32', 10: 'int64', 11: 'bool', 13: 'float16', 16: 'uint32',
                 17: 'uint64'}


def _varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        byte, n = n & 0x7f, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _field(number, payload):
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


@named_errors('io.serialize_tensor')
def serialize_tensor(tensor, name=None):
    """The TensorProto bytes of ``tensor`` (a scalar string tensor)."""
    t = as_tensor(tensor, 'io.serialize_tensor')
    data = np.asarray(backend.to_host(t._data))
    shape = b''.join(_field(2, _varint(1 << 3) + _varint(d) if d else b'') for d in data.shape)
    out = _varint(1 << 3) + _varint(_ENUMS[t.dtype.name]) + _field(2, shape)
    if data.dtype.kind in 'OSU':
        out += b''.join(_field(8, v.encode('utf-8') if isinstance(v, str) else bytes(v)) for v in data.reshape(-1))
    elif data.size:
        out += _field(4, np.ascontiguousarray(data).astype(data.dtype.newbyteorder('<')).tobytes())
    return string_tensor(out)


def _read_varint(data, pos, op):
    shift = value = 0
    while True:
        if pos >= len(data):
            raise InvalidArgumentError('%s: the serialized TensorProto is truncated' % op)
        byte = data[pos]
        value |= (byte & 0x7f) << shift
        pos, shift = pos + 1, shift + 7
        if not byte & 0x80:
            return value, pos


def _fields(data, op):
    """(field number, wire type, value) for each field of one message."""
    pos = 0
    while pos < len(data):
        key, pos = _read_varint(data, pos, op)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _read_varint(data, pos, op)
        elif wire == 2:
            length, pos = _read_varint(data, pos, op)
            value, pos = data[pos:pos + length], pos + length
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value, pos = data[pos:pos + size], pos + size
        else:
            raise InvalidArgumentError('%s: not a TensorProto (wire type %d)' % (op, wire))
        yield number, wire, value


def _typed_values(number, wire, value, op):
    name = _VALUE_FIELDS[number]
    if name in ('float32', 'float64') and wire != 0:
        return list(np.frombuffer(value, '<f4' if name == 'float32' else '<f8'))
    if wire == 0:
        return [value]
    pos, values = 0, []
    while pos < len(value):                       # packed varints
        v, pos = _read_varint(value, pos, op)
        values.append(v)
    return values


@named_errors('io.parse_tensor')
def parse_tensor(serialized, out_type, name=None):
    """The tensor in TensorProto bytes; ``out_type`` must be the dtype it was serialized with."""
    op = 'io.parse_tensor'
    data = as_bytes(serialized, op, 'serialized')
    if out_type is None:
        raise TypeError('%s: out_type must be the dtype the tensor was serialized with, got None' % op)
    want = dtypes.as_dtype(out_type)
    enum, shape, content, strings, values = None, [], None, [], []
    for number, wire, value in _fields(data, op):
        if number == 1:
            enum = value
        elif number == 2:
            for dim_number, _, dim in _fields(value, op):
                if dim_number == 2:
                    shape.append(next((v for n, _, v in _fields(dim, op) if n == 1), 0))
        elif number == 4:
            content = value
        elif number == 8:
            strings.append(bytes(value))
        elif number in _VALUE_FIELDS:
            values.extend(_typed_values(number, wire, value, op))
    if enum not in _NAME_OF_ENUM:
        raise InvalidArgumentError('%s: the serialized TensorProto has no supported dtype (enum %r)' % (op, enum))
    got = _NAME_OF_ENUM[enum]
    if got != want.name:        # the ParseTensor kernel's check ('float', 'double' as its DataTypeString)
        from ..errors import fast_path, kernel_error
        from ..ops.graph_input_errors import kernel_dtype_name
        raise kernel_error('ParseTensor', 'Type mismatch between parsed tensor (%s) and dtype (%s)'
                           % (kernel_dtype_name(got), kernel_dtype_name(want.name)),
                           named=fast_path(serialized) and not isinstance(serialized, (bytes, str)),
                           note='%s: the tensor was serialized as %s, out_type is %s' % (op, got, want.name))
    count = int(np.prod(shape))
    if got == 'string':
        array = np.empty(count, object)
        array[:] = (strings + strings[-1:] * count)[:count] if strings else [b''] * count
        return string_tensor(array.reshape(shape)) if shape else string_tensor(array[0])
    dtype = dtypes.numpy_dtype(got)
    if content is not None:
        array = np.frombuffer(content, dtype.newbyteorder('<')).astype(dtype)
    else:
        # TensorFlow repeats the last listed value to fill the shape.
        filled = (values + values[-1:] * count)[:count] if values else [0] * count
        if dtype.kind == 'i':
            filled = [v - (1 << 64) if v >= 1 << 63 else v for v in filled]
        array = np.asarray(filled).astype(dtype)
    if array.size != count:
        raise InvalidArgumentError('%s: the content holds %d values, the shape %s needs %d' % (op, array.size, shape, count))
    return Tensor(array.reshape(shape))
