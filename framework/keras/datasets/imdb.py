"""``keras.datasets.imdb``: 50,000 movie reviews as word-index sequences, labelled positive / negative."""
import json

import numpy as np

from ..files import get_file
from .storage import ORIGIN_FOLDER, drop_long, encode_sequences, limit_vocabulary, load_npz, object_array

SHA256 = '69664113be75683a8fe16e3ed0ab59fda8886cb3cd7ada244f7d9544e4676b9f'
WORD_INDEX_MD5 = 'bfafd718b763782e994055a2d397834f'


def load_data(path='imdb.npz', num_words=None, skip_top=0, maxlen=None, seed=113, start_char=1, oov_char=2,
              index_from=3, **kwargs):
    """(x_train, y_train), (x_test, y_test): object arrays of word-index lists and int labels.

    Words are indexed by frequency (1 is the most frequent), then shifted by ``index_from``.
    Args:
        path: the file's name in the cache.
        num_words: keep the ``num_words`` most frequent words; the rest become ``oov_char``.
        skip_top: the most frequent words to replace by ``oov_char`` as well.
        maxlen: drop reviews of ``maxlen`` words or more.
        seed: the shuffling seed (train and test are shuffled by one RandomState in turn).
        start_char: the index that starts every review (None: none).
        oov_char: the index of dropped words (None: remove them instead).
        index_from: added to every word index.
    Raises:
        ValueError: maxlen leaves no review. TypeError: an unknown keyword (Keras ignores it).
    """
    if kwargs:
        raise TypeError('imdb.load_data: unrecognized keyword arguments %s' % sorted(kwargs))
    f = load_npz(get_file(fname=path, origin=ORIGIN_FOLDER + 'imdb.npz', file_hash=SHA256))
    x_train, labels_train, x_test, labels_test = f['x_train'], f['y_train'], f['x_test'], f['y_test']
    rng = np.random.RandomState(seed)
    order = np.arange(len(x_train))
    rng.shuffle(order)
    x_train, labels_train = x_train[order], labels_train[order]
    order = np.arange(len(x_test))
    rng.shuffle(order)
    x_test, labels_test = x_test[order], labels_test[order]

    x_train = encode_sequences(x_train, start_char, index_from)
    x_test = encode_sequences(x_test, start_char, index_from)
    if maxlen:
        x_train, labels_train = drop_long(maxlen, x_train, labels_train)
        x_test, labels_test = drop_long(maxlen, x_test, labels_test)
        if not x_train or not x_test:
            raise ValueError('imdb.load_data: after filtering for sequences shorter than maxlen=%s, no sequence '
                             'was kept; increase maxlen' % maxlen)
    xs = limit_vocabulary(x_train + x_test, num_words, skip_top, oov_char)
    labels = np.concatenate([labels_train, labels_test])
    cut = len(x_train)
    return (object_array(xs[:cut]), labels[:cut]), (object_array(xs[cut:]), labels[cut:])


def get_word_index(path='imdb_word_index.json'):
    """{word: index} (before ``index_from`` is added), from ``imdb_word_index.json``."""
    path = get_file(fname=path, origin=ORIGIN_FOLDER + 'imdb_word_index.json', file_hash=WORD_INDEX_MD5)
    with open(path) as f:
        return json.load(f)
