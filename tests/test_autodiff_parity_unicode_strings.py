"""tf.strings.bytes_split / unicode_split / unicode_decode, as the "Introduction to
tensors" guide uses them. Expected text: what TensorFlow 2.21 (/opt/tfref) prints."""
import pytest

import framework as tf


def _printed(value):
    return str(value).replace('tapeflow.', 'tf.')


def test_the_guides_scalar_examples():
    assert _printed(tf.strings.bytes_split(tf.constant("Duck"))) == \
        "tf.Tensor([b'D' b'u' b'c' b'k'], shape=(4,), dtype=string)"
    duck = tf.constant("アヒル 🦆")
    assert _printed(tf.strings.unicode_split(duck, "UTF-8")) == (
        "tf.Tensor([b'\\xe3\\x82\\xa2' b'\\xe3\\x83\\x92' b'\\xe3\\x83\\xab' b' ' b'\\xf0\\x9f\\xa6\\x86'], "
        "shape=(5,), dtype=string)")
    assert _printed(tf.strings.unicode_decode(duck, "UTF-8")) == \
        "tf.Tensor([ 12450  12498  12523     32 129414], shape=(5,), dtype=int32)"


def test_a_batch_gives_ragged_rows():
    batch = tf.constant(["アヒル 🦆", "ab", ""])
    assert _printed(tf.strings.unicode_decode(batch, "UTF-8")) == \
        '<tf.RaggedTensor [[12450, 12498, 12523, 32, 129414], [97, 98], []]>'
    assert _printed(tf.strings.bytes_split(tf.constant([["ab", "c"], ["", "xyz"]]))) == \
        "<tf.RaggedTensor [[[b'a', b'b'], [b'c']],\n [[], [b'x', b'y', b'z']]]>"


def test_invalid_bytes_follow_errors_and_replacement_char():
    bad = tf.constant([b"a\xffb"])
    assert tf.strings.unicode_decode(bad, "UTF-8").to_list() == [[97, 65533, 98]]
    assert tf.strings.unicode_decode(bad, "UTF-8", errors="ignore").to_list() == [[97, 98]]
    assert tf.strings.unicode_decode(bad, "UTF-8", replacement_char=63).to_list() == [[97, 63, 98]]
    assert tf.strings.unicode_split(bad, "UTF-8").to_list() == [[b'a', b'\xef\xbf\xbd', b'b']]
    with pytest.raises(tf.errors.InvalidArgumentError, match='unicode_decode: invalid UTF-8'):
        tf.strings.unicode_decode(bad, "UTF-8", errors="strict")
    assert tf.strings.unicode_decode(tf.constant("a\tb"), "UTF-8",
                                     replace_control_characters=True).numpy().tolist() == [97, 65533, 98]


def test_an_unknown_encoding_is_named():
    # TF 2.21 opens input encodings as ICU converters: 'latin-1' is one; 'nope' is the kernel's error
    assert tf.strings.unicode_decode(tf.constant(b"a\xe9"), "latin-1").numpy().tolist() == [97, 233]
    with pytest.raises(tf.errors.InvalidArgumentError, match='Could not create converter for input encoding: nope'):
        tf.strings.unicode_decode(tf.constant("a"), "nope")
