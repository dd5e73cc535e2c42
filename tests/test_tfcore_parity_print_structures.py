"""tf.print of what the guides print besides plain tensors: a lone scalar string tensor is written
raw, string elements are C-escaped, complex elements are '?', a RaggedTensor reads '[[1, 2], [3]]',
a SparseTensor keeps the quotes pprint gives it, and tensors inside lists and dicts take the room
of a '{}' placeholder when pprint lays the line out. Expected text: TensorFlow 2.21 (/opt/tfref)
running ``tf.print(..., output_stream=sys.stdout)`` with the same arguments."""
import collections
import sys

import pytest

import framework as tf


def _printed(capsys, *inputs, **kwargs):
    tf.print(*inputs, output_stream=sys.stdout, **kwargs)
    return capsys.readouterr().out


def test_a_lone_scalar_string_is_written_raw_and_quoted_in_company(capsys):
    assert _printed(capsys, tf.constant('hello')) == 'hello\n'
    assert _printed(capsys, tf.Variable('abc')) == 'abc\n'
    assert _printed(capsys, tf.constant('%s {}')) == '%s {}\n'
    assert _printed(capsys, 'x', tf.constant('hello'), tf.constant('a b')) == 'x "hello" "a b"\n'
    assert _printed(capsys, [tf.constant('hello')]) == '["hello"]\n'
    assert _printed(capsys, {'k': tf.constant('hello')}) == "{'k': \"hello\"}\n"


def test_string_elements_are_c_escaped_except_utf8():
    text = tf.strings.format('{}', tf.constant(['say "hi"', "it's", 'back\\slash', 'new\nline', 'tab\t', 'é']))
    assert text.numpy() == b'["say \\"hi\\"" "it\\\'s" "back\\\\slash" "new\\nline" "tab\\t" "\xc3\xa9"]'
    assert tf.strings.format('{}', tf.constant(b'\x01\xfe')).numpy() == b'"\\001\xfe"'


def test_complex_elements_print_as_question_marks(capsys):
    assert _printed(capsys, tf.constant([1 + 2j])) == '[?]\n'
    assert _printed(capsys, tf.constant(1 + 2j)) == '?\n'
    assert _printed(capsys, tf.constant([1 + 2j], tf.complex128)) == '[?]\n'


def test_bfloat16_prints_through_float(capsys):
    assert _printed(capsys, tf.constant([0.1], tf.bfloat16), tf.constant([0.1], tf.float16)) == \
        '[0.100097656] [0.0999755859]\n'


@pytest.mark.parametrize('make, summarize, text', [
    (lambda: tf.ragged.constant([[1, 2], [3]]), 3, '[[1, 2], [3]]'),
    (lambda: tf.ragged.constant([[1.5, 2], [3]]), 3, '[[1.500000, 2.000000], [3.000000]]'),
    (lambda: tf.ragged.constant([['a', 'b'], []]), 3, "[['a', 'b'], []]"),
    (lambda: tf.ragged.constant([[True, False]]), 3, '[[true, false]]'),
    (lambda: tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1), 3, '[[[1, 2]], [[3, 4], [5, 6]]]'),
    (lambda: tf.ragged.constant([list(range(10)), [1]]), 3, '[[0, 1, 2, ..., 7, 8, 9], [1]]'),
    (lambda: tf.ragged.constant([list(range(10)), [1]]), 2, '[[0, 1, ..., 8, 9], [1]]'),
    (lambda: tf.ragged.constant([[1]] * 10), 3, '[[1], [1], [1], ..., [1], [1], [1]]'),
    (lambda: tf.ragged.constant([list(range(10))]), -1, '[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]'),
    (lambda: tf.ragged.constant([list(range(10))]), None, '[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]'),
    (lambda: tf.ragged.constant([[[1, 2, 3], [4]], [[5]]], ragged_rank=2), 1, '[[[1, ..., 3], [4]], [[5]]]'),
    (lambda: tf.ragged.constant([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]], ragged_rank=1), 1,
     '[[[1.000000, 2.000000]], [[3.000000, 4.000000], [5.000000, 6.000000]]]'),
])
def test_ragged_tensors_print_as_ragged_tensor_to_string(capsys, make, summarize, text):
    assert _printed(capsys, make(), summarize=summarize) == text + '\n'


def test_ragged_in_company_and_in_strings_format(capsys):
    assert _printed(capsys, 'r', tf.ragged.constant([[1, 2], [3]]), [tf.ragged.constant([[1]])]) == \
        'r [[1, 2], [3]] [[[1]]]\n'
    text = tf.strings.format('x={} r={}', (tf.constant(["q'"]), tf.ragged.constant([['a', "b'c"], []])))
    assert text.numpy() == b'x=["q\\\'"] r=[[\'a\', \'b\\\'c\'], []]'


def test_sparse_tensors_keep_pprints_quotes(capsys):
    sparse = tf.sparse.SparseTensor([[0, 1]], [5], [2, 2])
    assert _printed(capsys, sparse) == "'SparseTensor(indices=[[0 1]], values=[5], shape=[2 2])'\n"
    assert _printed(capsys, 's', sparse, [sparse]) == ("s 'SparseTensor(indices=[[0 1]], values=[5], shape=[2 2])' "
                                                       "['SparseTensor(indices=[[0 1]], values=[5], shape=[2 2])']\n")
    assert _printed(capsys, tf.sparse.SparseTensor([[0, 1], [1, 0]], [5.5, 2.0], [2, 2])) == \
        "'SparseTensor(indices=[[0 1]\n [1 0]], values=[5.5 2], shape=[2 2])'\n"


def test_pprint_lays_out_the_placeholders_not_the_values(capsys):
    # a list of five long tensors stays on one line: pprint saw ['{}', '{}', ...]
    assert _printed(capsys, [tf.range(100)] * 5) == '[' + ', '.join(['[0 1 2 ... 97 98 99]'] * 5) + ']\n'
    # twelve keys are wrapped one per line, as pprint wraps the dict of placeholders
    lines = _printed(capsys, {'key_%d' % i: tf.constant(i) for i in range(12)}).splitlines()
    assert lines[:2] == ["{'key_0': 0,", " 'key_1': 1,"] and lines[-1] == " 'key_9': 9}"


def test_a_string_input_is_its_own_template_and_the_placeholder_avoids_it(capsys):
    assert _printed(capsys, 'value {} here', tf.constant(3)) == 'value {} here 3\n'
    assert _printed(capsys, '{}', tf.constant(3), '{1}') == '{} 3 {1}\n'


def test_an_ordered_dict_keeps_its_order(capsys):
    assert _printed(capsys, collections.OrderedDict([('b', tf.constant(1)), ('a', 2)])) == \
        "OrderedDict([('b', 1), ('a', 2)])\n"


def test_file_output_stream_appends(tmp_path):
    target = 'file://%s' % (tmp_path / 'log.txt')
    tf.print('to file', tf.constant([1, 2]), output_stream=target)
    tf.print('again', output_stream=target)
    assert (tmp_path / 'log.txt').read_text() == 'to file [1 2]\nagain\n'
