"""tf.print of empty tensors and summarize=0, as TensorFlow 2.21 (/opt/tfref) writes them."""
import sys

import pytest

import framework as tf


@pytest.mark.parametrize('shape, text', [
    ([0], '[]'), ([0, 3], '[]'), ([0, 0], '[]'),
    ([2, 0], '[\n ...]'), ([1, 0], '[\n ...]'), ([2, 0, 2], '[\n\n ...]'),
])
def test_empty_tensors(shape, text, capsys):
    tf.print(tf.zeros(shape), output_stream=sys.stdout)
    assert capsys.readouterr().out == text + '\n'


def test_summarize_zero_keeps_only_the_ellipsis(capsys):
    tf.print(tf.range(5), summarize=0, output_stream=sys.stdout)
    tf.print(tf.reshape(tf.range(6), [2, 3]), summarize=0, output_stream=sys.stdout)
    assert capsys.readouterr().out == '[ ...]\n[\n ...]\n'
