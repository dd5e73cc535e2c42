"""tf.strings kernels' edge cases, pinned to what TF 2.21 printed (the snippets in each test, run with
``import tensorflow as tf``): StringSplitV2's whitespace split with maxsplit, RE2's global replace of
empty matches, StringToNumber's hexadecimal and underscores, AsString of complex, bfloat16 and bool."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

WORDS = ['abc', 'a b c', ' a b ', 'a  b  c', '', '  ', 'a ', ' a', 'a\tb\nc d']


@pytest.mark.parametrize('maxsplit, expected', [
    # tf.strings.split(tf.constant(WORDS), maxsplit=m).to_list()
    (0, [[b'abc'], [b'a b c'], [b' a b '], [b'a  b  c'], [b''], [b'  '], [b'a '], [b' a'], [b'a\tb\nc d']]),
    (1, [[b'abc', b''], [b'a', b'b c'], [b'a', b'b '], [b'a', b'b  c'], [], [], [b'a', b''], [b'a', b''],
         [b'a', b'b\nc d']]),
    (2, [[b'abc'], [b'a', b'b', b'c'], [b'a', b'b', b''], [b'a', b'b', b'c'], [], [], [b'a'], [b'a'],
         [b'a', b'b', b'c d']]),
    (5, [[b'abc'], [b'a', b'b', b'c'], [b'a', b'b'], [b'a', b'b', b'c'], [], [], [b'a'], [b'a'],
         [b'a', b'b', b'c', b'd']]),
])
def test_whitespace_split_with_maxsplit_keeps_tf_pieces(maxsplit, expected):
    assert tf.strings.split(tf.constant(WORDS), maxsplit=maxsplit).to_list() == expected


def test_whitespace_split_of_scalar_with_maxsplit():
    # print(tf.strings.split(tf.constant('abc'), maxsplit=1)): tf.Tensor([b'abc' b''], shape=(2,), dtype=string)
    assert str(tf.strings.split(tf.constant('abc'), maxsplit=1)) == \
        "tf.Tensor([b'abc' b''], shape=(2,), dtype=string)"
    # a separator keeps Python's rules: [b'', b'a b '] for ' a b ' and sep=' ', maxsplit=1
    assert tf.strings.split(tf.constant([' a b ']), sep=' ', maxsplit=1).to_list() == [[b'', b'a b ']]


@pytest.mark.parametrize('pattern, text, expected', [
    # tf.strings.regex_replace(tf.constant([text]), pattern, '-').numpy()
    ('a*', 'aaa', b'-'),
    ('a*', 'baaac', b'-b-c-'),
    ('x*', 'abxd', b'-a-b-d-'),
    ('b*', 'abc', b'-a-c-'),
    ('', 'abc', b'-a-b-c-'),
    ('é*', 'aéé b', b'-a- -b-'),
    ('.?', 'ab', b'--'),
    ('$', 'ab', b'ab-'),
])
def test_regex_replace_skips_empty_match_where_last_match_ended(pattern, text, expected):
    assert tf.strings.regex_replace(tf.constant([text]), pattern, '-').numpy().tolist() == [expected]
    assert tf.strings.regex_replace(tf.constant([text]), tf.constant(pattern), '-').numpy().tolist() == [expected]


def test_regex_replace_first_only():
    # tf.strings.regex_replace('baaac', 'a*', '<\\0>', replace_global=False).numpy(): b'<>baaac'
    assert tf.strings.regex_replace('baaac', 'a*', '<\\0>', replace_global=False).numpy() == b'<>baaac'
    assert tf.strings.regex_replace('aaa', 'a*', '<\\0>', replace_global=False).numpy() == b'<aaa>'


@pytest.mark.parametrize('text, value', [
    ('0x10', 16.0), ('-0x1F', -31.0), ('0X1f', 31.0), ('0x1.8p1', 3.0), (' 0x10 ', 16.0),
    ('infinity', np.inf), ('1.5', 1.5),
])
@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_to_number_reads_hexadecimal_floats(text, value, dtype):
    # tf.strings.to_number(tf.constant([text]), out_type=dtype).numpy()
    assert tf.strings.to_number(tf.constant([text]), out_type=dtype).numpy().tolist() == [value]


@pytest.mark.parametrize('text, dtype', [
    ('1_0', tf.float32), ('1_0', tf.float64), ('1_0', tf.int32), ('1_0', tf.int64), ('1_000.5', tf.float32),
    ('0x10', tf.int32), ('0x', tf.float32), ('5e', tf.float32),
])
def test_to_number_refuses_underscores_and_hex_integers(text, dtype):
    # TF 2.21: InvalidArgumentError ... StringToNumberOp could not correctly convert string: 1_0
    with pytest.raises(InvalidArgumentError, match='could not correctly convert string: %s' % text):
        tf.strings.to_number(tf.constant([text]), out_type=dtype)


@pytest.mark.parametrize('kwargs, expected', [
    # tf.strings.as_string(tf.constant([1.5+2j, -0.25-1e-7j]), **kwargs).numpy()
    ({}, [b'(1.500000,2.000000)', b'(-0.250000,-0.000000)']),
    (dict(precision=2), [b'(1.50,2.00)', b'(-0.25,-0.00)']),
    (dict(scientific=True), [b'(1.500000e+00,2.000000e+00)', b'(-2.500000e-01,-1.000000e-07)']),
    (dict(shortest=True), [b'(1.5,2)', b'(-0.25,-1e-07)']),
    (dict(width=12, fill='0'), [b'(00001.500000,00002.000000)', b'(-0000.250000,-0000.000000)']),
    (dict(precision=1, width=6), [b'(   1.5,   2.0)', b'(  -0.2,  -0.0)']),
])
@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
def test_as_string_of_complex(kwargs, expected, dtype):
    x = tf.cast(tf.constant([1.5 + 2j, -0.25 - 1e-7j]), dtype)
    assert tf.strings.as_string(x, **kwargs).numpy().tolist() == expected


def test_as_string_of_bfloat16_and_bool_width():
    # tf.strings.as_string(tf.cast(tf.constant([1.25, 100.0, 3.0]), tf.bfloat16)).numpy()
    x = tf.cast(tf.constant([1.25, 100.0, 3.0]), tf.bfloat16)
    assert tf.strings.as_string(x).numpy().tolist() == [b'1.250000', b'100.000000', b'3.000000']
    # tf.strings.as_string(tf.constant([True]), width=6).numpy(): [b'true'] (AsString pads no bool)
    assert tf.strings.as_string(tf.constant([True, False]), width=6).numpy().tolist() == [b'true', b'false']
    assert tf.strings.as_string(tf.constant([-5]), width=4).numpy().tolist() == [b'  -5']
