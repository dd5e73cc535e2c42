"""``tf.make_tensor_proto`` / ``tf.make_ndarray``: TensorFlow's TensorProto message as a Python object.

The message has TensorFlow's fields (``dtype`` as the DataType enum, ``tensor_shape.dim[i].size``,
``tensor_content`` and the typed ``*_val`` lists), prints in protobuf's text format as TensorFlow's
does, and serializes to the same bytes (``tf.io.parse_tensor`` reads them). Which field holds the
numbers follows TensorFlow's rule: ``tensor_content`` for more than one value of a fixed-size
numeric type given at full size, the typed list otherwise.
"""
import struct

import numpy as np

from . import dtypes
from .io.example_text import float32_text, quoted
from .io.tensor_proto import _field, _fields, _read_varint, _varint

_DT_NAMES = {'float32': 'DT_FLOAT', 'float64': 'DT_DOUBLE', 'int32': 'DT_INT32', 'uint8': 'DT_UINT8',
             'int16': 'DT_INT16', 'int8': 'DT_INT8', 'string': 'DT_STRING', 'complex64': 'DT_COMPLEX64',
             'int64': 'DT_INT64', 'bool': 'DT_BOOL', 'uint16': 'DT_UINT16', 'complex128': 'DT_COMPLEX128',
             'float16': 'DT_HALF', 'uint32': 'DT_UINT32', 'uint64': 'DT_UINT64', 'bfloat16': 'DT_BFLOAT16'}
# TensorFlow's _TENSOR_CONTENT_TYPES (bool, strings and complex numbers always go to typed lists)
_CONTENT_TYPES = {'float16', 'float32', 'float64', 'int32', 'uint8', 'int16', 'int8', 'int64', 'uint32', 'uint64'}
# dtype name -> the typed field that holds its values
_VAL_FIELD = {'float32': 'float_val', 'float64': 'double_val', 'int32': 'int_val', 'int16': 'int_val',
              'int8': 'int_val', 'uint8': 'int_val', 'uint16': 'int_val', 'int64': 'int64_val', 'string': 'string_val',
              'bool': 'bool_val', 'complex64': 'scomplex_val', 'complex128': 'dcomplex_val', 'float16': 'half_val',
              'bfloat16': 'half_val', 'uint32': 'uint32_val', 'uint64': 'uint64_val'}
# typed field -> (field number, packed struct code or None for varints)
_VAL_WIRE = {'float_val': (5, 'f'), 'double_val': (6, 'd'), 'int_val': (7, None), 'string_val': (8, None),
             'scomplex_val': (9, 'f'), 'int64_val': (10, None), 'bool_val': (11, None), 'dcomplex_val': (12, 'd'),
             'half_val': (13, None), 'uint32_val': (16, None), 'uint64_val': (17, None)}
_SIGNED = {'int_val', 'int64_val'}


def _double_text(value):
    """upb's round-trip double: '%.15g', or '%.17g' where fifteen digits do not give it back."""
    if np.isnan(value) or np.isinf(value):
        return float32_text(value)
    text = '%.15g' % value
    return text if float(text) == value else '%.17g' % value


_TEXT = {'float_val': float32_text, 'scomplex_val': float32_text, 'double_val': _double_text,
         'dcomplex_val': _double_text, 'bool_val': lambda v: 'true' if v else 'false',
         'string_val': lambda v: quoted(v, True)}


class TensorShapeProto:
    """A shape message: ``dim`` (each with ``size``, -1 where unknown) and ``unknown_rank``."""
    __slots__ = ('dim', 'unknown_rank')

    class Dim:
        __slots__ = ('size', 'name')

        def __init__(self, size=0, name=''):
            self.size, self.name = int(size), name

        def __eq__(self, other):
            return isinstance(other, TensorShapeProto.Dim) and (self.size, self.name) == (other.size, other.name)

    def __init__(self, dim=(), unknown_rank=False):
        self.dim = [d if isinstance(d, self.Dim) else self.Dim(d) for d in dim]
        self.unknown_rank = bool(unknown_rank)

    def __eq__(self, other):
        return isinstance(other, TensorShapeProto) and (self.dim, self.unknown_rank) == (other.dim, other.unknown_rank)

    def _serialize(self):
        return (b''.join(_field(2, _varint(1 << 3) + _varint(d.size) if d.size else b'') for d in self.dim)
                + (_varint(3 << 3) + _varint(1) if self.unknown_rank else b''))

    def _text(self, pad):
        out = ''.join('%sdim {\n%s%s}\n' % (pad, '%s  size: %d\n' % (pad, d.size) if d.size else '', pad)
                      for d in self.dim)
        return out + ('%sunknown_rank: true\n' % pad if self.unknown_rank else '')

    def __str__(self):
        return self._text('')

    __repr__ = __str__


class TensorProto:
    """TensorFlow's TensorProto: a tensor's dtype, shape and values, as its protobuf message holds them."""

    def __init__(self, dtype=0, tensor_shape=None, tensor_content=b'', version_number=0, **vals):
        self.dtype = int(dtype)
        self.tensor_shape = tensor_shape if tensor_shape is not None else TensorShapeProto()
        self.tensor_content = bytes(tensor_content)
        self.version_number = int(version_number)
        for name in _VAL_WIRE:
            setattr(self, name, list(vals.pop(name, ())))
        if vals:
            raise ValueError('Protocol message TensorProto has no "%s" field.' % sorted(vals)[0])

    def _fields_set(self):
        return [name for name in _VAL_WIRE if getattr(self, name)]

    def __eq__(self, other):
        return isinstance(other, TensorProto) and all(
            getattr(self, k) == getattr(other, k)
            for k in ('dtype', 'tensor_shape', 'tensor_content', 'version_number', *_VAL_WIRE))

    def SerializeToString(self, deterministic=None):
        out = [_varint(1 << 3) + _varint(self.dtype) if self.dtype else b'',
               _field(2, self.tensor_shape._serialize()),
               _varint(3 << 3) + _varint(self.version_number) if self.version_number else b'',
               _field(4, self.tensor_content) if self.tensor_content else b'']
        for name in self._fields_set():
            number, code = _VAL_WIRE[name]
            values = getattr(self, name)
            if name == 'string_val':
                out.append(b''.join(_field(8, v) for v in values))
            elif code:
                out.append(_field(number, struct.pack('<%d%s' % (len(values), code), *values)))
            else:
                out.append(_field(number, b''.join(_varint(int(v)) for v in values)))
        return b''.join(out)

    def ParseFromString(self, data):
        self.__init__()
        for number, wire, value in _fields(bytes(data), 'TensorProto'):
            if number == 1:
                self.dtype = value
            elif number == 2:
                self.tensor_shape = _parse_shape(value)
            elif number == 3:
                self.version_number = value
            elif number == 4:
                self.tensor_content = bytes(value)
            else:
                name = next((k for k, (n, _) in _VAL_WIRE.items() if n == number), None)
                if name is not None:
                    getattr(self, name).extend(_parse_values(name, wire, value))
        return len(data)

    @classmethod
    def FromString(cls, data):
        proto = cls()
        proto.ParseFromString(data)
        return proto

    def __str__(self):
        out = 'dtype: %s\n' % _DT_NAMES.get(_dtype_name(self.dtype), self.dtype) if self.dtype else ''
        out += 'tensor_shape {\n%s}\n' % self.tensor_shape._text('  ')
        if self.version_number:
            out += 'version_number: %d\n' % self.version_number
        if self.tensor_content:
            out += 'tensor_content: %s\n' % quoted(self.tensor_content, True)
        for name in self._fields_set():
            text = _TEXT.get(name, str)
            out += ''.join('%s: %s\n' % (name, text(v)) for v in getattr(self, name))
        return out

    __repr__ = __str__


def _dtype_name(enum):
    return dtypes._NAME_OF_ENUM.get(enum)


def _parse_shape(data):
    shape = TensorShapeProto()
    for number, _, value in _fields(data, 'TensorShapeProto'):
        if number == 2:
            size = next((v for n, _, v in _fields(value, 'TensorShapeProto') if n == 1), 0)
            shape.dim.append(TensorShapeProto.Dim(size - (1 << 64) if size >= 1 << 63 else size))
        elif number == 3:
            shape.unknown_rank = bool(value)
    return shape


def _parse_values(name, wire, value):
    number, code = _VAL_WIRE[name]
    if name == 'string_val':
        return [bytes(value)]
    if code:
        return list(struct.unpack('<%d%s' % (len(value) // struct.calcsize(code), code), value)
                    if wire == 2 else [struct.unpack('<' + code, value)[0]])
    if wire == 2:
        raw, pos = [], 0
        while pos < len(value):
            v, pos = _read_varint(value, pos, 'TensorProto')
            raw.append(v)
    else:
        raw = [value]
    if name in _SIGNED:
        return [v - (1 << 64) if v >= 1 << 63 else v for v in raw]
    return [bool(v) for v in raw] if name == 'bool_val' else raw
