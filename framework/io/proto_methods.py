"""protobuf's whole-message methods for the hand-written ``tf.train`` messages, as TF 2.21's upb messages have
them: ``CopyFrom``, ``MergeFrom``, ``MergeFromString``, ``Clear``, ``ByteSize``, ``IsInitialized``.

They go through the wire format, whose rules are protobuf's merge: parsing a message's bytes followed by
another's appends repeated values, merges sub-messages field by field, and lets a later map entry or
oneof member replace an earlier one."""
from .proto_init import _pb_class_text
from .proto_presence import FieldPresence


class ProtoMethods(FieldPresence):
    """Mixin for a message with ``SerializeToString`` and ``ParseFromString``."""
    __slots__ = ()

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

    def IsInitialized(self):
        return True         # (proto3 messages: no required fields)
