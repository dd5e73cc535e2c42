"""tf.strings.unicode_decode_with_offsets, unicode_split_with_offsets, unicode_encode, unicode_transcode and
unsorted_segment_join: values and errors pinned to TF 2.21 (/work/notes/progs/tfops/s1.py run with /opt/tfref;
the whole printout matches)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

S = tf.constant(['héllo', 'wörld ☃', '', 'a\x01b'])
BAD = tf.constant([b'a\xffb\xe2\x82', b'\xc3\xa9\x80x'])


def test_decode_with_offsets_matches_tf():
    chars, offsets = tf.strings.unicode_decode_with_offsets(S, 'UTF-8')
    assert chars.dtype == tf.int32 and offsets.dtype == tf.int64
    assert chars.to_list() == [[104, 233, 108, 108, 111], [119, 246, 114, 108, 100, 32, 9731], [], [97, 1, 98]]
    assert offsets.to_list() == [[0, 1, 3, 4, 5], [0, 1, 3, 4, 5, 6, 7], [], [0, 1, 2]]
    chars, offsets = tf.strings.unicode_decode_with_offsets(tf.constant('h€y'), 'UTF-8')
    assert chars.numpy().tolist() == [104, 8364, 121] and offsets.numpy().tolist() == [0, 1, 4]
    chars, _ = tf.strings.unicode_decode_with_offsets(S, 'UTF-8', replace_control_characters=True)
    assert chars.to_list()[3] == [97, 65533, 98]


@pytest.mark.parametrize('kwargs, chars, offsets', [
    ({}, [[97, 65533, 98, 65533], [233, 65533, 120]], [[0, 1, 2, 3], [0, 2, 3]]),
    ({'errors': 'ignore'}, [[97, 98], [233, 120]], [[0, 2], [0, 3]]),
    ({'replacement_char': 63}, [[97, 63, 98, 63], [233, 63, 120]], [[0, 1, 2, 3], [0, 2, 3]]),
])
def test_malformed_bytes_follow_errors_as_tf(kwargs, chars, offsets):
    got_chars, got_offsets = tf.strings.unicode_decode_with_offsets(BAD, 'UTF-8', **kwargs)
    assert got_chars.to_list() == chars and got_offsets.to_list() == offsets


def test_split_with_offsets_matches_tf():
    chars, offsets = tf.strings.unicode_split_with_offsets(S, 'UTF-8')
    assert chars.to_list()[1] == [b'w', b'\xc3\xb6', b'r', b'l', b'd', b' ', b'\xe2\x98\x83']
    assert offsets.to_list()[1] == [0, 1, 3, 4, 5, 6, 7]
    chars, offsets = tf.strings.unicode_split_with_offsets(BAD, 'UTF-8')
    assert chars.to_list() == [[b'a', b'\xef\xbf\xbd', b'b', b'\xef\xbf\xbd'], [b'\xc3\xa9', b'\xef\xbf\xbd', b'x']]


def test_encode_matches_tf():
    assert tf.strings.unicode_encode(tf.ragged.constant([[104, 233, 108], [9731], []]), 'UTF-8').numpy().tolist() \
        == [b'h\xc3\xa9l', b'\xe2\x98\x83', b'']
    assert tf.strings.unicode_encode(tf.constant([[104, 105], [65, 66]]), 'UTF-16-BE').numpy().tolist() \
        == [b'\x00h\x00i', b'\x00A\x00B']
    scalar = tf.strings.unicode_encode([72, 0x1F600], 'UTF-32-BE')
    assert scalar.shape == () and scalar.numpy() == b'\x00\x00\x00H\x00\x01\xf6\x00'
    assert tf.strings.unicode_encode([72, 0x110000, -5], 'UTF-8').numpy() == b'H\xef\xbf\xbd\xef\xbf\xbd'
    assert tf.strings.unicode_encode([72, 0x110000, 0xD800], 'UTF-8', errors='ignore').numpy() == b'H'


def test_transcode_matches_tf():
    assert tf.strings.unicode_transcode(['héllo', 'x☃'], 'UTF-8', 'UTF-16-BE').numpy().tolist() == [
        b'\x00h\x00\xe9\x00l\x00l\x00o', b'\x00x&\x03']
    assert tf.strings.unicode_transcode([b'a\xffb'], 'UTF-8', 'UTF-8', replacement_char=42).numpy().tolist() == [b'a*b']
    assert tf.strings.unicode_transcode(['a\x02b'], 'UTF-8', 'UTF-8', replace_control_characters=True
                                        ).numpy().tolist() == [b'a\xef\xbf\xbdb']


def test_unsorted_segment_join_matches_tf():
    assert tf.strings.unsorted_segment_join(['a', 'b', 'c', 'd'], [1, 0, 1, 1], 3).numpy().tolist() == [b'b', b'acd', b'']
    out = tf.strings.unsorted_segment_join([['a', 'b'], ['c', 'd'], ['e', 'f']], [0, 2, 0], 3, separator=':')
    assert out.numpy().tolist() == [[b'a:e', b'b:f'], [b'', b''], [b'c', b'd']]


@pytest.mark.parametrize('call, text', [
    (lambda: tf.strings.unicode_decode_with_offsets(BAD, 'UTF-8', errors='strict'),
     r'Invalid formatting on input string \[Op:UnicodeDecodeWithOffsets\]'),
    (lambda: tf.strings.unicode_encode([72, 0x110000], 'UTF-8', errors='strict'),
     r'Code point is out of range for Unicode, or is a surrogate. \[Op:UnicodeEncode\]'),
    (lambda: tf.strings.unsorted_segment_join(['a', 'b'], [0, 3], 2),
     'segment_ids are not allowed to exceed num_segments or to have negative values'),
])
def test_bad_input_raises_tf_kernel_errors(call, text):
    with pytest.raises(InvalidArgumentError, match=text):
        call()
