"""tf.keras.preprocessing.text (Tokenizer and helpers) and sequence.TimeseriesGenerator.

Golden values: printed by TF 2.21's tf.keras.preprocessing for the same corpus
(/work/notes/progs/kbackend/t1.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras.preprocessing.sequence import TimeseriesGenerator, pad_sequences
from framework.keras.preprocessing.text import Tokenizer, hashing_trick, text_to_word_sequence, tokenizer_from_json

TEXTS = ['The cat sat on the mat.', 'The dog ate my homework!', 'Dogs and cats, living together?',
         "I'm the cat's owner -- really", 'the the THE mat']


def fitted(**kwargs):
    tokenizer = Tokenizer(**kwargs)
    tokenizer.fit_on_texts(TEXTS)
    return tokenizer


def test_words_and_md5_hashes():
    assert text_to_word_sequence(TEXTS[3]) == ["i'm", 'the', "cat's", 'owner', 'really']
    assert text_to_word_sequence('a-b c_d', filters='-', lower=False) == ['a', 'b', 'c_d']
    assert hashing_trick(TEXTS[0], 20, hash_function='md5') == [17, 4, 13, 16, 17, 9]


def test_word_index_by_count_ties_in_first_seen_order():
    assert fitted().word_index == {
        'the': 1, 'mat': 2, 'cat': 3, 'sat': 4, 'on': 5, 'dog': 6, 'ate': 7, 'my': 8, 'homework': 9, 'dogs': 10,
        'and': 11, 'cats': 12, 'living': 13, 'together': 14, "i'm": 15, "cat's": 16, 'owner': 17, 'really': 18}
    assert fitted(lower=False, filters='').word_index['The'] == 2


def test_texts_to_sequences_with_num_words_and_oov():
    texts = TEXTS + ['unknown words here cat']
    assert fitted().texts_to_sequences(texts)[-2:] == [[1, 1, 1, 2], [3]]
    assert fitted(num_words=6).texts_to_sequences(texts) == [[1, 3, 4, 5, 1, 2], [1], [], [1], [1, 1, 1, 2], [3]]
    tokenizer = fitted(num_words=5, oov_token='<unk>')
    sequences = tokenizer.texts_to_sequences(texts)
    assert sequences == [[2, 4, 1, 1, 2, 3], [2, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 2, 1, 1, 1], [2, 2, 2, 3],
                         [1, 1, 1, 4]]
    assert tokenizer.sequences_to_texts(sequences)[0] == 'the cat <unk> <unk> the mat'
    assert pad_sequences(sequences, maxlen=5).tolist()[4:] == [[0, 2, 2, 2, 3], [0, 1, 1, 1, 4]]


def test_texts_to_matrix_modes():
    tokenizer = fitted(num_words=5, oov_token='<unk>')
    np.testing.assert_array_equal(tokenizer.texts_to_matrix(TEXTS[:3], mode='count'),
                                  [[0, 2, 2, 1, 1], [0, 4, 1, 0, 0], [0, 5, 0, 0, 0]])
    np.testing.assert_allclose(tokenizer.texts_to_matrix(TEXTS[:3], mode='freq'),
                               [[0, 1 / 3, 1 / 3, 1 / 6, 1 / 6], [0, 0.8, 0.2, 0, 0], [0, 1, 0, 0, 0]])
    np.testing.assert_allclose(tokenizer.texts_to_matrix(TEXTS[:3], mode='tfidf'),
                               [[0, 3.033712, 1.1736, 0.980829, 1.252763], [0, 4.275666, 0.693147, 0, 0],
                                [0, 4.675485, 0, 0, 0]], atol=1e-6)
    assert tokenizer.texts_to_matrix(TEXTS[:1]).dtype == np.float64
    with pytest.raises(ValueError, match='Specify a dimension'):
        Tokenizer().texts_to_matrix(['a'])
    with pytest.raises(TypeError, match='Unrecognized keyword arguments'):
        Tokenizer(foo=1)


def test_char_level_and_token_lists():
    assert list(fitted(char_level=True).word_index)[:5] == [' ', 't', 'e', 'h', 'a']
    tokenizer = Tokenizer()
    tokenizer.fit_on_texts([['Hello', 'World'], ['hello']])
    assert tokenizer.word_index == {'hello': 1, 'world': 2}
    assert tokenizer.texts_to_sequences([['HELLO', 'world']]) == [[1, 2]]


def test_json_round_trip():
    tokenizer = fitted(num_words=10, oov_token='<OOV>')
    again = tokenizer_from_json(tokenizer.to_json())
    assert again.word_index == tokenizer.word_index and again.index_word == tokenizer.index_word
    assert again.texts_to_sequences(TEXTS[:2]) == [[2, 4, 5, 6, 2, 3], [2, 7, 8, 9, 1]]
    assert (again.num_words, again.oov_token, again.document_count) == (10, '<OOV>', 5)
    assert sorted(tokenizer.get_config()) == ['char_level', 'document_count', 'filters', 'index_docs', 'index_word',
                                              'lower', 'num_words', 'oov_token', 'split', 'word_counts', 'word_docs',
                                              'word_index']


def test_timeseries_generator_windows():
    generator = TimeseriesGenerator(np.arange(20).reshape(10, 2), np.arange(10), length=3, stride=2, batch_size=2)
    assert len(generator) == 2
    assert generator[1][0].tolist() == [[[8, 9], [10, 11], [12, 13]], [[12, 13], [14, 15], [16, 17]]]
    assert generator[1][1].tolist() == [7, 9]
    generator = TimeseriesGenerator(np.arange(10), np.arange(10) * 2, length=4, sampling_rate=2, start_index=1,
                                    end_index=8, reverse=True, batch_size=3)
    assert [generator[i][0].tolist() for i in range(len(generator))] == [[[3, 1], [4, 2], [5, 3]], [[6, 4]]]
    keras.utils.set_random_seed(0)
    assert TimeseriesGenerator(np.arange(10.0), np.arange(10.0), length=2, shuffle=True, batch_size=3)[0][1].tolist() \
        == [6.0, 9.0, 7.0]
    with pytest.raises(ValueError, match='start_index\\+length=5 > end_index=2'):
        TimeseriesGenerator(np.arange(3), np.arange(3), length=5)


def test_fit_reads_a_timeseries_generator():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    series = np.arange(20.0) / 20
    history = model.fit(TimeseriesGenerator(series, series, length=2, batch_size=4), epochs=2, verbose=0)
    np.testing.assert_allclose(history.history['loss'], [0.657561, 0.497709], atol=1e-6)
