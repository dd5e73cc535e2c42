"""protobuf's whole-message methods for the hand-written ``tf.train`` messages, as TF 2.21's upb messages have
them: ``CopyFrom``, ``MergeFrom``, ``MergeFromString``, ``Clear``, ``ClearField``, ``ByteSize``,
``IsInitialized``.

They go through the wire format, whose rules are protobuf's merge: parsing a message's bytes followed by
another's appends repeated values, merges sub-messages field by field, and lets a later map entry or
oneof member replace an earlier one."""
from .proto_init import _pb_class_text
from .tensor_proto import _field, _fields
from .proto_presence import FieldPresence


class ProtoMethods(FieldPresence):
    """Mixin for a message with ``SerializeToString`` and ``ParseFromString``; ``_field_numbers`` maps each field
    (and oneof) name to the wire numbers it covers."""
    __slots__ = ()
    _field_numbers = {}

    def _same_class(self, other, method):
        if type(other) is not type(self):
            raise TypeError('Parameter to %s() must be instance of same class: expected %s got %s.'
                            % (method, _pb_class_text(type(self)), _pb_class_text(type(other))))

    def CopyFrom(self, other):
        self._same_class(other, 'CopyFrom')
        if other is not self:
            self.ParseFromString(other.SerializeToString())

    def MergeFrom(self, other):
        self._same_class(other, 'MergeFrom')
        self.MergeFromString(other.SerializeToString())

    def MergeFromString(self, serialized):
        data = bytes(serialized)
        self.ParseFromString(self.SerializeToString() + data)
        return len(data)

    def Clear(self):
        self.ParseFromString(b'')

    def ByteSize(self):
        return len(self.SerializeToString())

    def ClearField(self, field_name):
        """Clear a field (or a oneof's member): the message parsed again from its bytes without that field."""
        numbers = self._field_numbers.get(field_name.decode('utf-8') if isinstance(field_name, bytes) else field_name)
        if numbers is None:
            self.HasField(field_name)       # (upb's ValueError for a name the message lacks or a non-string)
            raise ValueError('Protocol message %s has no "%s" field.' % (type(self).__name__, field_name))
        kept = b''.join(_field(n, v) for n, wire, v in _fields(self.SerializeToString(), type(self).__name__)
                        if n not in numbers and wire == 2)       # (these messages' fields are all length-delimited)
        self.ParseFromString(kept)

    def IsInitialized(self):
        return True         # (proto3 messages: no required fields)
