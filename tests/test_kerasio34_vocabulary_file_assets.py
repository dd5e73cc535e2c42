"""A lookup layer given its vocabulary as a text file saves the tokens, not the path (Keras 3:
"if `vocabulary` is a file path ... we serialize the vocabulary as an asset and clear the original
path"). tapeflow kept 'vocabulary': 'vocab.txt' in the config and wrote no asset, so the saved
model depended on a file outside it and failed to load once that file was gone; an IntegerLookup
read its file's lines as strings and refused them. Values printed by TF 2.21 / Keras 3.15 running
the same code (/work/notes/progs/kerasio34/s13_textvec_custom.py).
"""
import os
import zipfile

import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def vocab_files(tmp_path):
    (tmp_path / 'v2.txt').write_text('p\nq\n')
    (tmp_path / 'v3.txt').write_text('7\n8\n')
    (tmp_path / 'vocab.txt').write_text('hello\nworld\nfoo\n')
    return tmp_path


def test_config_holds_no_path(vocab_files):
    sl = keras.layers.StringLookup(vocabulary=str(vocab_files / 'v2.txt'))
    il = keras.layers.IntegerLookup(vocabulary=str(vocab_files / 'v3.txt'))
    tv = keras.layers.TextVectorization(vocabulary=str(vocab_files / 'vocab.txt'))
    assert (sl.get_config()['vocabulary'], il.get_config()['vocabulary'], tv.get_config()['vocabulary']) == (
        None, None, None)
    assert sl.get_vocabulary() == ['[UNK]', 'p', 'q']
    assert il.get_vocabulary() == [-1, 7, 8]
    assert tv.get_vocabulary() == ['', '[UNK]', 'hello', 'world', 'foo']


def test_saved_model_carries_the_vocabulary(vocab_files):
    sl = keras.layers.StringLookup(vocabulary=str(vocab_files / 'v2.txt'))
    il = keras.layers.IntegerLookup(vocabulary=str(vocab_files / 'v3.txt'))
    a = keras.Input((1,), dtype='string')
    b = keras.Input((1,), dtype='int64')
    path = str(vocab_files / 'l.keras')
    keras.Model([a, b], [sl(a), il(b)]).save(path)
    assets = sorted(n for n in zipfile.ZipFile(path).namelist() if n.startswith('assets'))
    assert assets == ['assets/layers/integer_lookup/vocabulary.txt', 'assets/layers/string_lookup/vocabulary.txt']
    os.remove(vocab_files / 'v2.txt')
    os.remove(vocab_files / 'v3.txt')
    out = keras.models.load_model(path).predict([tf.constant([['q'], ['z']]), np.array([[8], [1]])], verbose=0)
    assert [np.asarray(o).tolist() for o in out] == [[[2], [0]], [[2], [0]]]


def test_text_vectorization_file_vocabulary_round_trip(vocab_files):
    tv = keras.layers.TextVectorization(vocabulary=str(vocab_files / 'vocab.txt'), output_sequence_length=4)
    i = keras.Input((), dtype='string')
    path = str(vocab_files / 't.keras')
    keras.Model(i, tv(i)).save(path)
    archive = zipfile.ZipFile(path)
    assert archive.read('assets/layers/text_vectorization/vocabulary.txt') == b'\n[UNK]\nhello\nworld\nfoo'
    os.remove(vocab_files / 'vocab.txt')
    loaded = keras.models.load_model(path)
    assert loaded.predict(tf.constant(['foo hello', 'xyz']), verbose=0).tolist() == [[4, 2, 0, 0], [1, 0, 0, 0]]


def test_missing_file_is_refused_with_keras_words():
    with pytest.raises(ValueError, match='^Vocabulary file nofile.txt does not exist.'):
        keras.layers.StringLookup(vocabulary='nofile.txt')
