"""tf.strings kernels at edge inputs, as TF 2.21 (golden values printed by tensorflow-cpu 2.21 with the
same calls, ``.numpy().tolist()``):
- length / substr with unit='UTF8_CHAR' of bytes that are not UTF-8: TF steps over continuation bytes
  (0x80-0xBF) and counts any other byte as a character; tapeflow raised UnicodeDecodeError.
- unicode_encode of int64 / float / uint8 code points: UnicodeEncode's int32 dtype error; tapeflow
  encoded int64 and raised its own TypeError for floats.
- reduce_join with a list / array / tensor of axes (first listed axis varies fastest), duplicates, and an
  axis on a scalar: tapeflow raised TypeError / numpy's AxisError."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, OutOfRangeError

BAD = [b'\xffab', b'a\xc3', b'\x80\x80a\xe2\x82', b'\xc3\xa9\xff\xc3\xa9']


def test_utf8_char_units_over_bytes_that_are_not_utf8():
    assert tf.strings.length(tf.constant(BAD + [b'']), unit='UTF8_CHAR').numpy().tolist() == [3, 2, 2, 3, 0]
    substr = tf.strings.substr
    assert substr(tf.constant(BAD), 0, 2, unit='UTF8_CHAR').numpy().tolist() == [
        b'\xffa', b'a\xc3', b'\x80\x80a', b'\xc3\xa9\xff']
    assert substr(tf.constant(BAD), 1, 5, unit='UTF8_CHAR').numpy().tolist() == [
        b'ab', b'\xc3', b'a\xe2\x82', b'\xff\xc3\xa9']
    assert substr(tf.constant(BAD), -2, 2, unit='UTF8_CHAR').numpy().tolist() == [
        b'ab', b'a\xc3', b'a\xe2\x82', b'\xff\xc3\xa9']


@pytest.mark.parametrize('points, got', [
    (tf.constant([104], tf.int64), 'int64'), (tf.constant([104.]), 'float'), (np.array([104], np.int64), 'int64'),
    (tf.constant([104], tf.uint8), 'uint8'), (tf.ragged.constant([[104]], dtype=tf.int64), 'int64')])
def test_unicode_encode_takes_int32_code_points_only(points, got):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.unicode_encode(points, 'UTF-8')
    assert str(caught.value) == ('cannot compute UnicodeEncode as input #0(zero-based) was expected to be a int32 '
                                 'tensor but is a %s tensor [Op:UnicodeEncode] name: ' % got)
    assert tf.strings.unicode_encode([104], 'UTF-8').numpy() == b'h'


X = [[['a', 'b'], ['c', 'd']], [['e', 'f'], ['g', 'h']]]


@pytest.mark.parametrize('axis, keepdims, expected', [
    ([0, 1], False, [b'a.e.c.g', b'b.f.d.h']),
    ([1, 0], True, [[[b'a.c.e.g', b'b.d.f.h']]]),
    ([2, 0], True, [[[b'a.b.e.f'], [b'c.d.g.h']]]),
    ([-1, 0], False, [b'a.b.e.f', b'c.d.g.h']),
    ([0, 1, 2], True, [[[b'a.e.c.g.b.f.d.h']]]),
    ([], False, X),
    (np.array([1, 0]), False, [b'a.c.e.g', b'b.d.f.h']),
    (tf.constant([1, 0]), False, [b'a.c.e.g', b'b.d.f.h']),
])
def test_reduce_join_over_several_axes(axis, keepdims, expected):
    out = tf.strings.reduce_join(tf.constant(X), axis=axis, keepdims=keepdims, separator='.')
    expected = [[[s.encode() for s in r] for r in m] for m in expected] if expected is X else expected
    assert out.numpy().tolist() == expected
    assert tf.strings.reduce_join(tf.constant(X), axis=[2, 1, 0]).numpy() == b'abcdefgh'


def test_reduce_join_axis_errors():
    prefix = '{{function_node __wrapped__ReduceJoin_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.reduce_join(tf.constant(X), axis=[0, -3])
    assert str(caught.value) == prefix + 'Duplicate reduction dimension -3 [Op:ReduceJoin]'
    with pytest.raises(OutOfRangeError) as caught:
        tf.strings.reduce_join(tf.constant(X), axis=[0, 3])
    assert str(caught.value) == prefix + 'Invalid reduction dimension 3 for input with 3 dimension(s) [Op:ReduceJoin]'
    with pytest.raises(OutOfRangeError) as caught:
        tf.strings.reduce_join(tf.constant('a'), axis=0)
    assert str(caught.value) == (prefix + 'Invalid reduction dimension 0 for input with 0 dimension(s) '
                                 '[Op:ReduceJoin] name: ')
    assert tf.strings.reduce_join(tf.constant('a'), axis=[]).numpy() == b'a'
