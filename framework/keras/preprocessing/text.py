"""``tf.keras.preprocessing.text``: Keras 1's Tokenizer and word helpers, which countless text
tutorials still use (``Tokenizer(num_words, oov_token)``, ``fit_on_texts``,
``texts_to_sequences``, ``texts_to_matrix``, ``to_json`` / ``tokenizer_from_json``).

Words are numbered from 1 by falling count, ties in first-seen order (a stable sort), the
``oov_token`` first; ``num_words`` keeps indices below it when texts are turned into numbers.
"""
import collections
import hashlib
import json
import warnings

import numpy as np

__all__ = ['Tokenizer', 'hashing_trick', 'one_hot', 'text_to_word_sequence', 'tokenizer_from_json']

FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'


def text_to_word_sequence(input_text, filters=FILTERS, lower=True, split=' '):
    """The words of ``input_text``: lower-cased, each ``filters`` character made a separator,
    split on ``split``, empty pieces dropped."""
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(str.maketrans({c: split for c in filters}))
    return [word for word in input_text.split(split) if word]


def hashing_trick(text, n, hash_function=None, filters=FILTERS, lower=True, split=' ', analyzer=None):
    """Each word as ``hash_function(word) % (n - 1) + 1`` (so 0 stays free for padding).

    ``hash_function`` None is Python's ``hash`` (salted per process unless PYTHONHASHSEED is set,
    as in Keras); 'md5' is stable across runs.
    """
    if hash_function is None:
        hash_function = hash
    elif hash_function == 'md5':
        def hash_function(word):
            return int(hashlib.md5(word.encode()).hexdigest(), 16)
    words = analyzer(text) if analyzer is not None else text_to_word_sequence(text, filters, lower, split)
    return [hash_function(word) % (n - 1) + 1 for word in words]


def one_hot(input_text, n, filters=FILTERS, lower=True, split=' ', analyzer=None):
    """hashing_trick with Python's ``hash``: word indices in [1, n)."""
    return hashing_trick(input_text, n, hash_function=hash, filters=filters, lower=lower, split=split,
                         analyzer=analyzer)


class Tokenizer:
    """Numbers the words of a corpus by frequency and turns texts into index lists or matrices.

    Args:
        num_words: keep indices below this in texts_to_sequences / matrices (None: all).
        filters, lower, split: as text_to_word_sequence.
        char_level: every character is a token.
        oov_token: a token (index 1) standing for words outside the vocabulary.
        analyzer: a callable splitting a text into tokens, instead of the above.
    """

    def __init__(self, num_words=None, filters=FILTERS, lower=True, split=' ', char_level=False, oov_token=None,
                 analyzer=None, **kwargs):
        if 'nb_words' in kwargs:
            warnings.warn('The `nb_words` argument in `Tokenizer` has been renamed `num_words`.')
            num_words = kwargs.pop('nb_words')
        document_count = kwargs.pop('document_count', 0)
        if kwargs:
            raise TypeError('Unrecognized keyword arguments: %s' % (kwargs,))
        self.word_counts = collections.OrderedDict()
        self.word_docs = collections.defaultdict(int)
        self.filters, self.split, self.lower = filters, split, lower
        self.num_words = num_words
        self.document_count = document_count
        self.char_level = char_level
        self.oov_token = oov_token
        self.index_docs = collections.defaultdict(int)
        self.word_index = {}
        self.index_word = {}
        self.analyzer = analyzer

    def _tokens(self, text):
        if self.char_level or isinstance(text, list):       # a list is taken as tokens already
            if self.lower:
                text = [t.lower() for t in text] if isinstance(text, list) else text.lower()
            return text
        if self.analyzer is not None:
            return self.analyzer(text)
        return text_to_word_sequence(text, filters=self.filters, lower=self.lower, split=self.split)

    def fit_on_texts(self, texts):
        """Count the words of ``texts`` (strings, or lists of tokens) and renumber the vocabulary."""
        for text in texts:
            self.document_count += 1
            tokens = self._tokens(text)
            for word in tokens:
                self.word_counts[word] = self.word_counts.get(word, 0) + 1
            for word in set(tokens):
                self.word_docs[word] += 1
        by_count = sorted(self.word_counts.items(), key=lambda item: item[1], reverse=True)
        vocabulary = ([] if self.oov_token is None else [self.oov_token]) + [word for word, _ in by_count]
        self.word_index = {word: i for i, word in enumerate(vocabulary, start=1)}
        self.index_word = {i: word for word, i in self.word_index.items()}
        for word, count in list(self.word_docs.items()):
            self.index_docs[self.word_index[word]] = count

    def fit_on_sequences(self, sequences):
        """Count, for tfidf, the documents each index appears in."""
        self.document_count += len(sequences)
        for sequence in sequences:
            for i in set(sequence):
                self.index_docs[i] += 1

    def texts_to_sequences(self, texts):
        """Each text as a list of word indices (unknown or >= num_words words: the oov index, or dropped)."""
        return list(self.texts_to_sequences_generator(texts))

    def texts_to_sequences_generator(self, texts):
        oov_index = self.word_index.get(self.oov_token)
        for text in texts:
            indices = []
            for word in self._tokens(text):
                i = self.word_index.get(word)
                if i is None:
                    if self.oov_token is not None:
                        indices.append(oov_index)
                elif self.num_words and i >= self.num_words:
                    if oov_index is not None:
                        indices.append(oov_index)
                else:
                    indices.append(i)
            yield indices

    def sequences_to_texts(self, sequences):
        """Each index list as a space-joined text (the inverse of texts_to_sequences)."""
        return list(self.sequences_to_texts_generator(sequences))

    def sequences_to_texts_generator(self, sequences):
        oov_index = self.word_index.get(self.oov_token)
        for sequence in sequences:
            words = []
            for i in sequence:
                word = self.index_word.get(i)
                if word is None:
                    if self.oov_token is not None:
                        words.append(self.index_word[oov_index])
                elif self.num_words and i >= self.num_words:
                    if oov_index is not None:
                        words.append(self.index_word[oov_index])
                else:
                    words.append(word)
            yield ' '.join(words)

    def texts_to_matrix(self, texts, mode='binary'):
        """(len(texts), num_words) float64 matrix; ``mode`` 'binary', 'count', 'freq' or 'tfidf'."""
        return self.sequences_to_matrix(self.texts_to_sequences(texts), mode=mode)

    def sequences_to_matrix(self, sequences, mode='binary'):
        """As texts_to_matrix, from index lists.

        Raises:
            ValueError: no num_words and nothing fitted; tfidf before fitting; an unknown mode.
        """
        if self.num_words:
            width = self.num_words
        elif self.word_index:
            width = len(self.word_index) + 1
        else:
            raise ValueError('Specify a dimension (`num_words` argument), or fit on some text data first.')
        if mode == 'tfidf' and not self.document_count:
            raise ValueError('Fit the Tokenizer on some data before using tfidf mode.')
        matrix = np.zeros((len(sequences), width))
        for row, sequence in enumerate(sequences):
            if not sequence:
                continue
            counts = collections.Counter(j for j in sequence if j < width)
            for j, c in counts.items():
                matrix[row][j] = self._weight(mode, c, len(sequence), j)
        return matrix

    def _weight(self, mode, count, length, j):
        if mode == 'count':
            return count
        if mode == 'freq':
            return count / length
        if mode == 'binary':
            return 1
        if mode == 'tfidf':
            return (1 + np.log(count)) * np.log(1 + self.document_count / (1 + self.index_docs.get(j, 0)))
        raise ValueError('Unknown vectorization mode:', mode)

    def get_config(self):
        """The settings and the fitted tables, the tables as JSON strings (Keras's layout)."""
        return {'num_words': self.num_words, 'filters': self.filters, 'lower': self.lower, 'split': self.split,
                'char_level': self.char_level, 'oov_token': self.oov_token, 'document_count': self.document_count,
                'word_counts': json.dumps(self.word_counts), 'word_docs': json.dumps(self.word_docs),
                'index_docs': json.dumps(self.index_docs), 'index_word': json.dumps(self.index_word),
                'word_index': json.dumps(self.word_index)}

    def to_json(self, **kwargs):
        """``{"class_name": "Tokenizer", "config": get_config()}`` as JSON (kwargs go to json.dumps)."""
        return json.dumps({'class_name': self.__class__.__name__, 'config': self.get_config()}, **kwargs)


def tokenizer_from_json(json_string):
    """The Tokenizer a ``to_json`` string describes (its indices read back as ints)."""
    config = dict(json.loads(json_string).get('config'))
    tables = {name: json.loads(config.pop(name))
              for name in ('word_counts', 'word_docs', 'index_docs', 'index_word', 'word_index')}
    tokenizer = Tokenizer(**config)
    tokenizer.word_counts = tables['word_counts']
    tokenizer.word_docs = tables['word_docs']
    tokenizer.index_docs = {int(k): v for k, v in tables['index_docs'].items()}
    tokenizer.word_index = tables['word_index']
    tokenizer.index_word = {int(k): v for k, v in tables['index_word'].items()}
    return tokenizer
