"""tf.train's value lists refuse what TensorFlow's protobuf (upb) messages refuse, and every message
serializes and parses itself (tutorials/load_data/tfrecord: `_int64_feature(True)` is a TypeError on
TF 2.21, `feature.SerializeToString()` printed b'\\x12\\x06\\n\\x04T\\xf8-@').

Goldens printed by TF 2.21 (/work/notes/progs/tutorials13/probe_lists.py).
"""
import numpy as np
import pytest

import framework as tf


def _refusal(kind, value):
    with pytest.raises(Exception) as info:
        getattr(tf.train, kind)(value=[value])
    return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize('value, error', [
    (True, ('TypeError', 'Field tensorflow.Int64List.value: Expected an int, got a boolean.')),
    (np.bool_(True), ('TypeError', "'numpy.bool' object cannot be interpreted as an integer")),
    (1.0, ('TypeError', "'float' object cannot be interpreted as an integer")),
    (np.float64(1.0), ('TypeError', "'numpy.float64' object cannot be interpreted as an integer")),
    ('1', ('TypeError', "'str' object cannot be interpreted as an integer")),
    (None, ('TypeError', "'NoneType' object cannot be interpreted as an integer")),
    (b'x', ('TypeError', "'bytes' object cannot be interpreted as an integer")),
    (2 ** 63, ('ValueError', 'Value out of range: 9223372036854775808')),
    (-2 ** 63 - 1, ('ValueError', 'Value out of range: -9223372036854775809')),
    (np.array([1, 2]), ('TypeError', 'only integer scalar arrays can be converted to a scalar index')),
])
def test_int64_list_refusals(value, error):
    assert _refusal('Int64List', value) == error


def test_int64_list_takes_tensors_by_their_index():
    assert tf.train.Int64List(value=[tf.constant(4, tf.int64), np.int32(3), np.uint64(5), 1]).value == [4, 3, 5, 1]
    # a bool / float / string tensor: its numpy value has no __index__ (the tutorial's py_function error)
    assert _refusal('Int64List', tf.constant(True)) == (
        'AttributeError', "'numpy.bool' object has no attribute '__index__'")
    assert _refusal('Int64List', tf.constant(1.5)) == (
        'AttributeError', "'numpy.float32' object has no attribute '__index__'")
    assert _refusal('Int64List', tf.constant('s')) == ('AttributeError', "'bytes' object has no attribute '__index__'")


@pytest.mark.parametrize('value, error', [
    ('1', ('TypeError', 'must be real number, not str')),
    (None, ('TypeError', 'must be real number, not NoneType')),
    (b'x', ('TypeError', 'must be real number, not bytes')),
    (np.str_('a'), ('TypeError', 'must be real number, not numpy.str_')),
    (tf.constant('s'), ('ValueError', "could not convert string to float: b's'")),
    (np.array([1, 2]), ('TypeError', '[1 2] has type ndarray, but expected one of: float')),
])
def test_float_list_refusals(value, error):
    assert _refusal('FloatList', value) == error


def test_float_list_takes_numbers_bools_and_tensors():
    values = [True, np.bool_(True), 1, np.int32(3), np.uint64(5), tf.constant(4, tf.int64), tf.constant(True),
              tf.constant(1.5), np.float32(0.1), 2 ** 63]
    assert tf.train.FloatList(value=values).value == [1.0, 1.0, 1.0, 3.0, 5.0, 4.0, 1.0, 1.5, 0.10000000149011612,
                                                      9.223372036854776e+18]


@pytest.mark.parametrize('value, name', [
    ('1', 'str'), (np.str_('a'), 'numpy.str_'), (True, 'bool'), (np.bool_(True), 'numpy.bool'), (1, 'int'),
    (np.float64(1.0), 'numpy.float64'), (None, 'NoneType'), (np.array([1]), 'numpy.ndarray'),
    (tf.constant('s'), 'tensorflow.python.framework.ops.EagerTensor'),
])
def test_bytes_list_takes_only_bytes(value, name):
    assert _refusal('BytesList', value) == ('TypeError', 'expected bytes, %s found' % name)
    assert tf.train.BytesList(value=[b'x', np.bytes_(b'q')]).value == [b'x', b'q']


def test_every_message_serializes_and_parses():
    feature = tf.train.Feature(float_list=tf.train.FloatList(value=[np.exp(1)]))
    assert feature.SerializeToString() == b'\x12\x06\n\x04T\xf8-@'
    assert tf.train.Feature.FromString(feature.SerializeToString()) == feature
    assert tf.train.Int64List(value=[1, -2]).SerializeToString() == b'\n\x0b\x01\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01'
    assert tf.train.BytesList(value=[b'a']).SerializeToString() == b'\n\x01a'
    features = tf.train.Features(feature={'a': feature})
    assert features.SerializeToString() == b'\n\r\n\x01a\x12\x08\x12\x06\n\x04T\xf8-@'
    assert str(tf.train.Features.FromString(features.SerializeToString())) == (
        'feature {\n  key: "a"\n  value {\n    float_list {\n      value: 2.71828175\n    }\n  }\n}\n')
    target = tf.train.Feature()
    assert target.ParseFromString(feature.SerializeToString()) == 8
    assert target.WhichOneof('kind') == 'float_list' and str(target) == 'float_list {\n  value: 2.71828175\n}\n'
    assert tf.train.Int64List.FromString(b'\n\x02\x01\x02').value == [1, 2]
    assert tf.train.Feature().SerializeToString() == b'' and tf.train.FloatList().SerializeToString() == b''
