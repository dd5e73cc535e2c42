"""tf.strings.regex_replace reads its rewrite as RE2 does (framework/re2_rewrite.py).

The NMT-with-attention tutorial spaces out punctuation with ``regex_replace(text, '[.?!,]', r' \\0 ')``;
Python's templates read ``\\0`` as a NUL byte, so its vocabulary held '\\x00' where TF's holds
'.', '?' and '!'. Expected values printed by TF 2.21 for the same calls (invalid rewrites
also log RE2's 'invalid rewrite pattern' on stderr there).
"""
import pytest

import framework as tf

_TEXTS = ['ab.c', 'xyz']
_PATTERN = r'(\.)|y'


@pytest.mark.parametrize('rewrite, global_result, first_result', [
    (' \\0 ', [b'ab . c', b'x y z'], [b'ab . c', b'x y z']),
    ('<\\1>', [b'ab<.>c', b'x<>z'], [b'ab<.>c', b'x<>z']),
    ('\\\\', [b'ab\\c', b'x\\z'], [b'ab\\c', b'x\\z']),
    ('$1', [b'ab$1c', b'x$1z'], [b'ab$1c', b'x$1z']),
    ('\\2', [b'ab.c', b'xyz'], [b'ab.c', b'xyz']),                # a group the pattern lacks: unchanged
    ('a\\nb', [b'abac', b'xaz'], [b'ab.c', b'xyz']),              # invalid escape: up to it / nothing
    ('\\g<0>', [b'abc', b'xz'], [b'ab.c', b'xyz']),
    ('x\\', [b'abxc', b'xxz'], [b'ab.c', b'xyz']),
])
def test_rewrite_as_re2_reads_it(rewrite, global_result, first_result):
    assert tf.strings.regex_replace(_TEXTS, _PATTERN, rewrite).numpy().tolist() == global_result
    assert tf.strings.regex_replace(_TEXTS, _PATTERN, rewrite, replace_global=False).numpy().tolist() \
        == first_result


def test_the_tutorials_standardization_keeps_the_punctuation():
    text = tf.strings.regex_replace(tf.strings.lower('W24 w3, w8.'), '[.?!,]', r' \0 ')
    assert text.numpy() == b'w24 w3 ,  w8 . '
