"""String tensors in the text tutorials' helpers, as TF 2.21 gives them (values printed by TF running
the same calls): ``zeros_like`` / ``zeros`` of strings are b'' (tapeflow made an object array of 0s),
``ones_like`` / ``ones`` of strings raise, and ``tf.strings.lower/upper(encoding='utf-8')`` change
every letter, not only ASCII ones.
"""
import pytest

import framework as tf


def test_string_zeros_are_empty_strings():
    assert tf.zeros_like(tf.constant(['a', 'bc'])).numpy().tolist() == [b'', b'']
    assert tf.zeros([2], tf.string).numpy().tolist() == [b'', b'']
    assert tf.zeros_like(tf.constant([1, 2]), dtype=tf.string).numpy().tolist() == [b'', b'']
    assert tf.zeros_like(tf.constant([1, 2])).numpy().tolist() == [0, 0]


@pytest.mark.parametrize('make, error', [(lambda: tf.ones_like(tf.constant(['a'])), tf.errors.InvalidArgumentError),
                                         (lambda: tf.ones([2], tf.string), TypeError)])
def test_string_ones_raise(make, error):
    # TF 2.21: InvalidArgumentError (OnesLike: string is not in the list of allowed values) / TypeError
    with pytest.raises(error, match=r'string tensors have no ones.*tf.fill'):
        make()


def test_utf8_case_mapping():
    # TF 2.21: b'\xc3\xa9cole', 'STRASSE', 'σας', b'a\xef\xbf\xbd'; without an encoding only ASCII changes
    assert tf.strings.lower('ÉCOLE', encoding='utf-8').numpy().decode() == 'école'
    assert tf.strings.upper('straße', encoding='utf-8').numpy().decode() == 'STRASSE'
    assert tf.strings.lower('ΣΑΣ', encoding='utf-8').numpy().decode() == 'σας'
    assert tf.strings.lower(b'A\xff', encoding='utf-8').numpy() == b'a\xef\xbf\xbd'
    assert tf.strings.lower('ÉA').numpy() == 'Éa'.encode()
    with pytest.raises(tf.errors.InvalidArgumentError, match="only utf-8 or '' .* received latin1"):
        tf.strings.lower('A', encoding='latin1')
