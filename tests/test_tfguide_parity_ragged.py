"""The 'Ragged tensors' guide's calls that TensorFlow dispatches to RaggedTensors: tile, map_fn,
the tf.strings ops, embedding_lookup with ragged ids, and string padding. Expected values:
TensorFlow 2.21 (/opt/tfref) printing the same lines."""
import math

import numpy as np
import pytest

import framework as tf

DIGITS = [[3, 1, 4, 1], [], [5, 9, 2], [6], []]


def test_tile_and_map_fn_on_rows():
    digits = tf.ragged.constant(DIGITS)
    assert str(tf.tile(digits, [1, 2])) == ('<tf.RaggedTensor [[3, 1, 4, 1, 3, 1, 4, 1], [], [5, 9, 2, 5, 9, 2], '
                                            '[6, 6], []]>')
    assert tf.tile(digits, [2, 1]).to_list() == DIGITS + DIGITS
    assert tf.map_fn(tf.math.square, digits).to_list() == [[9, 1, 16, 1], [], [25, 81, 4], [36], []]
    sums = tf.map_fn(tf.reduce_sum, digits, fn_output_signature=tf.int32)
    np.testing.assert_array_equal(sums, [9, 0, 16, 6, 0])


def test_tile_gradient_reaches_the_values():
    values = tf.Variable([1., 2., 3.])
    with tf.GradientTape() as tape:
        rt = tf.RaggedTensor.from_row_lengths(values, [2, 1])
        total = tf.reduce_sum(tf.tile(rt, [2, 3]).flat_values)
    np.testing.assert_array_equal(tf.convert_to_tensor(tape.gradient(total, values)), [6., 6., 6.])   # IndexedSlices


def test_string_ops_keep_the_rows():
    words = tf.ragged.constant([['So', 'long'], ['thanks', 'for', 'all', 'the', 'fish']])
    assert tf.strings.substr(words, 0, 2).to_list() == [[b'So', b'lo'], [b'th', b'fo', b'al', b'th', b'fi']]
    assert tf.strings.length(words).to_list() == [[2, 4], [6, 3, 3, 3, 4]]
    assert tf.strings.upper(words).to_list()[0] == [b'SO', b'LONG']
    queries = tf.ragged.constant([['Who', 'is', 'Dan', 'Smith'], ['Pause'], ['Will', 'it', 'rain', 'later', 'today']])
    assert tf.strings.to_hash_bucket_fast(queries, 1024).to_list() == [[633, 768, 237, 309], [28],
                                                                       [847, 998, 635, 20, 547]]
    marker = tf.fill([queries.nrows(), 1], '#')
    padded = tf.concat([marker, queries, marker], axis=1)
    bigrams = tf.strings.join([padded[:, :-1], padded[:, 1:]], separator='+')
    assert bigrams.to_list()[1] == [b'#+Pause', b'Pause+#']


def test_guide_bigram_embeddings_average():
    queries = tf.ragged.constant([['Who', 'is', 'Dan', 'Smith'], ['Pause'], ['Will', 'it', 'rain', 'later', 'today']])
    tf.random.set_seed(1)
    table = tf.Variable(tf.random.truncated_normal([1024, 4], stddev=1.0 / math.sqrt(4)))
    marker = tf.fill([queries.nrows(), 1], '#')
    padded = tf.concat([marker, queries, marker], axis=1)
    bigrams = tf.strings.join([padded[:, :-1], padded[:, 1:]], separator='+')
    buckets = tf.strings.to_hash_bucket_fast(tf.concat([queries, bigrams], axis=1), 1024)
    embeddings = tf.nn.embedding_lookup(table, buckets)
    assert embeddings.shape.as_list() == [3, None, 4]
    np.testing.assert_allclose(tf.reduce_mean(embeddings, axis=1), [
        [0.09957626, -0.05719064, 0.10946645, -0.12128903],
        [-0.21594568, -0.6548672, -0.33576027, 0.3208286],
        [0.0478338, -0.27169123, -0.04002644, -0.05153711]], rtol=1e-6)


@pytest.mark.parametrize('densify', ['ragged', 'sparse'])
def test_string_padding_is_the_empty_bytes_string(densify):
    x = tf.ragged.constant([['John'], ['a', 'big', 'dog']])
    dense = x.to_tensor(default_value='') if densify == 'ragged' else tf.sparse.to_dense(x.to_sparse(), '')
    assert dense.numpy().tolist() == [[b'John', b'', b''], [b'a', b'big', b'dog']]
    assert tf.sparse.to_dense(x.to_sparse()).numpy().tolist()[0] == [b'John', b'', b'']
