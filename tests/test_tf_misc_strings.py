"""tf.strings.to_hash_bucket (TF's legacy Hash64), ngrams and format, pinned to TF 2.21
(/work/notes/progs/tf_misc/strs.py run with /opt/tfref; h64.py matched 123 random byte strings)."""
import numpy as np
import pytest

import framework as tf

WORDS = ['', 'a', 'hello', 'tapeflow!', 'exactly8', 'a somewhat longer string of text, 40+ b', 'ünï', 'x' * 17]


def test_to_hash_bucket_is_tfs_hash64():
    assert tf.strings.to_hash_bucket(WORDS, 1000000007).numpy().tolist() == [
        727638525, 395105680, 302950538, 784341202, 271390255, 60653622, 33085166, 964465256]
    buckets = tf.strings.to_hash_bucket(tf.constant([['a', 'b'], ['c', 'd']]), 10)
    assert buckets.dtype == tf.int64 and buckets.numpy().tolist() == [[8, 0], [7, 9]]
    ragged = tf.strings.to_hash_bucket(tf.ragged.constant([['a', 'b'], ['c']]), 10)
    assert ragged.to_list() == [[8, 0], [7]]


def test_ngrams_match_tf():
    assert tf.strings.ngrams(tf.constant(['a', 'b', 'c', 'd']), 2).numpy().tolist() == [b'a b', b'b c', b'c d']
    assert tf.strings.ngrams(tf.constant(['a', 'b', 'c']), [1, 2], separator='-').numpy().tolist() == [
        b'a', b'b', b'c', b'a-b', b'b-c']
    assert tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2).to_list() == [[b'a b', b'b c'], []]
    dense = tf.strings.ngrams(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 3)
    assert dense.shape == (2, 1) and dense.numpy().tolist() == [[b'a b c'], [b'd e f']]
    padded = tf.strings.ngrams(tf.constant(['a', 'b']), 3, pad_values=('<s>', '</s>'), padding_width=1)
    assert padded.numpy().tolist() == [b'<s> a b', b'a b </s>']
    short = tf.strings.ngrams(tf.constant(['a']), 2, pad_values=('<s>', '</s>'), preserve_short_sequences=True)
    assert short.numpy().tolist() == [b'<s> a', b'a </s>']


def test_format_prints_as_tf_print():
    cases = [
        (('x={} y={}', (tf.constant(3), tf.constant([1.5, 2.]))), {}, b'x=3 y=[1.5 2]'),
        (('{}', tf.range(20)), {}, b'[0 1 2 ... 17 18 19]'),
        (('{}', tf.range(20)), {'summarize': 2}, b'[0 1 ... 18 19]'),
        (('v: {}', [tf.constant([[1, 2], [3, 4]])]), {}, b'v: [[1 2]\n [3 4]]'),
        (('{}', tf.constant(['a', 'b'])), {}, b'["a" "b"]'),
        (('{} and {}', (tf.constant(1.25), 'plain')), {}, b'1.25 and "plain"'),
    ]
    for args, kwargs, expected in cases:
        out = tf.strings.format(*args, **kwargs)
        assert out.dtype == tf.string and out.shape == () and out.numpy() == expected
    with pytest.raises(ValueError, match='placeholders'):
        tf.strings.format('{} {}', [tf.constant(1)])
