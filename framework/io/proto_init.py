"""How protobuf's Python messages take constructor arguments, for tf.train.Example and its parts.

TensorFlow's messages are protobuf (upb) classes: keywords only, each one a field of the message, a
message field given as that message or as a dict of its fields, a repeated field given an iterable, a
map's values as its value message. Their errors, as TF 2.21 prints them (/work/notes/progs/errors25/
p_proto.py), are what a program building Examples meets:

    tf.train.Feature(float_list=[1.0])        TypeError: Parameter to initialize message field must be dict
                                              or instance of same class: expected <class 'tensorflow.core.
                                              example.feature_pb2.FloatList'> got <class 'list'>.
    tf.train.FloatList(value=1.0)             TypeError: must assign iterable
    tf.train.Features(feature={'x': tf.train.FloatList(value=[1.0])})
                                              TypeError: Parameter to CopyFrom() must be instance of same
                                              class: expected <class '...feature_pb2.Feature'> got <class
                                              '...feature_pb2.FloatList'>.
"""


def _pb_class_text(cls):
    """How protobuf names a class: TensorFlow's generated module for tapeflow's messages."""
    if cls.__module__.startswith('framework.io.'):
        module = 'example_pb2' if cls.__name__ in ('Example', 'SequenceExample') else 'feature_pb2'
        return "<class 'tensorflow.core.example.%s.%s'>" % (module, cls.__name__)
    return repr(cls)


def keyword_fields(message, args, given, fields):
    """Refuse what protobuf refuses before reading a field: positional arguments, unknown field names."""
    if args:
        raise TypeError('No positional arguments allowed')
    for name in given:
        if name not in fields:
            raise ValueError('Protocol message %s has no "%s" field.' % (message, name))


def message_field(value, kind):
    """``value`` for a field of message type ``kind``: a copy of that message (protobuf's CopyFrom: later
    changes to either do not reach the other), or a dict of its fields."""
    if isinstance(value, kind):
        return value._copy()
    if isinstance(value, dict):
        return kind(**value)
    raise TypeError('Parameter to initialize message field must be dict or instance of same class: expected %s '
                    'got %s.' % (_pb_class_text(kind), _pb_class_text(type(value))))


def map_field(value, kind):
    """A map<string, ``kind``> field's entries: a dict of str keys to ``kind`` messages (or dicts of their
    fields), in the given order."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise TypeError('bad argument type for built-in operation')
    entries = {}
    for key, item in value.items():
        if isinstance(item, dict):
            item = kind(**item)
        elif isinstance(item, kind):
            item = item._copy()
        else:
            raise TypeError('Parameter to CopyFrom() must be instance of same class: expected %s got %s.'
                            % (_pb_class_text(kind), _pb_class_text(type(item))))
        entries[key] = item
    return entries


def repeated_field(value):
    """A repeated field's values: any iterable (a scalar is protobuf's 'must assign iterable')."""
    try:
        return iter(value)
    except TypeError:
        raise TypeError('must assign iterable') from None
