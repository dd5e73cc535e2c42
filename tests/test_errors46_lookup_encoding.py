"""StringLookup / TextVectorization keep their tokens as TF's UTF-8 strings whatever `encoding` says, as Keras 3
on TF 2.21: the encoding only decodes the vocabulary get_vocabulary() hands back. Values measured with TF 2.21
(probe /work/notes/progs/errors46/c10.txt)."""
import pytest

from framework import keras


def test_bad_encoding_still_looks_up_and_inverts():
    layer = keras.layers.StringLookup(vocabulary=['a', '\u00e9'], encoding='bad')
    assert layer(['\u00e9', 'a']).numpy().tolist() == [2, 1]          # TF 2.21: [2, 1]
    inverse = keras.layers.StringLookup(vocabulary=['a', '\u00e9'], encoding='bad', invert=True)
    assert inverse([1, 2]).numpy().tolist() == [b'a', b'\xc3\xa9']     # TF 2.21: UTF-8 bytes
    with pytest.raises(LookupError, match='unknown encoding: bad'):     # TF 2.21: decoding the vocabulary
        layer.get_vocabulary()


def test_latin1_encoding_decodes_the_utf8_vocabulary():
    layer = keras.layers.StringLookup(vocabulary=['a', '\u00e9'], encoding='latin-1')
    assert layer(['\u00e9', 'a']).numpy().tolist() == [2, 1]
    assert layer.get_vocabulary() == ['[UNK]', 'a', '\u00c3\u00a9']    # TF 2.21: 'Ã©'
    inverse = keras.layers.StringLookup(vocabulary=['a', '\u00e9'], encoding='latin-1', invert=True)
    assert inverse([1, 2]).numpy().tolist() == [b'a', b'\xc3\xa9']


def test_text_vectorization_with_a_bad_encoding_vectorizes():
    layer = keras.layers.TextVectorization(encoding='bad', vocabulary=['a', '\u00e9'])
    assert layer(['a \u00e9']).numpy().tolist() == [[2, 3]]            # TF 2.21: [[2, 3]]
    latin = keras.layers.TextVectorization(encoding='latin-1', vocabulary=['a', '\u00e9'])
    assert latin(['a \u00e9']).numpy().tolist() == [[2, 3]]
    assert latin.get_vocabulary() == ['', '[UNK]', 'a', '\u00c3\u00a9']
