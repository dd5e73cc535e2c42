"""``tf.train.Example`` and its parts (Features, Feature, BytesList, FloatList, Int64List) as plain
Python classes that read and write the protobuf wire format by hand: no protobuf package needed.

``SerializeToString`` writes what TensorFlow writes for each message; with several features the
map entries come in insertion order (protobuf's own order follows its hash table), so compare parsed
messages, not bytes; ``deterministic=True`` and the text form use upb's sorted order, as TensorFlow's.
``FromString`` / ``ParseFromString`` read TensorFlow's bytes.
"""
import operator
import struct

import numpy as np

from ..tensor import Tensor
from ..type_text import python_type_name
from .example_text import float32_text, quoted
from .proto_containers import MessageMapContainer, RepeatedScalarContainer
from .proto_init import keyword_fields, map_field, message_field, repeated_field
from .proto_methods import ProtoMethods
from .tensor_proto import _field, _fields, _varint


def _packed_varints(data, op):
    from .tensor_proto import _read_varint
    pos, out = 0, []
    while pos < len(data):
        value, pos = _read_varint(data, pos, op)
        out.append(value - (1 << 64) if value >= 1 << 63 else value)
    return out


def _c_type_name(v):
    """How protobuf's C messages name a value's type: numpy's C types by module path ('numpy.bool'),
    a tensor as TensorFlow's EagerTensor, Python's own types by name."""
    if type(v).__module__ == 'numpy':
        return 'numpy.' + type(v).__name__
    return python_type_name(v)


class _Message(ProtoMethods):
    """What every TensorFlow proto message offers: bytes out, bytes in, HasField, CopyFrom / MergeFrom."""
    __slots__ = ()

    def SerializeToString(self, deterministic=None):
        return self._serialize()

    @classmethod
    def FromString(cls, data):
        return cls._parse(bytes(data))

    def ParseFromString(self, data):
        parsed = self._parse(bytes(data))
        for klass in type(self).__mro__:
            for name in getattr(klass, '__slots__', ()):
                object.__setattr__(self, name, getattr(parsed, name))
        return len(data)


class _Values(RepeatedScalarContainer):
    """A list's ``value`` field: a list that numpy reads in the field's own type, as protobuf's upb
    RepeatedScalarContainer does (its ``__array__``): the tfrecord tutorial's
    ``np.array(feature.float_list.value)`` is float32 on TF 2.21 (a plain list gave float64), and an
    empty Int64List's values are int64, an empty BytesList's '|S1'."""
    __slots__ = ()
    _dtype = None       # numpy's dtype for the field; None: numpy's own reading of the items

    def __array__(self, dtype=None, copy=None):
        if dtype is not None and np.dtype(dtype) == object:     # the items themselves, as upb hands them
            return np.array(list(self), dtype=object)
        array = np.array(list(self), dtype=self._dtype) if self or self._dtype is not None \
            else np.array([], dtype='S1')
        return array if dtype is None else array.astype(dtype)


class _FloatValues(_Values):
    __slots__ = ()
    _dtype = np.float32


class _Int64Values(_Values):
    __slots__ = ()
    _dtype = np.int64


class _List(_Message):
    """A repeated ``value`` field; subclasses say how one value is written, and refuse what protobuf's
    C messages refuse (with their TypeError / ValueError texts)."""
    __slots__ = ('value',)
    _values = _Values       # the field's list type (how numpy reads it)
    _repeated = ('value',)
    _field_numbers = {'value': (1,)}

    def __init__(self, *args, **fields):
        keyword_fields(type(self).__name__, args, fields, ('value',))
        value = fields.get('value')
        values = () if value is None else (self._check(v) for v in repeated_field(value))
        object.__setattr__(self, 'value', self._values(values)._setup(self._check))

    def __eq__(self, other):
        return type(self) is type(other) and self.value == other.value

    def _copy(self):
        copied = object.__new__(type(self))
        object.__setattr__(copied, 'value', self._values(self.value)._setup(self._check))    # (values already checked)
        return copied

    def _text(self, pad):
        return ''.join('%svalue: %s\n' % (pad, self._value_text(v)) for v in self.value)

    # print() and repr() of TensorFlow's messages both show protobuf's text format
    def __str__(self):
        return self._text('')

    __repr__ = __str__


class BytesList(_List):
    """Byte strings."""
    __slots__ = ()

    @staticmethod
    def _check(v):
        if not isinstance(v, (bytes, bytearray)):          # a str too: encode it first, as TensorFlow asks
            error = TypeError('expected bytes, %s found' % _c_type_name(v))
            error.add_note('BytesList takes bytes: encode str values (s.encode()) and take .numpy() of a tensor')
            raise error
        return bytes(v)

    @staticmethod
    def _value_text(v):
        return quoted(v, True)

    def _serialize(self):
        return b''.join(_field(1, v) for v in self.value)

    @classmethod
    def _parse(cls, data):
        return cls(value=[bytes(v) for n, _, v in _fields(data, 'BytesList') if n == 1])


class FloatList(_List):
    """float32 numbers (written packed, as TensorFlow does)."""
    __slots__ = ()
    _values = _FloatValues

    @staticmethod
    def _check(v):
        if isinstance(v, Tensor):
            v = v.numpy()                   # the tensor's __float__ (a string tensor: float(bytes)'s ValueError)
            if isinstance(v, (bytes, np.ndarray)):
                return float(np.float32(float(v)))
        elif isinstance(v, np.ndarray) and v.ndim:
            raise TypeError('%s has type ndarray, but expected one of: float' % (v,))
        elif v is None or isinstance(v, (str, bytes, np.str_)):
            raise TypeError('must be real number, not %s' % _c_type_name(v))
        return float(np.float32(v))

    _value_text = staticmethod(float32_text)

    def _serialize(self):
        return _field(1, struct.pack('<%df' % len(self.value), *self.value)) if self.value else b''

    @classmethod
    def _parse(cls, data):
        out = []
        for n, wire, v in _fields(data, 'FloatList'):
            if n == 1:
                out.extend(np.frombuffer(v, '<f4').tolist() if wire == 2 else struct.unpack('<f', v))
        return cls(value=out)


class Int64List(_List):
    """int64 numbers (written packed, as TensorFlow does)."""
    __slots__ = ()
    _values = _Int64Values

    @staticmethod
    def _check(v):
        if v is True or v is False:
            raise TypeError('Field tensorflow.Int64List.value: Expected an int, got a boolean.')
        if isinstance(v, Tensor):           # the tensor's __index__ is its numpy value's (np.bool_ has none)
            v = v.numpy()
            if not hasattr(v, '__index__'):
                raise AttributeError("'%s' object has no attribute '__index__'" % _c_type_name(v))
        number = operator.index(v)          # Python's own TypeError for floats, strings, np.bool_, None
        if not -2 ** 63 <= number < 2 ** 63:
            raise ValueError('Value out of range: %d' % number)
        return number

    _value_text = staticmethod(str)

    def _serialize(self):
        return _field(1, b''.join(_varint(v) for v in self.value)) if self.value else b''

    @classmethod
    def _parse(cls, data):
        out = []
        for n, wire, v in _fields(data, 'Int64List'):
            if n == 1:
                out.extend(_packed_varints(v, 'Int64List') if wire == 2 else [v - (1 << 64) if v >= 1 << 63 else v])
        return cls(value=out)


_KINDS = (('bytes_list', 1, BytesList), ('float_list', 2, FloatList), ('int64_list', 3, Int64List))
_KIND_TYPES = {name: kind for name, _, kind in _KINDS}


class Feature(_Message):
    """One feature: exactly one of ``bytes_list``, ``float_list``, ``int64_list`` (or none)."""
    __slots__ = ('bytes_list', 'float_list', 'int64_list', '_kind')
    _messages = ('bytes_list', 'float_list', 'int64_list')
    _field_numbers = {'bytes_list': (1,), 'float_list': (2,), 'int64_list': (3,), 'kind': (1, 2, 3)}

    def __init__(self, *args, **fields):
        keyword_fields('Feature', args, fields, [name for name, _, _ in _KINDS])
        self._kind = None
        for name, value in fields.items():      # protobuf sets them in the order given: the last one is the kind
            if value is not None:               # (a copy, as protobuf's CopyFrom)
                self._own(name, message_field(value, _KIND_TYPES[name]))
                self._kind = name

    def __getattr__(self, name):
        """A list field not yet read or set is made empty on first read (its values unset until changed)."""
        if name not in _KIND_TYPES:
            raise AttributeError("'Feature' object has no attribute '%s'" % name)
        return self._own(name, _KIND_TYPES[name]())

    def _own(self, name, values_list):
        """Keep ``values_list`` as field ``name``: a change to its values makes it the kind, as upb's oneof."""
        values_list.value._touched = lambda: self._make_kind(name)
        object.__setattr__(self, name, values_list)
        return values_list

    def _make_kind(self, name):
        if self._kind not in (None, name):      # the oneof's earlier member is cleared
            self._own(self._kind, _KIND_TYPES[self._kind]())
        self._kind = name

    def ParseFromString(self, data):
        size = super().ParseFromString(data)
        for name in _KIND_TYPES:                # the parsed lists report to this Feature
            self._own(name, getattr(self, name))
        return size

    def WhichOneof(self, name='kind'):
        return self._kind

    def _copy(self):
        copied = object.__new__(Feature)
        copied._kind = self._kind
        if self._kind is not None:
            copied._own(self._kind, getattr(self, self._kind)._copy())
        return copied

    def _present(self):
        present = {name: name == self._kind for name, _, _ in _KINDS}
        present['kind'] = self._kind is not None
        return present

    def _serialize(self):
        for name, number, _ in _KINDS:
            if name == self._kind:
                return _field(number, getattr(self, name)._serialize())
        return b''

    @classmethod
    def _parse(cls, data):
        kind, parts = None, []
        for n, _, v in _fields(data, 'Feature'):
            for name, number, _ in _KINDS:
                if n == number:
                    if name != kind:                # a later kind replaces an earlier one (oneof)
                        kind, parts = name, []
                    parts.append(v)                 # the same kind again: merged, as protobuf parses it
        return cls(**{kind: _KIND_TYPES[kind]._parse(b''.join(parts))}) if kind is not None else cls()

    def __eq__(self, other):
        return isinstance(other, Feature) and self._kind == other._kind and all(
            getattr(self, k) == getattr(other, k) for k, _, _ in _KINDS)

    def _text(self, pad):
        if self._kind is None:
            return ''
        return '%s%s {\n%s%s}\n' % (pad, self._kind, getattr(self, self._kind)._text(pad + '  '), pad)

    def __str__(self):
        return self._text('')

    __repr__ = __str__


def upb_map_order(entries):
    """A string-keyed map's items in the order upb (protobuf's Python messages under TF 2.21) prints them:
    its map sorter negates memcmp, so keys run descending ('label' before 'image/text'), and a key comes
    before the longer keys it begins ('a', 'ab', 'aa')."""
    return sorted(entries.items(), key=lambda item: bytes(255 - b for b in item[0].encode('utf-8')))


def serialize_map(entries, deterministic=False):
    """A protobuf ``map<string, message>`` at field 1: one entry (key 1, value 2) per item, in the dict's order;
    ``deterministic`` bytes come in the reverse of upb's printed order (its encoder writes back to front)."""
    items = upb_map_order(entries)[::-1] if deterministic else entries.items()
    return b''.join(_field(1, _field(1, k.encode('utf-8')) + _field(2, v._serialize())) for k, v in items)


def parse_map(data, message, value_type):
    """The entries of a ``map<string, message>`` at field 1 as a dict of ``value_type`` messages."""
    out = {}
    for n, _, entry in _fields(data, message):
        if n == 1:
            parts = {m: v for m, _, v in _fields(entry, message)}
            out[bytes(parts.get(1, b'')).decode('utf-8')] = value_type._parse(parts.get(2, b''))
    return out


def map_text(entries, pad, field):
    """A map field in protobuf's text format: one ``field { key: ... value { ... } }`` block per entry."""
    return ''.join('%s%s {\n%s  key: %s\n%s  value {\n%s%s  }\n%s}\n'
                   % (pad, field, pad, quoted(k.encode('utf-8'), False), pad, v._text(pad + '    '), pad, pad)
                   for k, v in upb_map_order(entries))


class Features(_Message):
    """A map from feature names to Feature."""
    __slots__ = ('feature',)
    _repeated = ('feature',)
    _field_numbers = {'feature': (1,)}

    def __init__(self, *args, **fields):
        keyword_fields('Features', args, fields, ('feature',))
        feature = fields.get('feature')
        object.__setattr__(self, 'feature', MessageMapContainer(Feature, () if feature is None else map_field(feature, Feature)))

    def SerializeToString(self, deterministic=None):
        return self._serialize(bool(deterministic))

    def _copy(self):
        return Features(feature=self.feature)

    def _serialize(self, deterministic=False):
        return serialize_map(self.feature, deterministic)

    @classmethod
    def _parse(cls, data):
        return cls(feature=parse_map(data, 'Features', Feature))

    def __eq__(self, other):
        return isinstance(other, Features) and self.feature == other.feature

    def _text(self, pad):
        return map_text(self.feature, pad, 'feature')

    def __str__(self):
        return self._text('')

    __repr__ = __str__


class Example(ProtoMethods):
    """``tf.train.Example``: a Features message, serialized for TFRecord files."""
    __slots__ = ('features', '_features_given')
    _messages = ('features',)
    _field_numbers = {'features': (1,)}

    def __init__(self, *args, **fields):
        keyword_fields('Example', args, fields, ('features',))
        features = fields.get('features')
        object.__setattr__(self, 'features', message_field(features, Features) if features is not None else Features())
        self._features_given = features is not None          # protobuf's presence bit: prints 'features {}'

    def SerializeToString(self, deterministic=None):
        body = self.features._serialize(bool(deterministic))
        return _field(1, body) if body or self.features.feature or self._features_given else b''

    def ParseFromString(self, data):
        parts = [v for n, _, v in _fields(bytes(data), 'Example') if n == 1]
        # (the field given twice: merged, as protobuf parses it)
        object.__setattr__(self, 'features', Features._parse(b''.join(parts)) if parts else Features())
        self._features_given = bool(parts)
        return len(data)

    @classmethod
    def FromString(cls, data):
        example = cls()
        example.ParseFromString(data)
        return example

    def __eq__(self, other):
        return isinstance(other, Example) and self.features == other.features

    def _present(self):
        return {'features': bool(self._features_given or self.features.feature)}

    def __str__(self):
        if not (self._features_given or self.features.feature):
            return ''
        return 'features {\n%s}\n' % self.features._text('  ')

    __repr__ = __str__
