"""tf.strings.regex_replace / regex_full_match read RE2's syntax (framework/re2_pattern.py).

Golden values printed by TF 2.21 (tensorflow-cpu) with, for each row,
``tf.strings.regex_replace(tf.constant(TEXTS), pattern, '#').numpy().tolist()`` and
``tf.strings.regex_full_match(tf.constant(LINES), pattern).numpy().tolist()``.
Before: POSIX classes matched nothing ('[[:punct:]]' was Python's set '[:punct' + ']'), \\p{P} raised
'bad escape \\p', a{,2} repeated, look-arounds / back-references / {1001} were accepted."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

TEXTS = ['Hello, world!', '¿Qué tal? «bien»', 'x—y…z', 'ÀÉ 123 ½ ٣', '$+<=>^`|~']
LINES = ['a!', 'x$', 'ÉÈ', 'aé\nb', 'ab\n']


@pytest.mark.parametrize('pattern, expected', [
    (r'[[:punct:]]', [b'Hello# world#', b'\xc2\xbfQu\xc3\xa9 tal# \xc2\xabbien\xc2\xbb', b'x\xe2\x80\x94y\xe2\x80\xa6z',
                      b'\xc3\x80\xc3\x89 123 \xc2\xbd \xd9\xa3', b'#########']),
    (r'\p{P}', [b'Hello# world#', b'#Qu\xc3\xa9 tal# #bien#', b'x#y#z', b'\xc3\x80\xc3\x89 123 \xc2\xbd \xd9\xa3',
                b'$+<=>^`|~']),
    (r'[^\p{L}\s]', [b'Hello# world#', b'#Qu\xc3\xa9 tal# #bien#', b'x#y#z', b'\xc3\x80\xc3\x89 ### # #', b'#########']),
    (r'\pL+', [b'#, #!', b'\xc2\xbf# #? \xc2\xab#\xc2\xbb', b'#\xe2\x80\x94#\xe2\x80\xa6#', b'# 123 \xc2\xbd \xd9\xa3',
               b'$+<=>^`|~']),
    (r'\P{N}', [b'#############', b'################', b'#####', b'###123#\xc2\xbd#\xd9\xa3', b'#########']),
    (r'[[:^alpha:][:digit:]]', [b'Hello##world#', b'#Qu##tal###bien#', b'x#y#z', b'##########', b'#########']),
    (r'\p{^Z}', [b'###### ######', b'#### #### ######', b'#####', b'## ### # #', b'#########']),
    (r'[\d-z]', [b'Hello, world!', b'\xc2\xbfQu\xc3\xa9 tal? \xc2\xabbien\xc2\xbb', b'x\xe2\x80\x94y\xe2\x80\xa6#',
                 b'\xc3\x80\xc3\x89 ### \xc2\xbd \xd9\xa3', b'$+<=>^`|~']),
    (r'\Q$+\E', [b'Hello, world!', b'\xc2\xbfQu\xc3\xa9 tal? \xc2\xabbien\xc2\xbb', b'x\xe2\x80\x94y\xe2\x80\xa6z',
                 b'\xc3\x80\xc3\x89 123 \xc2\xbd \xd9\xa3', b'#<=>^`|~']),
    (r'a{,2}|x', [b'Hello, world!', b'\xc2\xbfQu\xc3\xa9 tal? \xc2\xabbien\xc2\xbb', b'#\xe2\x80\x94y\xe2\x80\xa6z',
                  b'\xc3\x80\xc3\x89 123 \xc2\xbd \xd9\xa3', b'$+<=>^`|~']),
    (r'\b\w', [b'#ello, #orld!', b'\xc2\xbf#u\xc3\xa9 #al? \xc2\xab#ien\xc2\xbb', b'#\xe2\x80\x94#\xe2\x80\xa6#',
               b'\xc3\x80\xc3\x89 #23 \xc2\xbd \xd9\xa3', b'$+<=>^`|~']),
    (r'(?i)é|a(?i)L', [b'Hello, world!', b'\xc2\xbfQu# t#? \xc2\xabbien\xc2\xbb', b'x\xe2\x80\x94y\xe2\x80\xa6z',
                       b'\xc3\x80# 123 \xc2\xbd \xd9\xa3', b'$+<=>^`|~']),
])
def test_re2_classes_and_escapes_replace_as_tf(pattern, expected):
    assert tf.strings.regex_replace(tf.constant(TEXTS), pattern, '#').numpy().tolist() == expected


@pytest.mark.parametrize('pattern, expected', [
    (r'.*\p{Sc}.*', [False, True, False, False, False]),
    (r'\PL*', [False, False, False, False, False]),
    (r'.*(?i)é.*', [False, False, True, False, False]),      # flags set mid-pattern (Python refuses them)
    (r'(?s).+', [True, True, True, True, True]),
])
def test_re2_full_match_as_tf(pattern, expected):
    assert tf.strings.regex_full_match(tf.constant(LINES), pattern).numpy().tolist() == expected


def test_ungreedy_flag_empty_matches_and_bytes_that_are_not_utf8():
    replace = tf.strings.regex_replace
    assert replace(['aAbB', 'aa'], '(?U)a+', '#').numpy().tolist() == [b'#AbB', b'##']
    # RE2 skips an empty match where the last one ended by copying one character; Python's sub does not
    assert replace(['aAbB', 'aa', ''], 'a*?', '#').numpy().tolist() == [b'#a#A#b#B#', b'#a#a#', b'#']
    assert replace(['aAbB', 'aa', ''], 'a*', '#').numpy().tolist() == [b'#A#b#B#', b'#', b'#']
    # a byte that is not UTF-8 matches no '.' or class
    assert replace(tf.constant([b'a\xffb\xc3', b'a\xc3\xa9']), '.', '#').numpy().tolist() == [b'#\xff#\xc3', b'##']
    assert replace(tf.constant([b'a\xffb\xc3']), '[^a]', '#').numpy().tolist() == [b'a\xff#\xc3']


@pytest.mark.parametrize('pattern, error', [
    (r'(?=a)', 'invalid perl operator: (?='),
    (r'(a)\1', 'invalid escape sequence: \\1'),
    (r'[[:foo:]]', 'invalid character class range: [:foo:]'),
    (r'a{2,1}', 'invalid repetition size: {2,1}'),
    (r'a{1001}', 'invalid repetition size: {1001}'),
    (r'\Z', 'invalid escape sequence: \\Z'),
    (r'[z-a]', 'invalid character class range: z-a'),
    (r'a**', 'bad repetition operator: **'),
    (r'\p{Lc}', 'invalid character class range: \\p{Lc}'),
    (r'(?x)a', 'invalid perl operator: (?x'),
    (r'\x{110000}', 'invalid escape sequence: \\x{110000'),
    (r'[a', 'missing ]: [a'),
    (r'(a', 'missing ): (a'),
    (r'a)', 'unexpected ): a)'),
    ('\\', 'trailing \\'),
])
def test_patterns_re2_refuses_raise_its_words(pattern, error, capsys):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.regex_replace(tf.constant(['a']), pattern, '#')
    assert str(caught.value) == ('{{function_node __wrapped__StaticRegexReplace_device_/job:localhost/replica:0/task:0/'
                                 'device:CPU:0}} Invalid pattern: %s, error: %s [Op:StaticRegexReplace] name: '
                                 % (pattern, error))
    assert "re2.cc:232: Error parsing '%s': %s" % (pattern, error) in capsys.readouterr().err


def test_list_input_error_has_no_name_tail():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.regex_full_match(['a'], r'(?<n>a)')
    assert str(caught.value) == ('{{function_node __wrapped__StaticRegexFullMatch_device_/job:localhost/replica:0/task:0/'
                                 'device:CPU:0}} Invalid pattern: (?<n>a), error: invalid perl operator: (?< '
                                 '[Op:StaticRegexFullMatch]')


def test_unicode_scripts_say_they_are_missing():
    with pytest.raises(NotImplementedError, match=r'\\p\{Greek\}'):
        tf.strings.regex_replace(['a'], r'\p{Greek}', '#')
