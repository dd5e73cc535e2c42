"""Encoding names of tf.strings' Unicode ops as TensorFlow 2.21 takes them (Hands-On ML chapter 12
decodes with ``tf.strings.unicode_decode(p, "UTF8")``).

Checked against TF 2.21: an input encoding is opened as an ICU converter, so case, '-' and '_' do
not count and aliases work ('UTF8', 'utf-16-be', 'latin1', 'ISO-8859-1', 'ascii'); UTF-16 without
a byte order mark is big-endian, with one the mark picks the order and is dropped. An output
encoding (unicode_encode, unicode_transcode, and unicode_split, which encodes its pieces) must be
exactly 'UTF-8', 'UTF-16-BE' or 'UTF-32-BE': anything else is the attr check's InvalidArgumentError.
An unknown input encoding is the kernel's 'Could not create converter for input encoding: nope'.
tapeflow took only the three names (any case) everywhere and raised ValueError otherwise.
"""
import pytest

import framework as tf

CAFE = tf.constant(["caf\xe9".encode("utf-8")])
ATTR = ('Value for attr \'output_encoding\' of "%s" is not in the list of allowed values: "UTF-8", "UTF-16-BE", '
        '"UTF-32-BE"\n\t; NodeDef: {{node %s}}; Op<name=%s; ')


@pytest.mark.parametrize('encoding', ['UTF-8', 'UTF8', 'utf8', 'utf-8', 'Utf-8'])
def test_utf8_spellings_decode(encoding):
    assert tf.strings.unicode_decode(CAFE, encoding).to_list() == [[99, 97, 102, 233]]
    assert tf.strings.unicode_transcode(CAFE, encoding, 'UTF-8').numpy().tolist() == [b'caf\xc3\xa9']


@pytest.mark.parametrize('encoding, points', [
    ('UTF-16', [[25441, 26307, 65533]]), ('UTF16-BE', [[25441, 26307, 65533]]), ('UTF-16-LE', [[24931, 50022, 65533]]),
    ('latin1', [[99, 97, 102, 195, 169]]), ('ISO-8859-1', [[99, 97, 102, 195, 169]]),
    ('ascii', [[99, 97, 102, 65533, 65533]]), ('UTF-32', [[65533, 65533]]),
])
def test_icu_aliases_decode_as_tensorflow(encoding, points):
    assert tf.strings.unicode_decode(CAFE, encoding).to_list() == points


def test_a_byte_order_mark_picks_utf16_order():
    little = tf.constant(["\ufeffab".encode("utf-16-le")])
    big = tf.constant(["\ufeffab".encode("utf-16-be")])
    assert tf.strings.unicode_decode(little, "UTF-16").to_list() == [[97, 98]]
    assert tf.strings.unicode_decode(big, "UTF-16").to_list() == [[97, 98]]
    assert tf.strings.unicode_decode(big, "UTF-16-BE").to_list() == [[65279, 97, 98]]


@pytest.mark.parametrize('call, encoding, kernel', [
    (lambda e: tf.strings.unicode_encode(tf.ragged.constant([[99, 233]]), e), 'UTF8', 'UnicodeEncode'),
    (lambda e: tf.strings.unicode_encode(tf.ragged.constant([[99, 233]]), e), 'utf-8', 'UnicodeEncode'),
    (lambda e: tf.strings.unicode_split(CAFE, e), 'UTF8', 'UnicodeEncode'),
    (lambda e: tf.strings.unicode_transcode(CAFE, 'UTF-8', e), 'utf8', 'UnicodeTranscode'),
])
def test_output_encodings_take_the_three_names_exactly(call, encoding, kernel):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call(encoding)
    assert str(info.value).startswith(ATTR % (encoding, kernel, kernel))
    assert str(info.value).endswith('> [Op:%s] name: ' % kernel)


@pytest.mark.parametrize('call, kernel', [
    (lambda: tf.strings.unicode_decode(CAFE, 'nope'), 'UnicodeDecode'),
    (lambda: tf.strings.unicode_split(CAFE, 'nope'), 'UnicodeDecode'),
    (lambda: tf.strings.unicode_decode_with_offsets(CAFE, 'nope'), 'UnicodeDecodeWithOffsets'),
    (lambda: tf.strings.unicode_transcode(CAFE, 'nope', 'UTF-8'), 'UnicodeTranscode'),
])
def test_unknown_input_encoding_is_the_kernels_error(call, kernel):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Could not create converter for input encoding: nope [Op:%s] name: ' % (kernel, kernel))
