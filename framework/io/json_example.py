"""``tf.io.decode_json_example``: tf.train.Example messages written in protobuf's JSON mapping, as bytes.

Field names may be camelCase or snake_case ('int64List' / 'int64_list'), int64 values numbers or
strings of digits, bytes values base64, as protobuf's JSON parser takes them; the bytes are those
TensorFlow's kernel writes: numbers as unpacked repeated fields (protobuf's JSON parser does not
pack them; ``Example.SerializeToString`` does), features in the JSON's order.
"""
import base64
import binascii
import json

import struct

import numpy as np

from .. import errors
from ..ops.operands import named_errors
from .example_proto import BytesList, Example, Feature, Features, FloatList, Int64List
from .strings_in import byte_array, string_tensor
from .tensor_proto import _field, _varint

_KINDS = {'int64List': ('int64_list', Int64List), 'int64_list': ('int64_list', Int64List),
          'floatList': ('float_list', FloatList), 'float_list': ('float_list', FloatList),
          'bytesList': ('bytes_list', BytesList), 'bytes_list': ('bytes_list', BytesList)}


class _Bad(Exception):
    """What protobuf's JSON parser says about one message."""


def _fields(value, allowed, where):
    if not isinstance(value, dict):
        raise _Bad('%s: expected an object, got %s' % (where, json.dumps(value)))
    for key in value:
        if key not in allowed:
            raise _Bad("no such field: '%s'" % key)
    return value


def _values(kind, values, where):
    try:
        if kind == 'int64_list':
            return [int(v) if isinstance(v, (int, str)) and not isinstance(v, bool) else _reject(v) for v in values]
        if kind == 'float_list':
            return [float(v) for v in values]
        return [base64.b64decode(v, validate=True) for v in values]
    except (ValueError, TypeError, binascii.Error):
        raise _Bad('%s: invalid value in %s' % (where, json.dumps(values))) from None


def _reject(value):
    raise ValueError(value)


def _example(text):
    try:
        message = json.loads(text)
    except ValueError as err:
        raise _Bad(str(err)) from None
    top = _fields(message, ('features',), 'Example')
    if 'features' not in top:
        return Example()
    feature_map = _fields(top['features'], ('feature',), 'features').get('feature', {})
    features = {}
    for name, feature in _fields(feature_map, tuple(feature_map), 'features.feature').items():
        kinds = _fields(feature, tuple(_KINDS), 'features.feature[%s]' % name)
        kwargs = {}
        for key, body in kinds.items():
            kind, cls = _KINDS[key]
            values = _fields(body, ('value',), key).get('value', [])
            kwargs = {kind: cls(value=_values(kind, values, 'features.feature[%s].%s' % (name, key)))}
        features[name] = Feature(**kwargs)
    return Example(features=Features(feature=features))


def _unpacked(example):
    """Example bytes with repeated numbers unpacked, as the JSON parser leaves them."""
    lists = {'bytes_list': (1, lambda v: _field(1, v)), 'float_list': (2, lambda v: _varint(13) + struct.pack('<f', v)),
             'int64_list': (3, lambda v: _varint(8) + _varint(v))}
    entries = b''
    for key, feature in example.features.feature.items():
        kind = feature.WhichOneof('kind')
        body = b''
        if kind is not None:
            number, write = lists[kind]
            body = _field(number, b''.join(write(v) for v in getattr(feature, kind).value))
        entries += _field(1, _field(1, key.encode('utf-8')) + _field(2, body))
    return _field(1, entries) if example._features_given else b''


@named_errors('io.decode_json_example')
def decode_json_example(json_examples, name=None):
    """The serialized Example of each JSON string in ``json_examples`` (a string tensor of any shape).

    Raises:
        InvalidArgumentError: text that is no JSON Example (TensorFlow's 'Error while parsing JSON').
    """
    texts = byte_array(json_examples, 'io.decode_json_example', 'json_examples')
    out = np.empty(texts.shape, object)
    for index, text in np.ndenumerate(texts):
        try:
            out[index] = _unpacked(_example(bytes(text).decode('utf-8')))
        except (_Bad, UnicodeDecodeError) as err:
            raise errors.kernel_error('DecodeJSONExample', 'Error while parsing JSON: invalid JSON in '
                                      'type.googleapis.com/tensorflow.Example: %s' % err) from None
    return string_tensor(out)
