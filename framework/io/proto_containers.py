"""protobuf's mutable containers for the hand-written ``tf.train`` messages, as TF 2.21's upb has them.

Programs build Examples in place, the way protobuf's Python API teaches:

    example.features.feature['label'].int64_list.value.append(3)       # a map entry made on first read
    sequence.feature_lists.feature_list['tokens'].feature.add().int64_list.value.append(t)

A map of messages makes its entry on first read (upb's MessageMapContainer) and refuses assignment; a
repeated message field has ``add()`` (RepeatedCompositeContainer); a repeated scalar field checks what is
appended and, by any change, sets its Feature's ``kind`` (the oneof: a later kind clears the earlier one).
"""


class MessageMapContainer(dict):
    """A ``map<string, message>``: reading a missing key makes and keeps an empty message."""
    __slots__ = ('_message_type',)

    def __init__(self, message_type, entries=()):
        super().__init__()
        self._message_type = message_type
        dict.update(self, entries)              # (dict.update bypasses the refusing __setitem__)

    def __missing__(self, key):
        if not isinstance(key, str):
            raise TypeError('bad argument type for built-in operation')
        value = self._message_type()
        dict.__setitem__(self, key, value)
        return value

    def __setitem__(self, key, value):
        raise ValueError('Message objects may not be assigned')


class RepeatedCompositeContainer(list):
    """A repeated message field: ``add(**fields)`` appends a new message and returns it."""
    __slots__ = ('_message_type',)

    def __init__(self, message_type, items=()):
        super().__init__(items)
        self._message_type = message_type

    def add(self, *args, **fields):
        message = self._message_type(*args, **fields)
        list.append(self, message)
        return message

    def append(self, message):
        if not isinstance(message, self._message_type):
            raise TypeError('Expected a message object, but got %r.' % (message,))
        list.append(self, message)

    def extend(self, messages):
        for message in messages:
            self.append(message)


class RepeatedScalarContainer(list):
    """A repeated scalar field: each value passes the field's ``_check`` (protobuf's TypeErrors), and any
    change, even a refused one, calls ``_touched`` (a Feature's hook that makes this list its kind)."""
    __slots__ = ('_check', '_touched')

    def _setup(self, check):
        self._check, self._touched = check, None
        return self

    def _changed(self):
        if self._touched is not None:
            self._touched()

    # upb makes the field its Feature's kind before it checks the value: a refused value still moves the oneof
    def append(self, value):
        self._changed()
        list.append(self, self._check(value))

    def extend(self, values):
        self._changed()
        list.extend(self, [self._check(v) for v in values])

    def insert(self, index, value):
        self._changed()
        list.insert(self, index, self._check(value))

    def __setitem__(self, index, value):
        self._changed()
        list.__setitem__(self, index, [self._check(v) for v in value] if isinstance(index, slice) else self._check(value))

    def __delitem__(self, index):
        self._changed()
        list.__delitem__(self, index)

    def pop(self, index=-1):
        self._changed()
        return list.pop(self, index)

    def remove(self, value):
        self._changed()
        list.remove(self, value)

    def __iadd__(self, other):
        raise TypeError("unsupported operand type(s) for +=: 'google._upb._message.RepeatedScalarContainer' "
                        "and '%s'" % type(other).__name__)
