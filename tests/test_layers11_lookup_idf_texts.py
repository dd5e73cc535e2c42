"""Lookup layers' tf_idf vocabulary refusals, in Keras 3 / TF 2.21's words.

Printed by TF 2.21 (progs/layers11/setv.py), e.g.
    l = keras.layers.StringLookup(output_mode='tf_idf'); l.set_vocabulary(['a'])
    -> ValueError: `idf_weights` must be set if output_mode is 'tf_idf'.
    keras.layers.StringLookup(vocabulary='vocab.txt', output_mode='tf_idf', idf_weights=[1.] * 4)
    -> ValueError: output_mode `'tf_idf'` does not support loading a vocabulary from file.
"""
import re

import pytest

from framework import keras


@pytest.fixture
def vocab_file(tmp_path):
    path = tmp_path / 'vocab.txt'
    path.write_text('a\nbb\nc\nzz\n')
    return str(path)


@pytest.mark.parametrize('make', [
    lambda path: keras.layers.StringLookup(vocabulary=path, output_mode='tf_idf', idf_weights=[1.] * 4),
    lambda path: keras.layers.TextVectorization(vocabulary=path, output_mode='tf_idf', idf_weights=[1.] * 4),
    lambda path: keras.layers.StringLookup(output_mode='tf_idf').set_vocabulary(path, idf_weights=[1.] * 4),
])
def test_vocabulary_file_refused_in_tf_idf_mode(vocab_file, make):
    with pytest.raises(ValueError, match=re.escape("output_mode `'tf_idf'` does not support loading a vocabulary "
                                                   "from file.")):
        make(vocab_file)


def test_integer_lookup_vocabulary_file_refused_in_tf_idf_mode(tmp_path):
    path = tmp_path / 'ints.txt'
    path.write_text('5\n7\n')
    with pytest.raises(ValueError, match="does not support loading a vocabulary from file"):
        keras.layers.IntegerLookup(vocabulary=str(path), output_mode='tf_idf', idf_weights=[1., 2.])


def test_missing_file_is_named_before_the_tf_idf_refusal():
    with pytest.raises(ValueError, match='^Vocabulary file /no/such/vocab.txt does not exist.'):
        keras.layers.StringLookup(vocabulary='/no/such/vocab.txt', output_mode='tf_idf', idf_weights=[1.])


@pytest.mark.parametrize('layer_class', [keras.layers.StringLookup, keras.layers.TextVectorization])
def test_set_vocabulary_idf_weight_texts(layer_class):
    with pytest.raises(ValueError, match=re.escape("`idf_weights` must be set if output_mode is 'tf_idf'.")):
        layer_class(output_mode='tf_idf').set_vocabulary(['a'])
    with pytest.raises(ValueError) as info:
        layer_class().set_vocabulary(['a'], idf_weights=[1.])
    assert str(info.value) == ("`idf_weights` should only be set if output_mode is `'tf_idf'`. Received: "
                               "output_mode=int and idf_weights=[1.0]")


def test_vocabulary_file_still_loads_in_count_mode(vocab_file):
    layer = keras.layers.StringLookup(vocabulary=vocab_file, output_mode='count')
    assert layer([['a', 'zz', 'a', 'q']]).numpy().tolist() == [[1, 2, 0, 0, 1]]
