"""TextVectorization with a split callable that returns a RaggedTensor (tf.strings.split, the usual
way to write one) adapts and calls as in Keras 3: one row of tokens per string. tapeflow refused the
ragged result ("expected strings, got <tf.RaggedTensor ...>"). Values: TF 2.21 / Keras 3.15
(notes progs/kerasexamples/e24_tv_split.py, e25_tv_split_edge.py)."""
import numpy as np

import framework as tf
from framework.keras import layers


def _comma_split(s):
    return tf.strings.split(s, sep=',')


def test_adapt_and_call_with_ragged_split():
    tv = layers.TextVectorization(max_tokens=10, split=_comma_split, standardize=None)
    tv.adapt(['a,b,c', 'B,c', 'c'])
    assert tv.get_vocabulary() == ['', '[UNK]', 'c', 'b', 'a', 'B']
    assert np.asarray(tv(['c,a,q'])).tolist() == [[2, 4, 1]]
    assert np.asarray(tv(tf.constant([['c,b'], ['a']]))).tolist() == [[2, 3], [4, 0]]


def test_standardized_before_the_split():
    tv = layers.TextVectorization(max_tokens=10, split=_comma_split)     # punctuation (the commas) stripped first
    tv.adapt(['a,b,c', 'B,c', 'c'])
    assert tv.get_vocabulary() == ['', '[UNK]', 'c', 'bc', 'abc']
    assert np.asarray(tv(['c,a,q'])).tolist() == [[1]]


def test_ragged_split_with_sequence_length_ngrams_and_fixed_vocabulary():
    tv = layers.TextVectorization(split=lambda s: tf.strings.split(s), output_sequence_length=4, standardize=None)
    tv.adapt(tf.data.Dataset.from_tensor_slices(['x y', 'y z z']).batch(2))
    assert tv.get_vocabulary() == ['', '[UNK]', 'z', 'y', 'x']
    assert np.asarray(tv(['z x w'])).tolist() == [[2, 4, 1, 0]]
    grams = layers.TextVectorization(split=lambda s: tf.strings.split(s, sep='-'), output_mode='multi_hot', ngrams=2,
                                     standardize=None)
    grams.adapt(['p-q-r', 'q-r'])
    assert grams.get_vocabulary() == ['[UNK]', 'r', 'q r', 'q', 'p q', 'p']
    assert np.asarray(grams(['q-r-p'])).tolist() == [[1, 1, 1, 1, 0, 1]]
    fixed = layers.TextVectorization(split=tf.strings.split, vocabulary=['x', 'y'], standardize=None)
    assert np.asarray(fixed(['y x u'])).tolist() == [[3, 2, 1]]


def test_empty_tokens_of_the_split():
    tv = layers.TextVectorization(split=_comma_split, standardize=None)
    tv.adapt(['a,,b', 'b,', ''])
    assert tv.get_vocabulary() == ['', '[UNK]', 'b', 'a']
    assert np.asarray(tv(['a,,b,q', ','])).tolist() == [[3, 0, 2, 1], [0, 0, 0, 0]]
    counts = layers.TextVectorization(split=_comma_split, standardize=None, output_mode='count')
    counts.adapt(['a,,b', 'b,'])
    assert np.asarray(counts(['a,,b,b'])).tolist() == [[0, 2, 1]]
