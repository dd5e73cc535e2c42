"""tf.strings.regex_replace / regex_full_match read UTF-8 by codepoints, as RE2 does: the NMT
tutorial's tf_lower_and_split_punct ('[^ a-z.?!,¿]') keeps the two-byte '¿' and drops 'í' whole
(it wrote invalid UTF-8 before: .decode() raised).

Expected values printed by TensorFlow 2.21 (/opt/tfref, progs/tutorials7/p9_nmt.py and a probe)."""
import numpy as np
import pytest

import framework as tf


def _replace(texts, pattern, rewrite):
    return tf.strings.regex_replace(texts, pattern, rewrite).numpy().tolist()


def test_nmt_standardization():
    def tf_lower_and_split_punct(text):
        text = tf.strings.lower(text)
        text = tf.strings.regex_replace(text, '[^ a-z.?!,¿]', '')
        text = tf.strings.regex_replace(text, '[.?!,¿]', r' \0 ')
        text = tf.strings.strip(text)
        return tf.strings.join(['[START]', text, '[END]'], separator=' ')
    out = tf_lower_and_split_punct(tf.constant('¿Todavía está en casa?')).numpy().decode()
    assert out == '[START] ¿ todava est en casa ? [END]'


@pytest.mark.parametrize('texts, pattern, rewrite, expected', [
    (['¿Todavía está?', 'naïve café', 'x_y é'], '[^ a-z.?!,¿]', '',
     [b'\xc2\xbfodava est?', b'nave caf', b'xy ']),
    (['naïve café', 'éé'], '.', 'X', [b'XXXXXXXXXX', b'XX']),
    (['naïve café', 'x_y é'], r'\w', 'W', [b'WW\xc3\xafWW WWW\xc3\xa9', b'WWW \xc3\xa9']),   # \w is ASCII
    (['ÉCOLE école'], '(?i)é', 'e', [b'eCOLE ecole']),                    # (?i) folds É
    (['¿Qué?'], '[.?!,¿]', r' \0 ', [b' \xc2\xbf Qu\xc3\xa9 ? ']),
])
def test_replace_by_codepoints(texts, pattern, rewrite, expected):
    assert _replace(texts, pattern, rewrite) == expected


def test_full_match_by_codepoints():
    np.testing.assert_array_equal(tf.strings.regex_full_match(['é', 'ab', 'abc'], '..').numpy(), [False, True, False])


def test_invalid_utf8_text_still_matches_bytes():
    # not UTF-8: matched byte by byte as before (RE2 would skip the bad byte; see the report)
    assert _replace([b'abcd'], 'b.', 'X') == [b'aXd']
    assert tf.strings.regex_replace([b'a\xffb'], 'a', 'X').numpy().tolist() == [b'X\xffb']
