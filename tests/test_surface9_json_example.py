"""tf.io.decode_json_example: JSON-mapped tf.train.Examples to TensorFlow's bytes (printed by the same program
under /opt/tfref/bin/python: numbers unpacked, as protobuf's JSON parser leaves them)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

JSON = ('{"features": {"feature": {"x": {"int64List": {"value": ["1", 2]}}, "y": {"floatList": {"value": [1.5, 2]}}, '
        '"z": {"bytesList": {"value": ["YWJj"]}}}}}')


def test_bytes_are_tensorflows():
    out = tf.io.decode_json_example([JSON, '{}', '{"features": {}}'])
    assert out.shape == (3,) and out.dtype == tf.string
    assert out.numpy().tolist() == [
        b'\n.\n\x0b\n\x01x\x12\x06\x1a\x04\x08\x01\x08\x02\n\x11\n\x01y\x12\x0c\x12\n\r\x00\x00\xc0?\r\x00\x00\x00@'
        b'\n\x0c\n\x01z\x12\x07\n\x05\n\x03abc', b'', b'\n\x00']
    snake = tf.io.decode_json_example('{"features": {"feature": {"x": {"int64_list": {"value": [1]}}}}}')
    assert snake.numpy() == b'\n\x0b\n\t\n\x01x\x12\x04\x1a\x02\x08\x01'
    parsed = tf.io.parse_single_example(out[0], {'x': tf.io.VarLenFeature(tf.int64), 'y': tf.io.VarLenFeature(tf.float32),
                                                 'z': tf.io.FixedLenFeature([], tf.string)})
    assert parsed['x'].values.numpy().tolist() == [1, 2] and parsed['y'].values.numpy().tolist() == [1.5, 2.]
    assert parsed['z'].numpy() == b'abc'


@pytest.mark.parametrize('text, words', [
    ('not json', 'Error while parsing JSON: invalid JSON in type.googleapis.com/tensorflow.Example'),
    ('{"features": {"feature": {"x": {"int64List": {"value": ["a"]}}}}}', 'invalid value'),
    ('{"nope": 1}', "no such field: 'nope'"),
])
def test_bad_json_is_an_invalid_argument(text, words):
    with pytest.raises(InvalidArgumentError, match='DecodeJSONExample') as info:
        tf.io.decode_json_example(text)
    assert words in str(info.value)
