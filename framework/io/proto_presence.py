"""protobuf's ``HasField`` and field assignment rules for the hand-written ``tf.train`` messages (Example, ...).

TF 2.21's messages are upb's: ``HasField`` answers for a singular message field or a oneof (the tfrecord
tutorial's ``feature.HasField('float_list')``, ``feature.HasField('kind')``) and refuses, with upb's
ValueError texts, a repeated or map field (no presence) or a name the message lacks. A repeated, map or message
field is not assigned (``feature.float_list.value = [1.0]``: upb's AttributeError); the messages' own code sets them
with object.__setattr__.
"""


class FieldPresence:
    """Mixin: a message lists its fields without presence in ``_repeated`` and answers ``_present()``
    with a dict of the fields (and oneofs) that have presence, each True where set."""
    __slots__ = ()
    _repeated = ()
    _messages = ()          # its message fields: assigned only through their own fields (protobuf's rule)

    def __setattr__(self, name, value):
        if name in self._repeated:
            raise AttributeError('Assignment not allowed to map, or repeated field "%s" in protocol message object.'
                                 % name)
        if name in self._messages:
            raise AttributeError('Assignment not allowed to message field "%s" in protocol message object.' % name)
        object.__setattr__(self, name, value)

    def _present(self):
        return {}

    def HasField(self, field_name):
        if isinstance(field_name, bytes):         # upb reads a bytes name as UTF-8
            field_name = field_name.decode('utf-8')
        if not isinstance(field_name, str):
            raise ValueError('Expected a field name, but got non-string argument %s.' % (field_name,))
        present = self._present()
        if field_name in present:
            return present[field_name]
        name = type(self).__name__
        if field_name in self._repeated:
            raise ValueError('Field tensorflow.%s.%s does not have presence.' % (name, field_name))
        raise ValueError('Protocol message %s has no "%s" field.' % (name, field_name))
