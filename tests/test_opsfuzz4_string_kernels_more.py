"""More tf.strings kernels as TF 2.21 runs them (values and texts printed by TF 2.21 for the snippets
in each test): Substr with pos / len tensors and a negative byte length, RE2's ``$`` (the text's end
only), UnicodeDecode's strict-mode error and StringJoin's shape error text."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

WORDS = tf.constant(['héllo', 'world'])


@pytest.mark.parametrize('make, expected', [
    (lambda: tf.strings.substr(WORDS, [1, -2], [2, 5]), [b'\xc3\xa9', b'ld']),
    (lambda: tf.strings.substr(WORDS, [1, 2], [2, 3], unit='UTF8_CHAR'), [b'\xc3\xa9l', b'rld']),
    (lambda: tf.strings.substr(tf.constant([['ab', 'cd'], ['ef', 'gh']]), [0, 1], [1, 1]),
     [[b'a', b'd'], [b'e', b'h']]),
    (lambda: tf.strings.substr(tf.constant('hello'), [0, 1, 2], [1, 2, 3]), [b'h', b'el', b'llo']),
    (lambda: tf.strings.substr(WORDS, -3, -2), [b'llo', b'rld']),          # a negative byte length: the rest
    (lambda: tf.strings.substr(WORDS, 1, -1, unit='UTF8_CHAR'), [b'', b'']),
])
def test_substr_values(make, expected):
    assert make().numpy().tolist() == expected


@pytest.mark.parametrize('make, text', [
    (lambda: tf.strings.substr(WORDS, tf.constant([1, 2]), tf.constant(2)),
     'pos and len should have the same shape, got: [2] vs. [] [Op:Substr] name: '),
    (lambda: tf.strings.substr(tf.constant(['ab', 'cd', 'ef']), [0, 1], [1, 1]),
     'Incompatible shapes: [3] vs. [2] [Op:Substr]'),
    (lambda: tf.strings.substr(WORDS, [1, 9], [1, 1]), "pos 9 out of range for string b'world' at index 1 [Op:Substr]"),
    (lambda: tf.strings.substr(WORDS, 9, 1), "pos 9 out of range for string b'héllo' at index 0 [Op:Substr] name: "),
])
def test_substr_errors(make, text):
    with pytest.raises(InvalidArgumentError) as info:
        make()
    assert str(info.value) == ('{{function_node __wrapped__Substr_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               + text)


@pytest.mark.parametrize('pattern, text, replaced, matched', [
    # tf.strings.regex_replace(tf.constant([text]), pattern, '!').numpy(), regex_full_match(...).numpy()
    ('$', 'ab\n', b'ab\n!', False),
    ('b$', 'ab\n', b'ab\n', False),
    ('b$', 'ab', b'a!', False),
    ('(?m)$', 'a\nb', b'a!\nb!', False),
    ('[$]', 'a$b', b'a!b', False),
    ('\\s+$', 'a  \n', b'a!', False),
    ('é$', 'é\n', b'\xc3\xa9\n', False),
])
def test_dollar_matches_at_the_end_only(pattern, text, replaced, matched):
    assert tf.strings.regex_replace(tf.constant([text]), pattern, '!').numpy().tolist() == [replaced]
    assert tf.strings.regex_full_match(tf.constant([text]), pattern).numpy().tolist() == [matched]


def test_strict_decoding_error_is_the_kernels():
    for make, kernel in ((lambda: tf.strings.unicode_decode(tf.constant([b'a\xffb']), 'UTF-8', errors='strict'),
                          'UnicodeDecode'),
                         (lambda: tf.strings.unicode_split(tf.constant([b'a\xffb']), 'UTF-8', errors='strict'),
                          'UnicodeDecode')):
        with pytest.raises(InvalidArgumentError) as info:
            make()
        assert str(info.value) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                                   ' Invalid formatting on input string [Op:%s] name: ' % (kernel, kernel))


def test_join_shape_error_prints_kernel_dims():
    with pytest.raises(InvalidArgumentError) as info:
        tf.strings.join([tf.constant([['a'], ['b']]), tf.constant([['c', 'd']])])
    assert 'Input shapes do not match: [2,1] vs. [1,2] [Op:StringJoin] name: ' in str(info.value)
