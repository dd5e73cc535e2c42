"""``tf.train.SequenceExample`` and its parts (FeatureList, FeatureLists): context features and named lists
of features over time, read and written as TensorFlow's protobuf bytes without the protobuf package.

As for Example, map entries keep insertion order in bytes (protobuf's own order follows its hash
table): compare parsed messages, not bytes; text and ``deterministic=True`` bytes take upb's sorted order.
"""
from .example_proto import Feature, Features, map_text, parse_map, serialize_map
from .proto_containers import MessageMapContainer, RepeatedCompositeContainer
from .proto_methods import ProtoMethods
from .proto_presence import FieldPresence
from .tensor_proto import _field, _fields


class FeatureList(FieldPresence):
    """A list of Feature, one per time step."""
    __slots__ = ('feature',)
    _repeated = ('feature',)

    def __init__(self, feature=None):
        object.__setattr__(self, 'feature', RepeatedCompositeContainer(Feature, feature or []))

    def _serialize(self):
        return b''.join(_field(1, f._serialize()) for f in self.feature)

    @classmethod
    def _parse(cls, data):
        return cls([Feature._parse(v) for n, _, v in _fields(data, 'FeatureList') if n == 1])

    def __eq__(self, other):
        return isinstance(other, FeatureList) and self.feature == other.feature

    def _text(self, pad):
        return ''.join('%sfeature {\n%s%s}\n' % (pad, f._text(pad + '  '), pad) for f in self.feature)

    def __str__(self):
        return self._text('')

    __repr__ = __str__


class FeatureLists(FieldPresence):
    """A map from names to FeatureList."""
    __slots__ = ('feature_list',)
    _repeated = ('feature_list',)

    def __init__(self, feature_list=None):
        object.__setattr__(self, 'feature_list', MessageMapContainer(FeatureList, feature_list or {}))

    def _serialize(self, deterministic=False):
        return serialize_map(self.feature_list, deterministic)

    @classmethod
    def _parse(cls, data):
        return cls(parse_map(data, 'FeatureLists', FeatureList))

    def __eq__(self, other):
        return isinstance(other, FeatureLists) and self.feature_list == other.feature_list

    def _text(self, pad):
        return map_text(self.feature_list, pad, 'feature_list')

    def __str__(self):
        return self._text('')

    __repr__ = __str__


class SequenceExample(ProtoMethods):
    """``tf.train.SequenceExample``: ``context`` (Features) and ``feature_lists`` (FeatureLists)."""
    __slots__ = ('context', 'feature_lists', '_given')
    _messages = ('context', 'feature_lists')
    _field_numbers = {'context': (1,), 'feature_lists': (2,)}

    def __init__(self, context=None, feature_lists=None):
        object.__setattr__(self, 'context', context if context is not None else Features())
        object.__setattr__(self, 'feature_lists', feature_lists if feature_lists is not None else FeatureLists())
        self._given = (context is not None, feature_lists is not None)      # protobuf's presence bits

    def SerializeToString(self, deterministic=None):
        context, lists = self.context._serialize(bool(deterministic)), self.feature_lists._serialize(bool(deterministic))
        return ((_field(1, context) if context or self._given[0] else b'')
                + (_field(2, lists) if lists or self._given[1] else b''))

    def ParseFromString(self, data):
        parts = {1: [], 2: []}
        for n, _, v in _fields(bytes(data), 'SequenceExample'):
            if n in parts:
                parts[n].append(v)          # (a field given twice: merged, as protobuf parses it)
        object.__setattr__(self, 'context', Features._parse(b''.join(parts[1])) if parts[1] else Features())
        object.__setattr__(self, 'feature_lists', FeatureLists._parse(b''.join(parts[2])) if parts[2] else FeatureLists())
        self._given = (bool(parts[1]), bool(parts[2]))
        return len(data)

    @classmethod
    def FromString(cls, data):
        example = cls()
        example.ParseFromString(data)
        return example

    def __eq__(self, other):
        return isinstance(other, SequenceExample) and (self.context, self.feature_lists) == (
            other.context, other.feature_lists)

    def _present(self):
        return {'context': bool(self._given[0] or self.context.feature),
                'feature_lists': bool(self._given[1] or self.feature_lists.feature_list)}

    def __str__(self):
        out = ''
        if self._given[0] or self.context.feature:
            out += 'context {\n%s}\n' % self.context._text('  ')
        if self._given[1] or self.feature_lists.feature_list:
            out += 'feature_lists {\n%s}\n' % self.feature_lists._text('  ')
        return out

    __repr__ = __str__
