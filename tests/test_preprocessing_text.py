"""TextVectorization, StringLookup, IntegerLookup and CategoryEncoding against Keras 3.15.

Every expected value below was printed by keras 3.15 (TensorFlow 2.21 backend)
running the same calls on the same data, and pasted here as literals.
"""
import numpy as np
import pytest

import framework as tf
import layers as L

CORPUS = ["The cat sat on the mat.", "the dog, the CAT!", "a b c d b c a", "zeta alpha beta alpha zeta"]


def test_vocabulary_is_ordered_by_count_then_by_token_descending():
    tv = L.TextVectorization()
    tv.adapt(CORPUS)
    assert tv.get_vocabulary() == ['', '[UNK]', 'the', 'zeta', 'cat', 'c', 'b', 'alpha', 'a', 'sat', 'on', 'mat',
                                   'dog', 'd', 'beta']
    assert tv(CORPUS).numpy().tolist() == [[2, 4, 9, 10, 2, 11, 0], [2, 12, 2, 4, 0, 0, 0], [8, 6, 5, 13, 6, 5, 8],
                                           [3, 7, 14, 7, 3, 0, 0]]
    assert tv(CORPUS).dtype == tf.int64


@pytest.mark.parametrize('corpus, max_tokens, expected', [
    (["b b a a c c d"], 4, ['', '[UNK]', 'c', 'b']),
    (["é É e", "straße"], None, ['', '[UNK]', 'é', 'É', 'straße', 'e']),     # only ASCII is lower-cased, as TF
])
def test_ties_and_unicode_as_keras(corpus, max_tokens, expected):
    tv = L.TextVectorization(max_tokens=max_tokens)
    tv.adapt(corpus)
    assert tv.get_vocabulary() == expected


def test_tf_idf_with_bigrams_and_max_tokens():
    tv = L.TextVectorization(max_tokens=6, output_mode='tf_idf', ngrams=2)
    tv.adapt(CORPUS)
    assert tv.get_vocabulary() == ['[UNK]', 'the', 'zeta', 'the cat', 'cat', 'c']
    expected = [[6.634766, 1.6945957, 0., 0.84729785, 0.84729785, 0.], [2.843471, 1.6945957, 0., 0.84729785, 0.84729785, 0.],
                [10.426061, 0., 0., 0., 0., 2.1972246], [6.634766, 0., 2.1972246, 0., 0., 0.]]
    out = tv(CORPUS)
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)


@pytest.mark.parametrize('mode, expected', [
    ('multi_hot', [[0, 1, 0, 0, 1, 0, 0, 0], [0, 1, 0, 1, 0, 0, 0, 0], [0, 0, 1, 1, 1, 1, 0, 0]]),
    ('count', [[0, 1, 0, 0, 1, 0, 0, 0], [0, 2, 0, 1, 0, 0, 0, 0], [0, 0, 3, 1, 1, 1, 0, 0]]),
    ('tf_idf', [[0., 0.693147, 0., 0., 0.693147, 0., 0., 0.], [0., 1.386294, 0., 0.693147, 0., 0., 0., 0.],
                [0., 0., 2.748872, 0.693147, 0.693147, 0.916291, 0., 0.]]),
])
def test_encoded_modes_padded_to_max_tokens(mode, expected):
    corpus = ["the cat", "the dog the", "a cat a dog a bird"]
    tv = L.TextVectorization(output_mode=mode, max_tokens=8, pad_to_max_tokens=True)
    tv.adapt(corpus)
    assert tv.get_vocabulary() == ['[UNK]', 'the', 'a', 'dog', 'cat', 'bird']
    np.testing.assert_allclose(tv(corpus).numpy(), expected, atol=1e-6)
    assert tv.compute_output_shape((None,)) == (None, 8)


def test_split_options_ngrams_and_output_sequence_length():
    tv = L.TextVectorization(output_sequence_length=4, split='character', standardize='lower')
    tv.adapt(["abca", "BBd"])
    assert tv.get_vocabulary() == ['', '[UNK]', 'b', 'a', 'd', 'c']
    assert tv(["abcaz", "b"]).numpy().tolist() == [[3, 2, 5, 3], [2, 0, 0, 0]]
    tv = L.TextVectorization(standardize=None, split=None)
    tv.adapt(["A b", "A b", "c"])
    assert tv.get_vocabulary() == ['', '[UNK]', 'A b', 'c']
    assert tv([["A b"], ["z"]]).numpy().tolist() == [[2], [1]]
    tv = L.TextVectorization(ngrams=(2, 3))
    tv.adapt(["x y z x y"])
    assert tv.get_vocabulary() == ['', '[UNK]', 'x y', 'z x y', 'z x', 'y z x', 'y z', 'x y z']
    assert tv(["x y z", "y"]).numpy().tolist() == [[2, 6, 7], [0, 0, 0]]
    tv = L.TextVectorization(standardize='strip_punctuation', vocabulary=['Hi', 'there'], output_sequence_length=2)
    assert tv(["Hi, there! Hi"]).numpy().tolist() == [[2, 3]]
    assert tv.get_vocabulary(include_special_tokens=False) == ['Hi', 'there'] and tv.vocabulary_size() == 4


def test_callable_standardize_and_split():
    tv = L.TextVectorization(standardize=tf.strings.upper, split=lambda t: [s.split(b'-') for s in t.numpy()],
                             vocabulary=['A', 'B'])
    assert tv(["a-b-c", "b"]).numpy().tolist() == [[2, 3, 1], [3, 0, 0]]


def test_adapt_takes_datasets_and_generators_of_batches():
    texts = ["good movie", "bad movie", "great film, good acting", "terrible film!"]
    expected = ['', '[UNK]', 'movie', 'good', 'film', 'terrible', 'great', 'bad', 'acting']
    for data in (tf.data.Dataset.from_tensor_slices(texts).batch(3), (np.array(texts[i:i + 2]) for i in (0, 2))):
        tv = L.TextVectorization()
        tv.adapt(data)
        assert tv.get_vocabulary() == expected


def test_string_lookup_modes_and_specials():
    sl = L.StringLookup()
    sl.adapt(["b", "a", "c", "a", "b", "d"])
    assert sl.get_vocabulary() == ['[UNK]', 'b', 'a', 'd', 'c']
    assert sl(["a", "z", "d"]).numpy().tolist() == [2, 0, 3]
    sl = L.StringLookup(mask_token="", num_oov_indices=2, output_mode='count')
    sl.adapt(["b", "a", "c", "a"])
    assert sl.get_vocabulary() == ['[UNK]', '[UNK]', 'a', 'c', 'b']
    # 'z' and 'q' land in OOV bucket 1 by FarmHash Fingerprint64, as in Keras
    assert sl([["a", "a", "z"], ["q", "", "c"]]).numpy().tolist() == [[0, 1, 2, 0, 0], [0, 1, 0, 1, 0]]
    sl = L.StringLookup(vocabulary=['', '[UNK]', 'a', 'b'], mask_token='')
    assert sl.get_vocabulary() == ['', '[UNK]', 'a', 'b'] and sl(['', 'a', 'x']).numpy().tolist() == [0, 2, 1]
    sl = L.StringLookup(vocabulary=['a', 'b'], invert=True, mask_token='[M]')
    assert sl([0, 1, 2, 3, 7]).numpy().tolist() == [b'[M]', b'[UNK]', b'a', b'b', b'[UNK]']
    assert L.StringLookup(output_mode='one_hot', vocabulary=['x', 'y'])(np.array([['y'], ['q']])).numpy().tolist() == \
        [[0, 0, 1], [1, 0, 0]]


@pytest.mark.parametrize('salt, expected', [(None, [5, 0, 2, 1]), ((3, 9), [5, 1, 4, 3])])
def test_string_oov_buckets_hash_as_keras(salt, expected):
    sl = L.StringLookup(vocabulary=['a'], num_oov_indices=5, salt=salt)
    assert sl(['a', 'x', 'yy', 'hello world']).numpy().tolist() == expected


def test_lookup_tf_idf_weights_given_and_adapted():
    sl = L.StringLookup(output_mode='tf_idf', vocabulary=['a', 'b'], idf_weights=[0.5, 0.25])
    np.testing.assert_allclose(sl([['a', 'c'], ['b', 'b']]).numpy(), [[0.375, 0.5, 0.], [0., 0., 0.5]])
    sl = L.StringLookup(output_mode='tf_idf', vocabulary=['a', 'b'], idf_weights=[0.5, 0.25], pad_to_max_tokens=True,
                        max_tokens=6)
    np.testing.assert_allclose(sl(['a', 'z']).numpy(), [0.375, 0.5, 0., 0., 0., 0.])
    sl = L.StringLookup(max_tokens=5, pad_to_max_tokens=True, output_mode='tf_idf')
    sl.adapt([['a', 'b', 'a'], ['c', 'a', 'd']])
    assert sl.get_vocabulary() == ['[UNK]', 'a', 'd', 'c', 'b']
    np.testing.assert_allclose(sl(['a', 'c', 'z']).numpy(), [0.6475668, 0.51082563, 0., 0.6931472, 0.], rtol=1e-6)


def test_integer_lookup():
    il = L.IntegerLookup()
    il.adapt([5, 3, 3, 7, 5, 5, 9])
    assert il.get_vocabulary() == [-1, 5, 3, 9, 7] and il([3, 4, 0, -1]).numpy().tolist() == [2, 0, 0, 0]
    assert L.IntegerLookup(invert=True, vocabulary=[5, 3])([0, 1, 2, 3]).numpy().tolist() == [-1, 5, 3, -1]
    assert L.IntegerLookup(vocabulary=[10, 20], num_oov_indices=3)([10, 11, 12, 13, 20, -5]).numpy().tolist() == \
        [3, 2, 0, 1, 4, 1]
    assert L.IntegerLookup(vocabulary=[10, 20], num_oov_indices=3, oov_method='farmhash')(
        [10, 11, 12, 13, 20, -5]).numpy().tolist() == [3, 1, 1, 2, 4, 0]
    il = L.IntegerLookup(output_mode='multi_hot', mask_token=0, num_oov_indices=2)
    il.adapt(np.array([[3, 3, 7], [0, 9, 3]]))
    assert il.get_vocabulary() == [-1, -1, 3, 9, 7]
    assert il(np.array([[3, 0, 8], [9, 9, 1]])).numpy().tolist() == [[1, 0, 1, 0, 0], [0, 1, 0, 1, 0]]
    il = L.IntegerLookup(mask_token=0)
    il.adapt(np.array([[3, 3, 7], [0, 9, 3]]))
    assert il.get_vocabulary() == [0, -1, 3, 9, 7]
    assert il(np.array([[3, 0, 8], [9, 9, 1]])).numpy().tolist() == [[2, 0, 1], [3, 3, 1]]


def test_category_encoding():
    ce = L.CategoryEncoding(num_tokens=4, output_mode='count')
    assert ce([[0, 1, 1], [3, 3, 2]]).numpy().tolist() == [[1., 2., 0., 0.], [0., 0., 1., 2.]]
    assert ce([1, 2]).numpy().tolist() == [0., 1., 1., 0.]
    assert L.CategoryEncoding(3)([5]).numpy().tolist() == [0., 0., 0.]        # ids past num_tokens drop, as Keras
    assert L.CategoryEncoding(3, 'one_hot')([[1], [2]]).numpy().tolist() == [[0., 1., 0.], [0., 0., 1.]]
    weighted = L.CategoryEncoding(3, 'count')([[1, 1], [2, 0]], count_weights=np.array([[.5, .25], [1, 2.]]))
    assert weighted.numpy().tolist() == [[0., 0.75, 0.], [2., 0., 1.]]
    with pytest.raises(ValueError, match='non-negative'):
        L.CategoryEncoding(3)([-1])


@pytest.mark.parametrize('make, call, match', [
    (lambda: L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0), lambda l: l(['a', 'c']), 'num_oov_indices=0'),
    (lambda: L.StringLookup(vocabulary=['a', 'a']), None, 'repeated term'),      # Keras 3's text
    (lambda: L.StringLookup(output_mode='nope'), None, 'output_mode'),
    (lambda: L.StringLookup(max_tokens=1), None, 'max_tokens'),
    (lambda: L.StringLookup(vocabulary=['a']), lambda l: l.adapt(['a']), 'static vocabulary'),
    (lambda: L.StringLookup(), lambda l: l([1, 2]), 'expected string'),
    (lambda: L.IntegerLookup(), lambda l: l(['a']), r"Cannot convert \['a'\] to EagerTensor of dtype int64"),  # TF 2.21
    (lambda: L.TextVectorization(split='comma'), None, 'split'),
    (lambda: L.TextVectorization(output_mode='count', output_sequence_length=3), None, 'output_sequence_length'),
    (lambda: L.TextVectorization(), lambda l: l(np.array([['a b', 'c']])), 'input rank must be 1 or the last shape dimension must be 1'),
    (lambda: L.CategoryEncoding(0), None, 'num_tokens'),
])
def test_bad_arguments_and_inputs_raise_naming_the_layer(make, call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        layer = make()
        call(layer)


def test_get_config_round_trip_and_keras_fields():
    tv = L.TextVectorization(max_tokens=6, output_mode='tf_idf', ngrams=2)
    tv.adapt(CORPUS)
    config = tv.get_config()
    assert {k: config[k] for k in ('max_tokens', 'standardize', 'split', 'ngrams', 'output_mode',
                                   'output_sequence_length', 'pad_to_max_tokens', 'vocabulary_size')} == {
        'max_tokens': 6, 'standardize': 'lower_and_strip_punctuation', 'split': 'whitespace', 'ngrams': 2,
        'output_mode': 'tf_idf', 'output_sequence_length': None, 'pad_to_max_tokens': False, 'vocabulary_size': 6}
    # the config holds no adapted vocabulary (a .keras file keeps it as an asset): the layer made from it
    # is unadapted and writes its live size, the OOV token alone, as Keras 3.15's does (6, then 1)
    assert type(tv).from_config(config).get_config() == dict(config, vocabulary_size=1)
    for layer in (L.StringLookup(vocabulary=['a', 'b'], mask_token=''), L.IntegerLookup(max_tokens=5),
                  L.CategoryEncoding(3, 'count')):
        assert type(layer).from_config(layer.get_config()).get_config() == layer.get_config()
    for layer in (tv, L.StringLookup(vocabulary=['a', 'b'], mask_token=''), L.IntegerLookup(max_tokens=5),
                  L.CategoryEncoding(3, 'count')):
        assert type(L.deserialize(L.serialize(layer))) is type(layer)


def test_the_text_classification_tutorials_custom_standardization():
    import re
    import string

    def custom_standardization(input_data):
        lowercase = tf.strings.lower(input_data)
        stripped_html = tf.strings.regex_replace(lowercase, '<br />', ' ')
        return tf.strings.regex_replace(stripped_html, '[%s]' % re.escape(string.punctuation), '')
    texts = ["A great movie!<br />Loved it.", "Bad, bad film... <br />Skip", "great FILM"]
    tv = L.TextVectorization(standardize=custom_standardization, max_tokens=10, output_sequence_length=6)
    tv.adapt(texts)
    assert tv.get_vocabulary() == ['', '[UNK]', 'great', 'film', 'bad', 'skip', 'movie', 'loved', 'it', 'a']
    assert tv(texts).numpy().tolist() == [[9, 2, 6, 7, 8, 0], [4, 4, 3, 5, 0, 0], [2, 3, 0, 0, 0, 0]]
    first_only = tf.strings.regex_replace(['aaa', 'abab'], 'a(b)?', r'<\1>', replace_global=False)
    assert first_only.numpy().tolist() == [b'<>aa', b'<b>ab']


def test_vocabulary_tokens_are_numpy_scalars_as_keras_prints_them():
    # Keras 3.15: ['[UNK]', np.str_('a'), np.str_('b')] and [-1, np.int64(3), np.int64(4)]
    from framework import keras
    strings = keras.layers.StringLookup()
    strings.adapt(np.array(['a', 'b', 'a']))
    assert repr(strings.get_vocabulary()) == "['[UNK]', np.str_('a'), np.str_('b')]"
    ints = keras.layers.IntegerLookup()
    ints.adapt(np.array([3, 4, 3]))
    assert repr(ints.get_vocabulary()) == '[-1, np.int64(3), np.int64(4)]'
