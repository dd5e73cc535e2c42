"""tf.strings' Unicode ops check ``errors`` and ``replacement_char`` as TF 2.21's kernels (texts printed by
TF 2.21: tf.strings.unicode_encode([104], 'UTF-8', replacement_char=-1) -> InvalidArgumentError '...
replacement_char out of unicode codepoint range [Op:UnicodeEncode] name: ', even with nothing to replace)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

S = tf.strings


def _text(f):
    with pytest.raises(InvalidArgumentError) as caught:
        f()
    return str(caught.value)


@pytest.mark.parametrize('call, kernel, allowed, tail', [
    (lambda: S.unicode_decode([b'ab'], 'UTF-8', errors='bogus'), 'UnicodeDecode', '"strict", "replace", "ignore"',
     ' name: '),
    (lambda: S.unicode_split([b'ab'], 'UTF-8', errors='bogus'), 'UnicodeDecode', '"strict", "replace", "ignore"',
     ' name: '),
    (lambda: S.unicode_decode_with_offsets([b'ab'], 'UTF-8', errors='bogus'), 'UnicodeDecodeWithOffsets',
     '"strict", "replace", "ignore"', ' name: '),
    (lambda: S.unicode_encode([104], 'UTF-8', errors='bogus'), 'UnicodeEncode', '"ignore", "replace", "strict"',
     ' name: '),
    (lambda: S.unicode_transcode([b'a'], 'UTF-8', 'UTF-8', errors='bogus'), 'UnicodeTranscode',
     '"strict", "replace", "ignore"', ''),
    (lambda: S.unicode_transcode(tf.constant([b'a']), 'UTF-8', 'UTF-8', errors='bogus'), 'UnicodeTranscode',
     '"strict", "replace", "ignore"', ' name: ')])
def test_errors_attribute(call, kernel, allowed, tail):
    text = _text(call)
    assert text.startswith('Value for attr \'errors\' of "bogus" is not in the list of allowed values: %s\n\t; '
                           'NodeDef: {{node %s}}; Op<name=%s; signature=' % (allowed, kernel, kernel))
    assert text.endswith('> [Op:%s]%s' % (kernel, tail))


def test_decode_signature_text():
    assert _text(lambda: S.unicode_decode([b'ab'], 'UTF-8', errors='bogus')).split('; Op<')[1] == (
        'name=UnicodeDecode; signature=input:string -> row_splits:Tsplits, char_values:int32; '
        'attr=input_encoding:string; attr=errors:string,default="replace",allowed=["strict", "replace", "ignore"]; '
        'attr=replacement_char:int,default=65533; attr=replace_control_characters:bool,default=false; '
        'attr=Tsplits:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:UnicodeDecode] name: ')


@pytest.mark.parametrize('call, kernel, tail', [
    (lambda: S.unicode_encode([0x110000], 'UTF-8', replacement_char=-1), 'UnicodeEncode', ' name: '),
    (lambda: S.unicode_encode([104], 'UTF-8', replacement_char=0x110000), 'UnicodeEncode', ' name: '),
    (lambda: S.unicode_decode([b'a'], 'UTF-8', replacement_char=0x110000), 'UnicodeDecode', ' name: '),
    (lambda: S.unicode_transcode([b'a\xff'], 'UTF-8', 'UTF-8', replacement_char=-5), 'UnicodeTranscode', ''),
    (lambda: S.unicode_transcode(tf.constant([b'a']), 'UTF-8', 'UTF-8', replacement_char=-1), 'UnicodeTranscode',
     ' name: ')])
def test_replacement_char_range(call, kernel, tail):
    assert _text(call) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                           'replacement_char out of unicode codepoint range [Op:%s]%s' % (kernel, kernel, tail))


def test_transcode_strict_tail_follows_the_input_kind():
    # TF 2.21: a list goes to the op as given (slow path, no ' name: '); a tensor has the tail
    prefix = '{{function_node __wrapped__UnicodeTranscode_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    assert _text(lambda: S.unicode_transcode([b'a\xffb'], 'UTF-8', 'UTF-16-BE', errors='strict')) == (
        prefix + 'Invalid formatting on input string [Op:UnicodeTranscode]')
    assert _text(lambda: S.unicode_transcode(tf.constant([b'a\xffb']), 'UTF-8', 'UTF-16-BE', errors='strict')) == (
        prefix + 'Invalid formatting on input string [Op:UnicodeTranscode] name: ')
