"""``keras.datasets.reuters``: 11,228 newswires as word-index sequences, in 46 topics."""
import json

import numpy as np

from ..files import get_file
from .storage import ORIGIN_FOLDER, drop_long, encode_sequences, limit_vocabulary, load_npz, object_array

SHA256 = 'd6586e694ee56d7a4e65172e12b3e987c03096cb01eab99753921ef915959916'
WORD_INDEX_MD5 = '4d44cc38712099c9e383dc6e5f11a921'

LABEL_NAMES = ('cocoa', 'grain', 'veg-oil', 'earn', 'acq', 'wheat', 'copper', 'housing', 'money-supply', 'coffee',
               'sugar', 'trade', 'reserves', 'ship', 'cotton', 'carcass', 'crude', 'nat-gas', 'cpi', 'money-fx',
               'interest', 'gnp', 'meal-feed', 'alum', 'oilseed', 'gold', 'tin', 'strategic-metal', 'livestock',
               'retail', 'ipi', 'iron-steel', 'rubber', 'heat', 'jobs', 'lei', 'bop', 'zinc', 'orange', 'pet-chem',
               'dlr', 'gas', 'silver', 'wpi', 'hog', 'lead')


def load_data(path='reuters.npz', num_words=None, skip_top=0, maxlen=None, test_split=0.2, seed=113, start_char=1,
              oov_char=2, index_from=3):
    """(x_train, y_train), (x_test, y_test): object arrays of word-index lists and int topic labels.

    The arguments are imdb.load_data's, plus ``test_split``: the fraction of the shuffled
    newswires that goes to the test set (the last ones).
    """
    f = load_npz(get_file(fname=path, origin=ORIGIN_FOLDER + 'reuters.npz', file_hash=SHA256))
    xs, labels = f['x'], f['y']
    order = np.arange(len(xs))
    np.random.RandomState(seed).shuffle(order)
    xs, labels = xs[order], labels[order]
    xs = encode_sequences(xs, start_char, index_from)
    if maxlen:
        xs, labels = drop_long(maxlen, xs, labels)
    xs = limit_vocabulary(xs, num_words, skip_top, oov_char)
    cut = int(len(xs) * (1 - test_split))
    return (object_array(xs[:cut]), np.array(labels[:cut])), (object_array(xs[cut:]), np.array(labels[cut:]))


def get_word_index(path='reuters_word_index.json'):
    """{word: index} (before ``index_from`` is added), from ``reuters_word_index.json``."""
    path = get_file(path, origin=ORIGIN_FOLDER + 'reuters_word_index.json', file_hash=WORD_INDEX_MD5)
    with open(path) as f:
        return json.load(f)


def get_label_names():
    """The 46 topic names, in label order."""
    return LABEL_NAMES
